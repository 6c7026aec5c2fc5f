// join_of_handle_not_yet_set_returns_at_once_race.c with main joining
// the starter first: id is set by then, so main's join of id waits for
// the worker, and its write of g comes after the worker's. The
// abstract engine does not prove it: the context does not relate the
// starter's end to id being set.
// expect svcomp: g=safe id=safe
// expect circ: g=safe id=safe
// expect-circ-engine svcomp: g=unknown
// expect-circ-engine circ: g=unknown
#include <pthread.h>

pthread_t id;
pthread_mutex_t m = PTHREAD_MUTEX_INITIALIZER;
int g;

void *worker(void *arg) {
  g = 1;
  return 0;
}

void *starter(void *arg) {
  pthread_mutex_lock(&m);
  pthread_create(&id, 0, worker, 0);
  pthread_mutex_unlock(&m);
  return 0;
}

int main(void) {
  pthread_t s;
  pthread_create(&s, 0, starter, 0);
  pthread_join(s, 0);
  pthread_mutex_lock(&m);
  pthread_join(id, 0);
  pthread_mutex_unlock(&m);
  g = 2;
  return 0;
}
