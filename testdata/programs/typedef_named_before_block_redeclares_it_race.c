// A typedef names the declaration visible where it is written: U is
// the file-scope T, a plain int, although the block declares an
// _Atomic T right after. Both instances of the worker update the
// static c plainly.
// expect svcomp: worker::c=race
// expect circ: worker::c=race
#include <pthread.h>

typedef int T;

void *worker(void *arg) {
  typedef T U;
  typedef _Atomic int T;
  static U c;
  T other = 0;
  c = c + 1;
  return (void *)(long)other;
}

int main(void) {
  pthread_t h1, h2;
  pthread_create(&h1, 0, worker, 0);
  pthread_create(&h2, 0, worker, 0);
  return 0;
}
