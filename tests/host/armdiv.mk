# armdiv_test: the portable 32-bit division that 32-bit ARM falls back to
# when its CPU has no udiv/sdiv (arch/arm/lib/div.c, pure C), built for
# the host and compared with the host's own division.

HOST_TESTS	+= armdiv_test

$(O)/armdiv/div.o: $(SRCTREE)/arch/arm/lib/div.c
	@mkdir -p $(dir $@)
	@$(if $(Q),echo "  HOSTCC  $<")
	$(Q)$(HOSTCC) $(HOST_CFLAGS) $(KLIB_CFLAGS) -I$(SRCTREE)/arch/arm/include -MMD -MP \
		-c $< -o $@

# $(filter-out %.h, ...): once armdiv_test.d is read, the headers it lists
# are prerequisites too, and gcc must not be handed them as inputs.
$(O)/armdiv_test: $(SRCTREE)/tests/host/armdiv_test.c $(O)/armdiv/div.o
	@$(if $(Q),echo "  HOSTLD  $@")
	$(Q)$(HOSTCC) $(HOST_CFLAGS) -I$(SRCTREE)/arch/arm/include -MMD -MP -MF $@.d -MT $@ \
		$(filter-out %.h,$^) $(HOST_LDFLAGS) -o $@

-include $(O)/armdiv/div.d $(O)/armdiv_test.d
