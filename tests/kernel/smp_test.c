/*
 * The "cpus" suite (SMP): every online CPU at work at once, through on_each_cpu().
 *
 * - As many CPUs came online as the machine has, or maxcpus= allows.
 * - Each CPU sees its own smp_processor_id() and firmware id, and writes
 *   its own copy of a per-CPU variable; CPU 0 reads every copy back with
 *   per_cpu().
 * - All CPUs this_cpu_inc() their own copy of a counter, many times, at
 *   the same time: each copy holds exactly its CPU's count.
 * - All CPUs increment one shared counter for the same stretch of time,
 *   each also counting its own increments: first without a lock (a
 *   read-modify-write of plain loads and stores: updates are lost when two
 *   CPUs interleave), then under a spinlock, where the shared counter must
 *   equal the sum of the CPUs' own counts. The unlocked loss is reported,
 *   not checked: under QEMU's TCG it depends on how the host schedules the
 *   virtual CPUs. (Time, not only a number of rounds, bounds each run: a
 *   ticket lock hands over in strict order, and with more virtual CPUs than
 *   host cores the next in line is often not running, which can make each
 *   hand-over cost a host time slice. Linux, for the same reason, falls back
 *   to an unfair lock inside a virtual machine without paravirt support.)
 * - on_each_cpu() calls the function once on each CPU, with interrupts off
 *   on each (the caller's own CPU too, though the caller runs with them
 *   on), and spin_trylock() says no to a taken lock.
 * - The ticket lock still works once its 16-bit counters have wrapped, and
 *   atomic_t keeps its sign through the arch's unsigned primitives.
 * Each function run on many CPUs first waits for all of them at a start
 * line, so that they really do overlap.
 */
#include <asm/irqflags.h>
#include <asm/processor.h>
#include <kernel/atomic.h>
#include <kernel/ktest.h>
#include <kernel/percpu.h>
#include <kernel/smp.h>
#include <kernel/spinlock.h>
#include <kernel/time.h>

#define INC_LOOPS	20000
#define RACE_US		5000	/* how long each CPU increments the shared counter, at most */
#define RACE_ROUNDS	2000	/* and how many times: enough to interleave, quick on one CPU */

static DEFINE_PER_CPU(int, seen_id) = -1;
static DEFINE_PER_CPU(unsigned long, seen_hwid);
static DEFINE_PER_CPU(void *, seen_self);
static DEFINE_PER_CPU(unsigned long, inc_count);
static DEFINE_PER_CPU(unsigned int, calls);
static DEFINE_PER_CPU(unsigned long, own_incs);
static DEFINE_PER_CPU(int, irqs_were_off);

static atomic_t start_line;
static unsigned long shared_count;
static DEFINE_SPINLOCK(shared_lock);

/* Wait until every online CPU has reached this point. */
static void wait_at_start_line(void)
{
	atomic_inc_return(&start_line);
	while (atomic_read(&start_line) < (int)num_online_cpus())
		cpu_relax();
}

static void run_everywhere(void (*fn)(void *), void *info)
{
	atomic_set(&start_line, 0);
	on_each_cpu(fn, info, true);
}

static void online_as_many_as_allowed(struct ktest *t)
{
	unsigned int cpu;

	KTEST_EXPECT_EQ(t, num_online_cpus(), smp_max_cpus());
	for (cpu = 0; cpu < NR_CPUS; cpu++)
		KTEST_EXPECT_EQ(t, cpu_online(cpu), cpu < num_online_cpus());
	ktest_diag("smp: %u of %u possible CPU%s online", num_online_cpus(), nr_cpu_ids,
		   nr_cpu_ids == 1 ? "" : "s");
}

static void record_id(void *info)
{
	(void)info;
	this_cpu_write(seen_id, smp_processor_id());
	this_cpu_write(seen_hwid, arch_boot_cpu_hwid());
	this_cpu_write(seen_self, this_cpu_ptr(&seen_id));
}

static void each_cpu_sees_its_own_copy(struct ktest *t)
{
	unsigned int cpu;

	run_everywhere(record_id, NULL);
	for_each_online_cpu(cpu) {
		KTEST_EXPECT_EQ(t, per_cpu(seen_id, cpu), cpu);
		KTEST_EXPECT_EQ(t, per_cpu(seen_hwid, cpu), cpu_logical_map(cpu));
		KTEST_EXPECT_TRUE(t, per_cpu(seen_self, cpu) == per_cpu_ptr(&seen_id, cpu));
	}
}

static void count_own(void *info)
{
	(void)info;
	wait_at_start_line();
	for (int i = 0; i < INC_LOOPS; i++)
		this_cpu_inc(inc_count);
}

static void concurrent_this_cpu_inc(struct ktest *t)
{
	unsigned long sum = 0;
	unsigned int cpu;

	for_each_possible_cpu(cpu)
		per_cpu(inc_count, cpu) = 0;
	run_everywhere(count_own, NULL);
	for_each_online_cpu(cpu) {
		KTEST_EXPECT_EQ(t, per_cpu(inc_count, cpu), INC_LOOPS);
		sum += per_cpu(inc_count, cpu);
	}
	KTEST_EXPECT_EQ(t, sum, (unsigned long)INC_LOOPS * num_online_cpus());
}

static u64 race_cycles(void)
{
	return cycle_freq_hz * RACE_US / 1000000;
}

/* Another round? At least one, so a CPU that the host held back past the end still races. */
static bool race_goes_on(u64 end)
{
	return this_cpu_read(own_incs) < RACE_ROUNDS && get_cycles() < end;
}

static void count_shared_unlocked(void *info)
{
	u64 end;

	(void)info;
	wait_at_start_line();
	end = get_cycles() + race_cycles();
	do {
		WRITE_ONCE(shared_count, READ_ONCE(shared_count) + 1);
		this_cpu_inc(own_incs);
	} while (race_goes_on(end));
}

static void count_shared_locked(void *info)
{
	u64 end;

	(void)info;
	wait_at_start_line();
	end = get_cycles() + race_cycles();
	do {
		spin_lock(&shared_lock);
		WRITE_ONCE(shared_count, READ_ONCE(shared_count) + 1);
		spin_unlock(&shared_lock);
		this_cpu_inc(own_incs);
	} while (race_goes_on(end));
}

/* Run fn everywhere on a zeroed counter; return the sum of what the CPUs did. */
static unsigned long race(void (*fn)(void *))
{
	unsigned long sum = 0;
	unsigned int cpu;

	shared_count = 0;
	for_each_possible_cpu(cpu)
		per_cpu(own_incs, cpu) = 0;
	run_everywhere(fn, NULL);
	for_each_online_cpu(cpu)
		sum += per_cpu(own_incs, cpu);
	return sum;
}

static void shared_counter_needs_the_lock(struct ktest *t)
{
	unsigned long done, unlocked;

	done = race(count_shared_unlocked);
	unlocked = shared_count;
	KTEST_EXPECT_LE(t, unlocked, done);
	ktest_diag("smp: shared counter without the lock: %lu of %lu increments (%lu lost)",
		   unlocked, done, done - unlocked);

	done = race(count_shared_locked);
	KTEST_EXPECT_GT(t, done, 0);
	KTEST_EXPECT_EQ(t, shared_count, done);
	KTEST_EXPECT_FALSE(t, spin_is_locked(&shared_lock));
	ktest_diag("smp: shared counter with the lock: %lu of %lu increments", shared_count, done);
}

static void count_call(void *info)
{
	this_cpu_inc(calls);
	atomic_inc_return(info);
}

static void on_each_cpu_calls_each_once(struct ktest *t)
{
	atomic_t total = ATOMIC_INIT(0);
	unsigned int cpu;
	u64 start;

	for_each_possible_cpu(cpu)
		per_cpu(calls, cpu) = 0;
	start = get_cycles();
	on_each_cpu(count_call, &total, true);
	ktest_diag("smp: on_each_cpu() round trip on %u CPU%s: %llu cycles", num_online_cpus(),
		   num_online_cpus() == 1 ? "" : "s", (unsigned long long)(get_cycles() - start));
	KTEST_EXPECT_EQ(t, atomic_read(&total), num_online_cpus());
	for_each_possible_cpu(cpu)
		KTEST_EXPECT_EQ(t, per_cpu(calls, cpu), cpu_online(cpu) ? 1 : 0);
}

static void record_irqs_off(void *info)
{
	(void)info;
	this_cpu_write(irqs_were_off, arch_irqs_disabled());
}

static void on_each_cpu_runs_with_irqs_off(struct ktest *t)
{
	unsigned int cpu;

	for_each_possible_cpu(cpu)
		per_cpu(irqs_were_off, cpu) = -1;
	/* The caller (the boot thread, after boot step 12) has interrupts on. */
	KTEST_EXPECT_FALSE(t, arch_irqs_disabled());
	on_each_cpu(record_irqs_off, NULL, true);
	KTEST_EXPECT_FALSE(t, arch_irqs_disabled());
	for_each_online_cpu(cpu)
		KTEST_EXPECT_EQ(t, per_cpu(irqs_were_off, cpu), 1);
}

static void trylock_refuses_a_taken_lock(struct ktest *t)
{
	DEFINE_SPINLOCK(lock);

	KTEST_EXPECT_FALSE(t, spin_is_locked(&lock));
	KTEST_EXPECT_TRUE(t, spin_trylock(&lock));
	KTEST_EXPECT_TRUE(t, spin_is_locked(&lock));
	KTEST_EXPECT_FALSE(t, spin_trylock(&lock));
	spin_unlock(&lock);
	KTEST_EXPECT_FALSE(t, spin_is_locked(&lock));
	spin_lock(&lock);
	KTEST_EXPECT_FALSE(t, spin_trylock(&lock));
	spin_unlock(&lock);
	KTEST_EXPECT_TRUE(t, spin_trylock(&lock));
	spin_unlock(&lock);
}

/*
 * Both 16-bit halves wrap, and the lock still works. The lock starts three
 * turns short of the wrap, as if 65533 turns had gone by (each turn is the
 * same, so running them all only costs 2 M instructions).
 */
static void ticket_counters_wrap(struct ktest *t)
{
	DEFINE_SPINLOCK(lock);

	lock.raw.tickets.owner = lock.raw.tickets.next = 0xfffd;
	for (unsigned int i = 0; i < 6; i++) {
		spin_lock(&lock);
		spin_unlock(&lock);
	}
	KTEST_EXPECT_EQ(t, lock.raw.tickets.owner, 3);
	KTEST_EXPECT_EQ(t, lock.raw.tickets.next, 3);
	KTEST_EXPECT_FALSE(t, spin_is_locked(&lock));
	KTEST_EXPECT_TRUE(t, spin_trylock(&lock));
	KTEST_EXPECT_FALSE(t, spin_trylock(&lock));
	spin_unlock(&lock);
}

/* The generic atomic_t on the arch's unsigned primitive: signs and returns come out right. */
static void atomic_arithmetic(struct ktest *t)
{
	atomic_t v = ATOMIC_INIT(5);

	atomic_add(-7, &v);
	KTEST_EXPECT_EQ(t, atomic_read(&v), -2);
	KTEST_EXPECT_EQ(t, atomic_add_return(3, &v), 1);
	KTEST_EXPECT_EQ(t, atomic_inc_return(&v), 2);
	atomic_inc(&v);
	KTEST_EXPECT_EQ(t, atomic_read(&v), 3);
	atomic_set(&v, -1);
	KTEST_EXPECT_EQ(t, atomic_add_return(-1, &v), -2);
}

static const struct ktest_case smp_cases[] = {
	KTEST_CASE(online_as_many_as_allowed),
	KTEST_CASE(each_cpu_sees_its_own_copy),
	KTEST_CASE(concurrent_this_cpu_inc),
	KTEST_CASE(shared_counter_needs_the_lock),
	KTEST_CASE(on_each_cpu_calls_each_once),
	KTEST_CASE(on_each_cpu_runs_with_irqs_off),
	KTEST_CASE(trylock_refuses_a_taken_lock),
	KTEST_CASE(ticket_counters_wrap),
	KTEST_CASE(atomic_arithmetic),
	{},
};

static const struct ktest_suite smp_suite = { "cpus", smp_cases };
ktest_suite(smp_suite);
