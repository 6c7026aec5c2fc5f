// struct_lock_counter_by_pointer_safe.c where main reads the counter
// through its own pointer without the lock while workers may run.
// expect svcomp: c.n=race
// expect circ: c.n=race
#include <pthread.h>

struct counter { pthread_mutex_t lock; int n; };
struct counter c = { PTHREAD_MUTEX_INITIALIZER, 0 };

void *worker(void *arg) {
  struct counter *p = arg;
  pthread_mutex_lock(&p->lock);
  p->n++;
  pthread_mutex_unlock(&p->lock);
  return 0;
}

int main() {
  pthread_t t;
  struct counter *q = &c;
  while (__VERIFIER_nondet_int())
    pthread_create(&t, 0, worker, q);
  return q->n;
}
