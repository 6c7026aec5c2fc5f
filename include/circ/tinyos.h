/*
 * circ/tinyos.h: the interrupt/task harness for TinyOS (nesC) models.
 *
 * circ finds this header without flags: `#include "circ/tinyos.h"` (or
 * <circ/tinyos.h>) resolves to the copy embedded in the circ binary
 * (package circ/include). It is plain C of the subset circ reads: integer
 * globals, __VERIFIER_* built-ins and pthread_create in a loop.
 *
 * It builds the concurrency of TinyOS as the CIRC paper models it
 * (Henzinger, Jhala, Majumdar, PLDI 2004, section 6): unboundedly many
 * "CPU" threads, each looping forever and, at every turn, nondeterministically
 *   - firing an interrupt handler whose enable flag is set (the firing tests
 *     the flag and, where the hardware does so, clears it, in one atomic
 *     step), or
 *   - running one posted task to completion, provided no task is running
 *     and no handler is in progress (the TinyOS scheduler starts a task only
 *     from its idle loop).
 * Tasks never preempt each other; handlers preempt tasks and each other:
 * they are interleaved with them by the other CPU threads. An atomic
 * section disables interrupts: nothing else runs while one is executed.
 * Unboundedly many CPU threads over-approximate any nesting depth of
 * handlers on the one real CPU.
 *
 * A model is written like this (see README.md, "Interrupt-driven code"):
 *
 *   #include "circ/tinyos.h"
 *
 *   int adc_int_enabled;                 // interrupt enable flag (hardware)
 *   int busy, sample;                    // the component's state
 *
 *   CIRC_TASK(report) { ... }            // a task: void report(void)
 *   void ADC_dataReady(void) {           // an interrupt handler
 *     sample = __VERIFIER_nondet_int();
 *     CIRC_POST(report);
 *   }
 *   CIRC_ENV_TASK(app) {                 // what the application does in
 *     CIRC_TASK_ATOMIC(...);             // task context, at any time
 *     ...
 *   }
 *   void boot(void) { busy = 0; }        // StdControl.init/start
 *
 *   CIRC_CPU_LOOP(
 *     CIRC_INTERRUPT(adc_int_enabled, 1, ADC_dataReady)
 *     CIRC_RUN_TASK(report)
 *     CIRC_RUN_ENV_TASK(app)
 *   )
 *   CIRC_MAIN(boot)
 *
 * The API:
 *
 *   CIRC_TASK(t) { body }      defines task t (a function void t(void)) and
 *                              its pending count circ_pending_t.
 *   CIRC_TASK_DECLARE(t);      declares task t before use (for CIRC_POST
 *                              ahead of the definition).
 *   CIRC_POST(t);              posts t: one more pending run (TinyOS 1.x
 *                              queues duplicate posts; the count is
 *                              unbounded, an over-approximation of the
 *                              bounded queue that can only add runs).
 *   CIRC_ENV_TASK(f) { body }  an application task that is always runnable
 *                              (the environment calling the component's
 *                              commands from task context at any time).
 *   CIRC_ATOMIC(stmts);        an atomic section (nesC `atomic`: interrupts
 *                              disabled). No return, break, continue or goto
 *                              out of it.
 *   CIRC_TASK_ATOMIC(stmts);   an atomic section executed by task code. A
 *                              task makes progress only while no handler is
 *                              in progress (handlers run to completion on
 *                              top of the task they preempt), so the section
 *                              also waits until no handler is in progress
 *                              (__CIRC_await_no_handler). Use it only in
 *                              code that runs in task context. A function
 *                              called from both contexts can be defined
 *                              once per context with a macro taking the
 *                              section's macro (see nesc-models/
 *                              securetosbase_framer_tx.c, uart_txByte), or
 *                              use CIRC_ATOMIC (weaker, still sound).
 *   CIRC_ENABLE(e); CIRC_DISABLE(e);
 *                              set / clear an interrupt enable flag (an
 *                              integer global, declared by the model) in an
 *                              atomic step.
 *
 *   CIRC_CPU_LOOP(items)       defines the CPU thread circ_cpu: a forever
 *                              loop over the items, each taken or skipped
 *                              nondeterministically. The items:
 *     CIRC_INTERRUPT(e, clears, h)
 *                              fire handler h (void h(void)) if flag e is
 *                              nonzero; when clears is nonzero the firing
 *                              also sets e to 0 in the same atomic step (the
 *                              hardware consumes the request: a one-shot
 *                              completion interrupt, or a handler that
 *                              cannot nest with itself). The handler counts
 *                              as in progress until it returns.
 *     CIRC_ENV_INTERRUPT(h)    fire h at any time (an interrupt whose enable
 *                              state is not modelled, or an environment
 *                              event such as a byte arriving).
 *     CIRC_RUN_TASK(t)         run one pending instance of task t.
 *     CIRC_RUN_ENV_TASK(f)     run the application task f.
 *   CIRC_MAIN(boot)            defines main: run boot() (TinyOS runs
 *                              StdControl.init/start with interrupts off,
 *                              before the scheduler loop), then create CPU
 *                              threads forever.
 *
 * Harness state (globals, all accessed only in atomic steps, so never
 * reported under --race-def circ): circ_task_running (1 while a task runs),
 * circ_pending_<t> (posted runs of t).
 *
 * Handlers in progress are not counted in a global: the firing enters a
 * handler region (__CIRC_handler_enter) and the return leaves it
 * (__CIRC_handler_exit), and tasks wait with __CIRC_await_no_handler until
 * no other thread is in one. circ knows where every thread is, for any
 * number of threads (the counters of the context are exact about which
 * locations are occupied), while a counter in a global would need one
 * predicate per nesting depth.
 */
#ifndef CIRC_TINYOS_H
#define CIRC_TINYOS_H

#include <pthread.h>

extern void __VERIFIER_atomic_begin(void);
extern void __VERIFIER_atomic_end(void);
extern int __VERIFIER_nondet_int(void);
extern void __VERIFIER_assume(int cond);
/* circ built-ins: a handler region (a handler in progress), and a step
 * that waits until no other thread is in one. */
extern void __CIRC_handler_enter(void);
extern void __CIRC_handler_exit(void);
extern void __CIRC_await_no_handler(void);

int circ_task_running;

#define CIRC_ATOMIC(...)                                                       \
  do {                                                                         \
    __VERIFIER_atomic_begin();                                                 \
    __VA_ARGS__;                                                               \
    __VERIFIER_atomic_end();                                                   \
  } while (0)

#define CIRC_TASK_ATOMIC(...)                                                  \
  do {                                                                         \
    __VERIFIER_atomic_begin();                                                 \
    __CIRC_await_no_handler();                                                 \
    __VA_ARGS__;                                                               \
    __VERIFIER_atomic_end();                                                   \
  } while (0)

#define CIRC_ENABLE(e) CIRC_ATOMIC(e = 1)
#define CIRC_DISABLE(e) CIRC_ATOMIC(e = 0)

#define CIRC_TASK_DECLARE(t)                                                   \
  int circ_pending_##t;                                                        \
  void t(void)

#define CIRC_TASK(t)                                                           \
  int circ_pending_##t;                                                        \
  void t(void)

#define CIRC_ENV_TASK(f) void f(void)

#define CIRC_POST(t) CIRC_ATOMIC(circ_pending_##t = circ_pending_##t + 1)

/*
 * The CPU loop runs inside an atomic section except while it executes a
 * handler or a task body: choosing what to do next, firing and the
 * bookkeeping around a run are atomic steps of the harness, so that they
 * add no interleaving points (and no states) of their own.
 */
#define CIRC_INTERRUPT(e, clears, h)                                           \
  if (__VERIFIER_nondet_int() && (e)) {                                        \
    if (clears)                                                                \
      e = 0;                                                                   \
    __CIRC_handler_enter();                                                    \
    __VERIFIER_atomic_end();                                                   \
    h();                                                                       \
    __VERIFIER_atomic_begin();                                                 \
    __CIRC_handler_exit();                                                     \
  }

#define CIRC_ENV_INTERRUPT(h)                                                  \
  if (__VERIFIER_nondet_int()) {                                               \
    __CIRC_handler_enter();                                                    \
    __VERIFIER_atomic_end();                                                   \
    h();                                                                       \
    __VERIFIER_atomic_begin();                                                 \
    __CIRC_handler_exit();                                                     \
  }

#define CIRC_RUN_TASK(t)                                                       \
  if (__VERIFIER_nondet_int() && circ_task_running == 0 &&                     \
      circ_pending_##t > 0) {                                                  \
    __CIRC_await_no_handler();                                                 \
    circ_pending_##t = circ_pending_##t - 1;                                   \
    circ_task_running = 1;                                                     \
    __VERIFIER_atomic_end();                                                   \
    t();                                                                       \
    __VERIFIER_atomic_begin();                                                 \
    circ_task_running = 0;                                                     \
  }

#define CIRC_RUN_ENV_TASK(f)                                                   \
  if (__VERIFIER_nondet_int() && circ_task_running == 0) {                     \
    __CIRC_await_no_handler();                                                 \
    circ_task_running = 1;                                                     \
    __VERIFIER_atomic_end();                                                   \
    f();                                                                       \
    __VERIFIER_atomic_begin();                                                 \
    circ_task_running = 0;                                                     \
  }

#define CIRC_CPU_LOOP(...)                                                     \
  void *circ_cpu(void *circ_arg) {                                             \
    while (1) {                                                                \
      __VERIFIER_atomic_begin();                                               \
      __VA_ARGS__                                                              \
      __VERIFIER_atomic_end();                                                 \
    }                                                                          \
    return 0;                                                                  \
  }

#define CIRC_MAIN(boot)                                                        \
  int main(void) {                                                             \
    pthread_t circ_thread;                                                     \
    boot();                                                                    \
    while (1) {                                                                \
      pthread_create(&circ_thread, 0, circ_cpu, 0);                            \
    }                                                                          \
    return 0;                                                                  \
  }

#endif
