# initramfs_test and initramfs_corrupt_test: the newc unpacker
# (kernel/fs/initramfs.c) on archives that Debian's cpio makes from a small
# tree (newc, newc with checksums, and the old odc format it must refuse),
# and on broken archives the tests make by hand. The tree has directories, files of awkward sizes, a hard link and
# symbolic links; manifest.txt lists it (type, mode, path, link target) for
# the test to compare the unpacked entries with.

HOST_TESTS	+= initramfs_test initramfs_corrupt_test

INITRAMFS_O	:= $(O)/initramfs
INITRAMFS_DATA	:= $(INITRAMFS_O)/data

$(INITRAMFS_DATA)/newc.cpio: $(SRCTREE)/tests/host/initramfs.mk
	@$(if $(Q),echo "  CPIO    $@")
	$(Q)rm -rf $(INITRAMFS_DATA) && mkdir -p $(INITRAMFS_DATA)/tree/dir/sub/deeper
	$(Q)cd $(INITRAMFS_DATA)/tree && \
		printf 'hello, world\n' > dir/hello && \
		: > dir/empty && printf 12345 > dir/odd && \
		seq 1 2000 > dir/big && \
		printf '#!/bin/sh\n' > init && chmod 0750 init && chmod 0700 dir/sub && \
		ln dir/hello dir/hard && ln -s dir/hello link && ln -s /dir/sub/deeper abs && \
		find . -mindepth 1 -printf '%y %m %P %l\n' | LC_ALL=C sort > ../manifest.txt && \
		find . | LC_ALL=C sort | cpio -o -H crc --quiet > ../crc.cpio && \
		find . | LC_ALL=C sort | cpio -o -H odc --quiet > ../odc.cpio && \
		find . | LC_ALL=C sort | cpio -o -H newc --quiet > ../newc.cpio

$(INITRAMFS_O)/unpack.o: $(SRCTREE)/kernel/fs/initramfs.c
	@mkdir -p $(dir $@)
	@$(if $(Q),echo "  HOSTCC  $<")
	$(Q)$(HOSTCC) $(HOST_CFLAGS) $(KLIB_CFLAGS) -MMD -MP -c $< -o $@

$(O)/initramfs_test $(O)/initramfs_corrupt_test: $(O)/%: $(SRCTREE)/tests/host/%.c \
		$(INITRAMFS_O)/unpack.o $(LIBK) $(INITRAMFS_DATA)/newc.cpio
	@$(if $(Q),echo "  HOSTLD  $@")
	$(Q)$(HOSTCC) $(HOST_CFLAGS) -DINITRAMFS_DATA='"$(INITRAMFS_DATA)"' -MMD -MP -MF $@.d -MT $@ \
		$< $(INITRAMFS_O)/unpack.o $(LIBK) $(HOST_LDFLAGS) -o $@

-include $(INITRAMFS_O)/unpack.d $(O)/initramfs_test.d $(O)/initramfs_corrupt_test.d
