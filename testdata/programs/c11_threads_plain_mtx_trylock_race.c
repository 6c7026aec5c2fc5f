// C11 <threads.h>: workers write the counter whether mtx_trylock returned
// thrd_success or thrd_busy; a condition-variable wait (cnd_wait) in main
// gives the mutex back while it waits.
// expect svcomp: counter=race done=safe
// expect circ: counter=race done=safe
#include <threads.h>

int counter;
int done;
mtx_t m;
cnd_t c;

int worker(void *arg) {
  int r = mtx_trylock(&m);
  counter = counter + 1;
  if (r == thrd_success) {
    done = 1;
    cnd_signal(&c);
    mtx_unlock(&m);
  }
  return 0;
}

int main(void) {
  thrd_t a, b;
  mtx_init(&m, mtx_plain);
  cnd_init(&c);
  thrd_create(&a, worker, 0);
  thrd_create(&b, worker, 0);
  mtx_lock(&m);
  while (!done)
    cnd_wait(&c, &m);
  mtx_unlock(&m);
  return 0;
}
