// memset with 0xff fills a two-bit field with 3, its width's bits, not
// 255: the worker writes g, which main reads.
// expect svcomp: g=race
// expect circ: g=race
#include <pthread.h>
#include <string.h>

struct bits {
  unsigned a : 2;
  unsigned b : 6;
} s;
int g;

void *worker(void *arg) {
  if (s.a == 3)
    g = 1;
  return 0;
}

int main(void) {
  pthread_t th;
  memset(&s, 0xff, sizeof s);
  pthread_create(&th, 0, worker, 0);
  int seen = g;
  pthread_join(th, 0);
  return seen;
}
