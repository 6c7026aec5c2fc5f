// The start routine is chosen at run time and held in a variable; both
// routines write the flag under the lock.
// expect svcomp: flag=safe
// expect circ: flag=safe
// expect-explicit svcomp: flag=unknown
// expect-explicit circ: flag=unknown
#include <pthread.h>

pthread_mutex_t m = PTHREAD_MUTEX_INITIALIZER;
int flag;

void *on(void *arg) { pthread_mutex_lock(&m); flag = 1; pthread_mutex_unlock(&m); return 0; }
void *off(void *arg) { pthread_mutex_lock(&m); flag = 0; pthread_mutex_unlock(&m); return 0; }

int main() {
  pthread_t a, b;
  void *(*routine)(void *) = on;
  if (__VERIFIER_nondet_int())
    routine = off;
  pthread_create(&a, 0, routine, 0);
  pthread_create(&b, 0, on, 0);
  return 0;
}
