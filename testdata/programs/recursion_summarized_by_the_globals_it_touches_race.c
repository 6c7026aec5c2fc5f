// A recursive call, which inlining cannot unfold, is summarized by its
// code's effects: any number of reads of the globals it uses and writes
// of any value to those it writes (each listed as an approximation).
// The recursion's writes of calls race with main's; depth is written by
// the worker before main joins it and reads it. (The explicit engine
// tries only a few of the summary's values, so it cannot conclude.)
// expect svcomp: calls=race depth=safe
// expect circ: calls=race depth=safe
// expect-explicit svcomp: depth=unknown
// expect-explicit circ: depth=unknown
#include <pthread.h>
int calls;
int depth;
static int fact(int n) {
  calls++;
  if (n <= 1)
    return 1;
  return n * fact(n - 1);
}
void *worker(void *arg) {
  depth = fact(4);
  return 0;
}
int main(void) {
  pthread_t t;
  pthread_create(&t, 0, worker, 0);
  calls = 0;
  pthread_join(t, 0);
  return depth;
}
