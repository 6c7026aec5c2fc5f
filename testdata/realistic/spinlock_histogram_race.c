// The race variant of spinlock_histogram_safe.c: the reporter returns
// early when nothing was counted yet, and reads the total for that
// before it takes the spin lock, while a worker may be adding to it.
// expect svcomp: bins[0]=safe bins[3]=safe total=race lock_word=safe
// expect circ: bins[0]=safe bins[3]=safe total=race lock_word=safe
#include <pthread.h>
#include <stdatomic.h>

extern int __VERIFIER_nondet_int(void);

#define NBINS 4

atomic_int lock_word;
int bins[NBINS];
int total;
int snapshot[NBINS];
int snapshot_total;

static void spin_lock(void) {
  int expected = 0;
  while (!atomic_compare_exchange_weak(&lock_word, &expected, 1))
    expected = 0; // the failed exchange stored the value it saw
}

static void spin_unlock(void) {
  atomic_store(&lock_word, 0);
}

static int bin_of(int sample) {
  if (sample < 0)
    return 0;
  if (sample >= NBINS)
    return NBINS - 1;
  return sample;
}

void *worker(void *arg) {
  int n = __VERIFIER_nondet_int();
  for (int i = 0; i < n; i++) {
    int b = bin_of(__VERIFIER_nondet_int());
    spin_lock();
    bins[b]++;
    total++;
    spin_unlock();
  }
  return 0;
}

void *reporter(void *arg) {
  if (total == 0)
    return 0; // nothing to report yet
  spin_lock();
  for (int b = 0; b < NBINS; b++)
    snapshot[b] = bins[b];
  snapshot_total = total;
  spin_unlock();
  return 0;
}

int main(void) {
  pthread_t t;
  while (__VERIFIER_nondet_int())
    pthread_create(&t, 0, worker, 0);
  pthread_create(&t, 0, reporter, 0);
  return 0;
}
