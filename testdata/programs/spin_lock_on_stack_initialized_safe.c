// A spin lock that is an automatic variable, initialized with
// pthread_spin_init before the worker starts, guards g.
// expect svcomp: g=safe
// expect circ: g=safe
#include <pthread.h>
int g;
void *w(void *a) { pthread_spinlock_t *s = a; pthread_spin_lock(s); g++; pthread_spin_unlock(s); return 0; }
int main(void) {
  pthread_spinlock_t s;
  pthread_spin_init(&s, 0);
  pthread_t t;
  pthread_create(&t, 0, w, &s);
  pthread_spin_lock(&s); g++; pthread_spin_unlock(&s);
  pthread_join(t, 0);
  return 0;
}
