// The mirror: U is the file-scope T, an _Atomic int, although the
// block declares a plain T right after. Every access to the static c is
// atomic, so the two instances of the worker never race on it.
// expect svcomp: worker::c=safe
// expect circ: worker::c=safe
#include <pthread.h>

typedef _Atomic int T;

void *worker(void *arg) {
  typedef T U;
  typedef int T;
  static U c;
  T other = 0;
  c += 1;
  return (void *)(long)other;
}

int main(void) {
  pthread_t h1, h2;
  pthread_create(&h1, 0, worker, 0);
  pthread_create(&h2, 0, worker, 0);
  return 0;
}
