// struct_copied_through_pointers_safe.c where main takes its snapshot
// through p without the lock: each field read races with the worker's
// copy, which writes every field.
// expect svcomp: shared.x=race shared.y=race
// expect circ: shared.x=race shared.y=race
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
  struct point snap = *p;
  return snap.x + snap.y;
}
