# The file tree: folders, files, copies, moves, links, removal, modes.
mkdir -p a/b/c; echo one > a/one; printf 'two\n2\n' > a/b/two
cp a/one a/b/c/copy; cat a/b/c/copy
mv a/one a/uno; ls a; mv a/b/two a/b/c/; ls a/b/c
ln -s uno a/link; readlink a/link; cat a/link
ls -1 a
find . | sort
chmod 600 a/uno; stat -c '%a %F %n' a/uno a/b a/link
chmod 755 a/uno; ls -l a/uno | cut -c1-10
rm a/link; rm -r a/b; ls a
rmdir a 2>&1; rm a/uno; rmdir a && echo removed
[ -e a ] || echo gone
: > empty; wc -c empty; echo x >> empty; echo y >> empty; cat empty
touch new; [ -f new ] && wc -c new
TZ=UTC0 touch -d '2001-02-03 04:05:06' new; stat -c '%Y %y' new
echo shared > one; ln one two; stat -c '%h %s' one two; echo more >> two; cat one; rm one; cat two
