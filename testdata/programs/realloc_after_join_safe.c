// A worker fills a heap buffer; main grows it with realloc only after
// joining the worker, so realloc's read (the copy) and write (freeing
// the old block) never meet the worker's write.
// expect svcomp: malloc@realloc_after_join_safe.c:19=safe
// expect circ: malloc@realloc_after_join_safe.c:19=safe
// expect-explicit svcomp: malloc@realloc_after_join_safe.c:19=unknown
// expect-explicit circ: malloc@realloc_after_join_safe.c:19=unknown
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
  pthread_join(t, 0);
  int *big = realloc(buf, 2 * sizeof(int));
  if (big)
    big[1] = big[0];
  return 0;
}
