// A block of a megabyte, too many cells to lay out one by one, is an
// element summary: the join orders the worker's write of byte 7
// before main's.
// expect svcomp: big=safe
// expect circ: big=safe
// expect svcomp: malloc@malloc_of_megabytes_is_an_element_summary_safe.c:24[*]=safe
// expect circ: malloc@malloc_of_megabytes_is_an_element_summary_safe.c:24[*]=safe
// expect-explicit svcomp: big=unknown
// expect-explicit circ: big=unknown
// expect-explicit svcomp: malloc@malloc_of_megabytes_is_an_element_summary_safe.c:24[*]=unknown
// expect-explicit circ: malloc@malloc_of_megabytes_is_an_element_summary_safe.c:24[*]=unknown
#include <pthread.h>
#include <stdlib.h>

char *big;

void *worker(void *arg) {
  big[7] = 1;
  return 0;
}

int main(void) {
  pthread_t t;
  big = malloc(1 << 20);
  if (!big)
    return 0;
  pthread_create(&t, 0, worker, 0);
  pthread_join(t, 0);
  big[7] = 2;
  return 0;
}
