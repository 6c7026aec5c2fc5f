// write() given a heap block and a byte count known only at run time
// reads every element of the block, whichever the pointer names: here
// the second, which the worker writes meanwhile.
// expect svcomp: malloc@write_of_a_heap_block_of_run_time_length_reads_every_element_race.c:15[*]=race
// expect circ: malloc@write_of_a_heap_block_of_run_time_length_reads_every_element_race.c:15[*]=race
#include <pthread.h>
#include <stdlib.h>
#include <unistd.h>
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
  write(1, p, n * sizeof(int));
  pthread_join(t, 0);
  return 0;
}
