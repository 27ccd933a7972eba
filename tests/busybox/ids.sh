# Who and what: ids (no user database here: numbers), umask, the system's name.
id -u; id -g; id -G
umask; umask 027; umask; : > masked; stat -c '%a' masked
uname -s
