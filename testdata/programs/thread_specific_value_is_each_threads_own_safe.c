// Each worker sets its own value for the key and reads it back: every
// thread gets the value it set, never another thread's, so no worker
// writes g, which main writes.
// expect svcomp: g=safe
// expect circ: g=safe
#include <pthread.h>
pthread_key_t key;
int g;
void *worker(void *arg) {
  pthread_setspecific(key, arg);
  if (pthread_getspecific(key) != arg)
    g = 1;
  return 0;
}
int main(void) {
  pthread_key_create(&key, NULL);
  pthread_t t;
  for (long i = 1; i < 3; i++)
    pthread_create(&t, 0, worker, (void *)i);
  g = 2;
  return 0;
}
