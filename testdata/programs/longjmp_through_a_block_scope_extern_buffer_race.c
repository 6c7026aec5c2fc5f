// f names the global jmp_buf through a block-scope extern declaration
// (a declarator of its own): its longjmp returns to main's setjmp of
// the same buffer, where main writes x while the worker writes it too.
// circ matches setjmp and longjmp by the object, not the declaration.
// expect svcomp: x=race
// expect circ: x=race
#include <pthread.h>
#include <setjmp.h>

int x;

void f(int mode) {
  extern jmp_buf b;
  if (mode) {
    if (setjmp(b))
      return;
    return;
  }
  longjmp(b, 1);
}

jmp_buf b;

void *worker(void *arg) {
  x = 2;
  return 0;
}

int main(void) {
  pthread_t h;
  pthread_create(&h, 0, worker, 0);
  if (setjmp(b) == 0)
    f(0);
  else
    x = 1;
  pthread_join(h, 0);
  return 0;
}
