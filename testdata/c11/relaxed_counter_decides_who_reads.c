// The last of two workers to bump a relaxed counter reads both results:
// the counter's relaxed read-modify-write orders nothing, so the first
// worker's write of its slot races with the last worker's read under
// happens-before (in every interleaving the write comes first).
#include <pthread.h>
#include <stdatomic.h>

int slot[2];
atomic_int done;

void *worker(void *arg) {
  long i = (long)arg;
  slot[i] = 1;
  if (atomic_fetch_add_explicit(&done, 1, memory_order_relaxed) == 1) {
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
