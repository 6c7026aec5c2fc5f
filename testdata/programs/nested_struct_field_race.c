// nested_struct_field_safe.c where main writes st.pos.y after creating
// the worker, which reads it: y races, x stays guarded.
// expect svcomp: st.pos.x=safe st.pos.y=race
// expect circ: st.pos.x=safe st.pos.y=race
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
  pthread_create(&t, 0, mover, 0);
  st.pos.y = 3;
  pthread_mutex_lock(&m);
  seen = st.pos.x;
  pthread_mutex_unlock(&m);
  return seen;
}
