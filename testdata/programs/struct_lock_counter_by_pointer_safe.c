// A struct holding a mutex and a counter is passed by pointer to any
// number of workers, which increment the counter under the struct's own
// mutex.
// expect svcomp: c.n=safe
// expect circ: c.n=safe
// expect-explicit svcomp: c.n=unknown
// expect-explicit circ: c.n=unknown
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
  while (__VERIFIER_nondet_int())
    pthread_create(&t, 0, worker, &c);
  return 0;
}
