// relaxed_counter_decides_who_reads.c with an acq_rel counter: the
// first worker releases its write into the counter, and the last one
// acquires it with its own increment.
#include <pthread.h>
#include <stdatomic.h>

int slot[2];
atomic_int done;

void *worker(void *arg) {
  long i = (long)arg;
  slot[i] = 1;
  if (atomic_fetch_add_explicit(&done, 1, memory_order_acq_rel) == 1) {
    int s = slot[0] + slot[1];
    (void)s;
  }
  return 0;
}

int main(void) {
  pthread_t a, b;
  pthread_create(&a, 0, worker, (void *)0);
  pthread_create(&b, 0, worker, (void *)1);
  return 0;
}
