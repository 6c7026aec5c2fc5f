// main's helper locks m and leaves by longjmp; main, back at its
// setjmp with the value 2, writes g and only then unlocks. The worker
// writes g under m: every write holds the lock. circ lowers the longjmp
// as a jump to the setjmp's return in main's automaton.
// expect svcomp: g=safe
// expect circ: g=safe
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

void enter(void) {
  pthread_mutex_lock(&m);
  longjmp(env, 2);
}

int main(void) {
  pthread_t t;
  pthread_create(&t, 0, worker, 0);
  if (setjmp(env) == 0)
    enter();
  g = 5;
  pthread_mutex_unlock(&m);
  pthread_join(t, 0);
  return 0;
}
