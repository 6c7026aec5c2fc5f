// An undefined function given a pointer into a heap block may read the
// whole block, not only the element the pointer names: its read races
// with the worker's write of the second element.
// expect svcomp: malloc@undefined_function_reads_the_whole_heap_block_race.c:15[*]=race
// expect circ: malloc@undefined_function_reads_the_whole_heap_block_race.c:15[*]=race
#include <pthread.h>
#include <stdlib.h>
void checksum(const int *p, int n);
int *p;
int n;
void *worker(void *arg) { p[1] = 1; return 0; }
int main(void) {
  pthread_t t;
  n = 40;
  p = malloc(n * sizeof(int));
  if (!p)
    return 0;
  pthread_create(&t, 0, worker, 0);
  checksum(p, n);
  pthread_join(t, 0);
  return 0;
}
