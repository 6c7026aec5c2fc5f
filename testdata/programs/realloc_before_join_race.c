// As in the safe variant, but main grows the buffer before joining the
// worker: realloc copies and frees the block the worker may be writing.
// expect svcomp: malloc@realloc_before_join_race.c:16=race
// expect circ: malloc@realloc_before_join_race.c:16=race
#include <pthread.h>
#include <stdlib.h>

void *fill(void *arg) {
  int *buf = arg;
  buf[0] = 42;
  return 0;
}

int main() {
  pthread_t t;
  int *buf = malloc(sizeof(int));
  if (!buf)
    return 1;
  pthread_create(&t, 0, fill, buf);
  int *big = realloc(buf, 2 * sizeof(int));
  pthread_join(t, 0);
  if (big)
    big[1] = big[0];
  return 0;
}
