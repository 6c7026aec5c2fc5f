// Workers set flags through a _Bool pointer moved by arithmetic: each
// writes *(flags + 1), the same cell, unsynchronized.
// expect svcomp: flags[1]=race
// expect circ: flags[1]=race
#include <pthread.h>
#include <stdbool.h>
bool flags[4];
void *worker(void *arg) {
  bool *f = flags;
  f = f + 1;
  *f = true;
  return 0;
}
int main(void) {
  pthread_t t;
  for (int i = 0; i < 2; i++)
    pthread_create(&t, 0, worker, 0);
  return 0;
}
