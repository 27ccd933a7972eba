# checksections_test: the section-mismatch checker (scripts/checksections.c)
# on small objects, for both kernel architectures.
#
# Each tests/host/checksections/<case>.c is compiled as kernel code is (gcc
# for x86_64 with -mcmodel=kernel, $(CROSS_COMPILE_arm)gcc for ARMv7 in ARM mode;
# -g, as debug information refers to everything), together with common.c,
# and the two are combined with "ld -r" into $(O)/checksections/<arch>/<case>.o,
# the way link-kernel.sh makes kernel.o. The test program runs the tool,
# built here with the sanitizers, on each object.

HOST_TESTS	+= checksections_test

CHECKSECTIONS_O		:= $(O)/checksections
CHECKSECTIONS_SRC	:= $(SRCTREE)/tests/host/checksections
CHECKSECTIONS_CASES	:= clean init_to_text_ok initcall_ok mismatch_call mismatch_data \
			   mismatch_anchor mismatch_table
CHECKSECTIONS_CFLAGS	:= -std=gnu11 -O2 -g -Wall -Wextra -Werror -ffreestanding \
			   -fno-stack-protector -I$(SRCTREE)/include
CHECKSECTIONS_HEADERS	:= $(SRCTREE)/include/kernel/init.h \
			   $(SRCTREE)/include/kernel/compiler.h \
			   $(SRCTREE)/tests/host/checksections.mk

CHECKSECTIONS_CC_x86_64	?= $(CROSS_COMPILE_x86_64)gcc
CHECKSECTIONS_LD_x86_64	?= $(CROSS_COMPILE_x86_64)ld
CHECKSECTIONS_FLAGS_x86_64 := -m64 -mcmodel=kernel -fno-pic -mno-red-zone
CHECKSECTIONS_CC_arm	?= $(CROSS_COMPILE_arm)gcc
CHECKSECTIONS_LD_arm	?= $(CROSS_COMPILE_arm)ld
CHECKSECTIONS_FLAGS_arm	:= -march=armv7-a -marm
# Without section anchors each reference names its own object, so a wrong
# addend shows (mismatch_anchor.c covers the anchors).
CHECKSECTIONS_FLAGS_arm_mismatch_data := -fno-section-anchors

$(CHECKSECTIONS_O)/checksections: $(SRCTREE)/scripts/checksections.c $(SRCTREE)/scripts/elffile.c \
				   $(SRCTREE)/scripts/elffile.h
	@mkdir -p $(dir $@)
	@$(if $(Q),echo "  HOSTCC  $@")
	$(Q)$(HOSTCC) $(HOST_CFLAGS) $(filter %.c,$^) $(HOST_LDFLAGS) -o $@

# checksections_objects ARCH: the rule for $(CHECKSECTIONS_O)/ARCH/<case>.o.
define checksections_objects
CHECKSECTIONS_OBJS += $(patsubst %,$(CHECKSECTIONS_O)/$(1)/%.o,$(CHECKSECTIONS_CASES))

$(patsubst %,$(CHECKSECTIONS_O)/$(1)/%.o,$(CHECKSECTIONS_CASES)): $(CHECKSECTIONS_O)/$(1)/%.o: \
		$(CHECKSECTIONS_SRC)/%.c $(CHECKSECTIONS_SRC)/common.c $(CHECKSECTIONS_HEADERS)
	@mkdir -p $$(dir $$@)
	@$$(if $$(Q),echo "  CC+LD   $$@")
	$$(Q)$$(CHECKSECTIONS_CC_$(1)) $$(CHECKSECTIONS_CFLAGS) $$(CHECKSECTIONS_FLAGS_$(1)) \
		-c $(CHECKSECTIONS_SRC)/common.c -o $$@.common
	$$(Q)$$(CHECKSECTIONS_CC_$(1)) $$(CHECKSECTIONS_CFLAGS) $$(CHECKSECTIONS_FLAGS_$(1)) \
		$$(CHECKSECTIONS_FLAGS_$(1)_$$*) -c $$< -o $$@.case
	$$(Q)$$(CHECKSECTIONS_LD_$(1)) -r -o $$@ $$@.common $$@.case
endef

$(eval $(call checksections_objects,x86_64))
$(eval $(call checksections_objects,arm))

$(O)/checksections_test: $(SRCTREE)/tests/host/checksections_test.c \
		$(CHECKSECTIONS_O)/checksections $(CHECKSECTIONS_OBJS)
	@$(if $(Q),echo "  HOSTLD  $@")
	$(Q)$(HOSTCC) $(HOST_CFLAGS) -DCHECKSECTIONS_DIR='"$(CHECKSECTIONS_O)"' \
		-MMD -MP -MF $@.d -MT $@ $< $(HOST_LDFLAGS) -o $@
