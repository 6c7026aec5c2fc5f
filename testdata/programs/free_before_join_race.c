// free_after_join_safe.c where main frees the block before joining: free
// writes the block while the thread may still increment it.
// expect svcomp: malloc@free_before_join_race.c:16=race
// expect circ: malloc@free_before_join_race.c:16=race
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
  free(p);
  pthread_join(t, 0);
  return 0;
}
