/*
 * printk() and its log levels, as in Linux: a message may start with
 * KERN_SOH and a level digit; messages above console_loglevel are not
 * shown (loglevel=N and quiet change it).
 */
#ifndef _KERNEL_PRINTK_H
#define _KERNEL_PRINTK_H

#include <kernel/compiler.h>
#include <kernel/types.h>
#include <stdarg.h>

#define KERN_SOH	"\001"
#define KERN_EMERG	KERN_SOH "0"
#define KERN_ALERT	KERN_SOH "1"
#define KERN_CRIT	KERN_SOH "2"
#define KERN_ERR	KERN_SOH "3"
#define KERN_WARNING	KERN_SOH "4"
#define KERN_NOTICE	KERN_SOH "5"
#define KERN_INFO	KERN_SOH "6"
#define KERN_DEBUG	KERN_SOH "7"

#define LOGLEVEL_DEFAULT	4	/* a message without a level */
#define CONSOLE_LOGLEVEL_DEFAULT 7	/* show everything but KERN_DEBUG */
#define CONSOLE_LOGLEVEL_QUIET	4

extern int console_loglevel;

__printf(1, 2) int printk(const char *fmt, ...);
int vprintk(const char *fmt, va_list ap);
/* Keep a message in the kernel log, at its level: empty in the core (kernel/syslog.c). */
void log_store(int level, const char *text, size_t len);

#define pr_emerg(...)	printk(KERN_EMERG __VA_ARGS__)
#define pr_crit(...)	printk(KERN_CRIT __VA_ARGS__)
#define pr_err(...)	printk(KERN_ERR __VA_ARGS__)
#define pr_warn(...)	printk(KERN_WARNING __VA_ARGS__)
#define pr_notice(...)	printk(KERN_NOTICE __VA_ARGS__)
#define pr_info(...)	printk(KERN_INFO __VA_ARGS__)
#define pr_debug(...)	printk(KERN_DEBUG __VA_ARGS__)

#endif
