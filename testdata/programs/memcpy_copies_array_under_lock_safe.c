// A worker publishes a pair under the lock; main copies it with memcpy
// under the same lock.
// expect svcomp: cur[0]=safe cur[1]=safe
// expect circ: cur[0]=safe cur[1]=safe
// expect-explicit svcomp: cur[0]=unknown cur[1]=unknown
// expect-explicit circ: cur[0]=unknown cur[1]=unknown
#include <pthread.h>
#include <string.h>

int cur[2];
pthread_mutex_t m = PTHREAD_MUTEX_INITIALIZER;

void *writer(void *arg) {
  pthread_mutex_lock(&m);
  cur[0] = 1;
  cur[1] = 2;
  pthread_mutex_unlock(&m);
  return 0;
}

int main() {
  pthread_t t;
  int snap[2];
  pthread_create(&t, 0, writer, 0);
  pthread_mutex_lock(&m);
  memcpy(snap, cur, sizeof(cur));
  pthread_mutex_unlock(&m);
  return snap[0];
}
