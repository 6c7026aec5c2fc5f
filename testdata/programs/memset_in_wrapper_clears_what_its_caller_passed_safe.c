// The safe variant of memset_in_wrapper_clears_what_its_caller_passed_race.c:
// main clears the struct through the wrapper after joining the worker.
// expect svcomp: g.hits=safe
// expect circ: g.hits=safe
#include <pthread.h>
#include <string.h>

struct stats {
  int hits;
  int misses;
};

struct stats g;

static void clear(void *buf, unsigned long n) {
  memset(buf, 0, n);
}

void *worker(void *arg) {
  return (void *)(long)g.hits;
}

int main(void) {
  pthread_t t;
  pthread_create(&t, 0, worker, 0);
  pthread_join(t, 0);
  clear(&g, sizeof g);
  return 0;
}
