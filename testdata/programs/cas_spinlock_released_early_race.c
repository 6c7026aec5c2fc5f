// cas_spinlock_safe.c, but the lock is released before the increment.
// expect svcomp: counter=race
// expect circ: counter=race
#include <pthread.h>

int lock;
int counter;

void *worker(void *arg) {
  while (!__sync_bool_compare_and_swap(&lock, 0, 1)) {
  }
  __sync_lock_release(&lock);
  counter = counter + 1;
  return 0;
}

int main(void) {
  pthread_t t;
  while (1)
    pthread_create(&t, 0, worker, 0);
  return 0;
}
