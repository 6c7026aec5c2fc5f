// main writes PTHREAD_MUTEX_INITIALIZER over the mutex field by field,
// as CIL lowers it, while the worker may hold it: the writes do not ask
// the lock, the mutex is unlocked again, and main's locked write races
// with the worker's.
// expect svcomp: s.n=race
// expect circ: s.n=race
#include <pthread.h>

struct shared { pthread_mutex_t m; int n; };
struct shared s = { PTHREAD_MUTEX_INITIALIZER, 0 };

void *worker(void *arg) {
  pthread_mutex_lock(&s.m);
  s.n = 1;
  pthread_mutex_unlock(&s.m);
  return 0;
}

int main(void) {
  pthread_t t;
  pthread_create(&t, 0, worker, 0);
  s.m.__data.__lock = 0;
  s.m.__data.__count = 0U;
  s.m.__data.__owner = 0;
  s.m.__data.__nusers = 0U;
  s.m.__data.__kind = 0;
  s.m.__data.__spins = (short)0;
  s.m.__data.__elision = (short)0;
  s.m.__data.__list.__prev = (struct __pthread_internal_list *)0;
  s.m.__data.__list.__next = (struct __pthread_internal_list *)0;
  pthread_mutex_lock(&s.m);
  s.n = 2;
  pthread_mutex_unlock(&s.m);
  pthread_join(t, 0);
  return 0;
}
