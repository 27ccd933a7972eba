# tree_test: the shape of the source tree (tests/host/tree_test.py reads the
# sources, not the build). The program is a two-line wrapper that runs the
# script on this tree, so that it is run like every other host test.

HOST_TESTS	+= tree_test

$(O)/tree_test: $(SRCTREE)/tests/host/tree_test.py $(SRCTREE)/tests/host/tree.mk
	@mkdir -p $(dir $@)
	@$(if $(Q),echo "  GEN     $@")
	$(Q)printf '#!/bin/sh\nexec /usr/bin/python3 %s %s\n' $< $(SRCTREE) > $@.tmp
	$(Q)chmod +x $@.tmp
	$(Q)mv $@.tmp $@
RUNTIME_DEPS_tree_test := FORCE
