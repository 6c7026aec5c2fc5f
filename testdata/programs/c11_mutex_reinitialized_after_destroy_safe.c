// A C11 mutex destroyed and initialized again works again: g is
// updated under it by both threads.
// expect svcomp: g=safe
// expect circ: g=safe
#include <threads.h>
int g;
mtx_t m;
int w(void *a) { mtx_lock(&m); g++; mtx_unlock(&m); return 0; }
int main(void) {
  mtx_init(&m, mtx_plain);
  mtx_destroy(&m);
  mtx_init(&m, mtx_plain);
  thrd_t t;
  thrd_create(&t, w, 0);
  mtx_lock(&m); g++; mtx_unlock(&m);
  thrd_join(t, 0);
  return 0;
}
