// main grows an array with realloc, one element per round, and
// publishes its length without a lock while the worker reads it: a
// race on len. The array itself is main's alone.
// expect svcomp: len=race
// expect circ: len=race
#include <pthread.h>
#include <stdlib.h>
extern int __VERIFIER_nondet_int(void);
int len;
void *worker(void *arg) {
  return (void *)(long)len;
}
int main(void) {
  pthread_t t;
  int *items = 0;
  pthread_create(&t, 0, worker, 0);
  while (__VERIFIER_nondet_int()) {
    int *grown = realloc(items, sizeof(int) * (len + 1));
    if (!grown)
      break;
    items = grown;
    items[len] = len;
    len++;
  }
  pthread_join(t, 0);
  free(items);
  return 0;
}
