// A C11 mutex that is an automatic variable is a mutex once mtx_init
// ran: no finding. Both threads update g after unlocking: a race.
// expect svcomp: g=race
// expect circ: g=race
#include <threads.h>
int g;
int w(void *a) { mtx_t *m = a; mtx_lock(m); mtx_unlock(m); g++; return 0; }
int main(void) {
  mtx_t m;
  mtx_init(&m, mtx_plain);
  thrd_t t;
  thrd_create(&t, w, &m);
  mtx_lock(&m); mtx_unlock(&m); g++;
  thrd_join(t, 0);
  return 0;
}
