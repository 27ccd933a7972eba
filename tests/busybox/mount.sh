# mount and umount of a tmpfs on a folder: what it held is hidden until the umount.
mkdir m; echo below > m/under
mount -t tmpfs none m && echo mounted
ls m; echo above > m/new; ls m
umount m && echo unmounted
ls m; cat m/under
