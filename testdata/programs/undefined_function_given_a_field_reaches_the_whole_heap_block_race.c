// An undefined function given the address of one field of one struct
// in a heap block may reach the whole block: every field of every
// element, here the other field of the next element, which the worker
// writes meanwhile.
// expect svcomp: malloc@undefined_function_given_a_field_reaches_the_whole_heap_block_race.c:18[*].a=race
// expect circ: malloc@undefined_function_given_a_field_reaches_the_whole_heap_block_race.c:18[*].a=race
#include <pthread.h>
#include <stdlib.h>
struct pair {
  int a, b;
};
void checksum(const int *q);
struct pair *p;
void *worker(void *arg) { p[1].a = 1; return 0; }
int main(void) {
  pthread_t t;
  int n = 40;
  p = malloc(n * sizeof(struct pair));
  if (!p)
    return 0;
  pthread_create(&t, 0, worker, 0);
  checksum(&p[0].b);
  pthread_join(t, 0);
  return 0;
}
