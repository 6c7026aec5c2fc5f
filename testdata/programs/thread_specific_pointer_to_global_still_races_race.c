// Thread-specific data makes the pointer private to each thread, not
// what it points to: two workers that both store &g as their value and
// write through it race on g.
// expect svcomp: g=race
// expect circ: g=race
#include <pthread.h>
pthread_key_t key;
int g;
void *worker(void *arg) {
  pthread_setspecific(key, &g);
  int *q = pthread_getspecific(key);
  *q = 1;
  return 0;
}
int main(void) {
  pthread_key_create(&key, NULL);
  pthread_t t;
  for (int i = 0; i < 2; i++)
    pthread_create(&t, 0, worker, 0);
  return 0;
}
