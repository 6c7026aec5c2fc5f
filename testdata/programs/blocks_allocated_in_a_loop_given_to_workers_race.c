// Each round of main's loop allocates a block of a size known only at
// run time and hands it to a new worker, which writes its first int.
// main then writes the first int of the first block without waiting:
// a race on the blocks of the site, which circ lays out one after
// another (a summary of all of them).
// expect svcomp: malloc@blocks_allocated_in_a_loop_given_to_workers_race.c:20[*]=race
// expect circ: malloc@blocks_allocated_in_a_loop_given_to_workers_race.c:20[*]=race
#include <pthread.h>
#include <stdlib.h>
extern int __VERIFIER_nondet_int(void);
int *first;
void *worker(void *arg) {
  int *b = arg;
  b[0] = 1;
  return 0;
}
int main(void) {
  pthread_t t;
  while (__VERIFIER_nondet_int()) {
    int *b = malloc(sizeof(int) * (1 + (__VERIFIER_nondet_int() & 7)));
    if (!b)
      break;
    if (!first)
      first = b;
    pthread_create(&t, 0, worker, b);
  }
  if (first)
    first[0] = 2;
  return 0;
}
