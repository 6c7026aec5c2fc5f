// A whole struct copied through pointers (*dst = *src) is one read of
// each field of src and one write of each field of dst. The worker
// publishes its point into the shared one and main takes a snapshot of
// it, both under the lock: no race on either field.
// expect svcomp: shared.x=safe shared.y=safe
// expect circ: shared.x=safe shared.y=safe
#include <pthread.h>

struct point { int x; int y; };

struct point shared;
pthread_mutex_t m = PTHREAD_MUTEX_INITIALIZER;

void copy(struct point *dst, struct point *src) { *dst = *src; }

void *worker(void *arg) {
  struct point mine = { 1, 2 };
  pthread_mutex_lock(&m);
  copy(&shared, &mine);
  pthread_mutex_unlock(&m);
  return 0;
}

int main() {
  pthread_t t;
  struct point *p = &shared;
  pthread_create(&t, 0, worker, 0);
  pthread_mutex_lock(&m);
  struct point snap = *p;
  pthread_mutex_unlock(&m);
  return snap.x + snap.y;
}
