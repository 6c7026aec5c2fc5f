// C11 <threads.h>: a recursive mtx_t (mtx_plain | mtx_recursive) locked
// twice, workers started with thrd_create, a once_flag initializer run
// by call_once; the counter is written while the mutex is held once
// more than it is released.
// expect svcomp: counter=safe config=safe
// expect circ: counter=safe config=safe
#include <threads.h>

int counter;
int config;
mtx_t m;
once_flag once = ONCE_FLAG_INIT;

void setup(void) { config = 1; }

int worker(void *arg) {
  call_once(&once, setup);
  mtx_lock(&m);
  mtx_lock(&m);
  mtx_unlock(&m);
  counter = counter + config;
  mtx_unlock(&m);
  return 0;
}

int main(void) {
  thrd_t a, b;
  mtx_init(&m, mtx_plain | mtx_recursive);
  thrd_create(&a, worker, 0);
  thrd_create(&b, worker, 0);
  thrd_join(a, 0);
  thrd_join(b, 0);
  return counter;
}
