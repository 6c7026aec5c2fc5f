// A nested struct: st.pos.x is written by the worker under the lock and
// read by main under it; st.pos.y is only ever written before the worker
// exists.
// expect svcomp: st.pos.x=safe st.pos.y=safe
// expect circ: st.pos.x=safe st.pos.y=safe
#include <pthread.h>

struct point {
  int x;
  int y;
};
struct state {
  struct point pos;
  int steps;
} st;
pthread_mutex_t m = PTHREAD_MUTEX_INITIALIZER;

void *mover(void *arg) {
  pthread_mutex_lock(&m);
  st.pos.x = st.pos.x + st.pos.y;
  pthread_mutex_unlock(&m);
  return 0;
}

int main(void) {
  pthread_t t;
  int seen;
  st.pos.y = 3;
  pthread_create(&t, 0, mover, 0);
  pthread_mutex_lock(&m);
  seen = st.pos.x;
  pthread_mutex_unlock(&m);
  return seen;
}
