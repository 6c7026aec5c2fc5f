// An undefined function given an array and returning an int* (like
// bsearch) may return a pointer into that array: main's write through
// the result, after the lock is released, races with the worker's read.
// expect svcomp: table[0]=race
// expect circ: table[0]=race
// expect-undefined: 28
#include <pthread.h>

extern int *find_slot(const int *table, int n);

int table[2];
pthread_mutex_t m = PTHREAD_MUTEX_INITIALIZER;

void *worker(void *arg) {
  pthread_mutex_lock(&m);
  int v = table[0];
  pthread_mutex_unlock(&m);
  return 0;
}

int main() {
  pthread_t t;
  pthread_create(&t, 0, worker, 0);
  pthread_mutex_lock(&m);
  int *slot = find_slot(table, 2);
  pthread_mutex_unlock(&m);
  if (slot)
    *slot = 1;
  return 0;
}
