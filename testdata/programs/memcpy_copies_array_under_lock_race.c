// A worker publishes a pair under the lock; main copies it with memcpy
// without the lock.
// expect svcomp: cur[0]=race cur[1]=race
// expect circ: cur[0]=race cur[1]=race
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
  memcpy(snap, cur, sizeof(cur));
  return snap[0];
}
