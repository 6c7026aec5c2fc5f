// Writers that do not want to wait: pthread_rwlock_trywrlock, and x is
// written only when it returned 0. Readers use a timed read lock and read
// only when they got it.
// expect svcomp: x=safe
// expect circ: x=safe
#include <pthread.h>
#include <time.h>

int x;
pthread_rwlock_t rw;
struct timespec deadline;

void *writer(void *arg) {
  if (pthread_rwlock_trywrlock(&rw) == 0) {
    x = x + 1;
    pthread_rwlock_unlock(&rw);
  }
  return 0;
}

void *reader(void *arg) {
  if (pthread_rwlock_timedrdlock(&rw, &deadline) == 0) {
    int v = x;
    pthread_rwlock_unlock(&rw);
  }
  return 0;
}

int main(void) {
  pthread_t w1, w2, r;
  pthread_rwlock_init(&rw, 0);
  pthread_create(&w1, 0, writer, 0);
  pthread_create(&w2, 0, writer, 0);
  pthread_create(&r, 0, reader, 0);
  return 0;
}
