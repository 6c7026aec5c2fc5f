// free() of a heap array of run-time length writes every element (their
// values become indeterminate): it races with the worker's read.
// expect svcomp: malloc@heap_array_of_runtime_length_freed_while_read_race.c:19[*]=race
// expect circ: malloc@heap_array_of_runtime_length_freed_while_read_race.c:19[*]=race
#include <pthread.h>
#include <stdlib.h>

long *vals;

void *reader(void *arg) {
  long v = vals[0];
  return (void *)v;
}

int main(void) {
  unsigned n = __VERIFIER_nondet_uint();
  if (n == 0)
    return 0;
  vals = malloc(n * sizeof(long));
  if (!vals)
    return 0;
  vals[0] = 1;
  pthread_t a;
  pthread_create(&a, 0, reader, 0);
  free(vals);
  return 0;
}
