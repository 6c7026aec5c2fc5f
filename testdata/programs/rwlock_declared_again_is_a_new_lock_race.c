// A rwlock declared with an initializer in a loop is a new lock each
// time round: the read lock main took of the first one, whose lifetime
// ended, does not hold the second back. So the worker's write under the
// second one's write lock races with main's write.
// expect svcomp: x=race
// expect circ: x=race
#include <pthread.h>

int x;

void *writer(void *arg) {
  pthread_rwlock_t *rw = arg;
  pthread_rwlock_wrlock(rw);
  x = 1;
  pthread_rwlock_unlock(rw);
  return 0;
}

int main(void) {
  pthread_t t;
  for (int i = 0; i < 2; i++) {
    pthread_rwlock_t rw = PTHREAD_RWLOCK_INITIALIZER;
    if (i == 0) {
      pthread_rwlock_rdlock(&rw);
      continue;
    }
    pthread_create(&t, 0, writer, &rw);
    x = 2;
    pthread_join(t, 0);
  }
  return 0;
}
