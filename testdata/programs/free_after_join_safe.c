// main frees the block a thread works on only after joining it.
// expect svcomp: malloc@free_after_join_safe.c:17=safe
// expect circ: malloc@free_after_join_safe.c:17=safe
// expect-explicit svcomp: malloc@free_after_join_safe.c:17=unknown
// expect-explicit circ: malloc@free_after_join_safe.c:17=unknown
#include <pthread.h>
#include <stdlib.h>

void *work(void *arg) {
  int *p = arg;
  (*p)++;
  return 0;
}

int main() {
  pthread_t t;
  int *p = malloc(sizeof(int));
  if (!p)
    return 1;
  *p = 0;
  pthread_create(&t, 0, work, p);
  pthread_join(t, 0);
  free(p);
  return 0;
}
