// A lock from C11 atomic_compare_exchange_weak (which may fail
// spuriously, so it is retried) and atomic_flag for a second lock.
// expect svcomp: a=safe b=safe
// expect circ: a=safe b=safe
#include <pthread.h>
#include <stdatomic.h>

atomic_int owner;
atomic_flag busy = ATOMIC_FLAG_INIT;
int a, b;

void *worker(void *arg) {
  int expected = 0;
  while (!atomic_compare_exchange_weak(&owner, &expected, 1))
    expected = 0;
  a = a + 1;
  atomic_store(&owner, 0);
  while (atomic_flag_test_and_set(&busy)) {
  }
  b = b + 1;
  atomic_flag_clear(&busy);
  return 0;
}

int main(void) {
  pthread_t t1, t2;
  pthread_create(&t1, 0, worker, 0);
  pthread_create(&t2, 0, worker, 0);
  return 0;
}
