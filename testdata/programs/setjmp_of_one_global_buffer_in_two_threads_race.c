// setjmp writes its jmp_buf: two workers filling one global buffer
// race on it.
// expect svcomp: env[0].__jmpbuf[0]=race env[0].__saved_mask.__val[15]=race
// expect circ: env[0].__jmpbuf[0]=race env[0].__saved_mask.__val[15]=race
#include <pthread.h>
#include <setjmp.h>

jmp_buf env;

void *worker(void *arg) {
  if (setjmp(env) == 0)
    longjmp(env, 1);
  return 0;
}

int main(void) {
  pthread_t t1, t2;
  pthread_create(&t1, 0, worker, 0);
  pthread_create(&t2, 0, worker, 0);
  return 0;
}
