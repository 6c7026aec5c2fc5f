// longjmp(env, 0) makes setjmp return 1, not 0: main's write of g on
// the second return is the one without the lock, and races with the
// worker's locked write.
// expect svcomp: g=race
// expect circ: g=race
#include <pthread.h>
#include <setjmp.h>

jmp_buf env;
int g;
pthread_mutex_t m = PTHREAD_MUTEX_INITIALIZER;

void *worker(void *arg) {
  pthread_mutex_lock(&m);
  g = 3;
  pthread_mutex_unlock(&m);
  return 0;
}

int main(void) {
  pthread_t t;
  pthread_create(&t, 0, worker, 0);
  int r = setjmp(env);
  if (r == 0)
    longjmp(env, 0);
  if (r == 1)
    g = 5;
  pthread_join(t, 0);
  return 0;
}
