// Inlined calls with parameters and return values: every access to x goes
// through get_and_add, which holds the mutex; main reads x after the joins.
// expect svcomp: x=safe
// expect circ: x=safe
#include <pthread.h>

int x;
pthread_mutex_t m = PTHREAD_MUTEX_INITIALIZER;

int add(int a, int b) {
  return a + b;
}

int get_and_add(int d) {
  int old;
  pthread_mutex_lock(&m);
  old = x;
  x = add(old, d);
  pthread_mutex_unlock(&m);
  return old;
}

void *worker(void *arg) {
  int r;
  r = get_and_add(1);
  r = get_and_add(r + 2);
  return 0;
}

int main(void) {
  pthread_t t1, t2;
  int final;
  pthread_create(&t1, 0, worker, 0);
  pthread_create(&t2, 0, worker, 0);
  pthread_join(t1, 0);
  pthread_join(t2, 0);
  final = x;
  return final;
}
