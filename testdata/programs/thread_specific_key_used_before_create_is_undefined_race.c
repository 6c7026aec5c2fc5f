// The worker sets its value for a key main creates only after starting
// it: POSIX makes pthread_setspecific of a key not yet created
// undefined, a finding reached with a trace. Where main creates the key
// first, the worker's read of g races with main's write.
// expect svcomp: g=race
// expect circ: g=race
// expect-undefined: 12
#include <pthread.h>
pthread_key_t key;
int g;
void *worker(void *arg) {
  pthread_setspecific(key, &g);
  int x = g;
  return x;
}
int main(void) {
  pthread_t t;
  pthread_create(&t, 0, worker, 0);
  pthread_key_create(&key, NULL);
  g = 1;
  pthread_join(t, 0);
  return 0;
}
