// An allocator's wrapper as CIL writes it: malloc's result goes through
// two void * temporaries before it is returned, and the caller stores
// the result in a void * temporary it then casts. The block is typed
// by that cast, and checked like one from malloc: main writes the
// account without the mutex after starting the worker.
// expect svcomp: malloc@malloc_wrapper_through_cil_temporaries_race.c:19.balance=race
// expect circ: malloc@malloc_wrapper_through_cil_temporaries_race.c:19.balance=race
#include <pthread.h>
#include <stdlib.h>

struct account { int balance; int owner; };

pthread_mutex_t m = PTHREAD_MUTEX_INITIALIZER;
struct account *acct;

void *xmalloc(size_t size) {
  void *ptr;
  void *tmp;
  tmp = malloc(size);
  ptr = tmp;
  if (!ptr)
    abort();
  return ptr;
}

void *worker(void *arg) {
  pthread_mutex_lock(&m);
  acct->balance = acct->balance + 1;
  pthread_mutex_unlock(&m);
  return 0;
}

int main(void) {
  void *tmp;
  pthread_t t;
  tmp = xmalloc(sizeof(struct account));
  acct = (struct account *)tmp;
  acct->balance = 10;
  pthread_create(&t, 0, worker, 0);
  acct->balance = 0;
  return 0;
}
