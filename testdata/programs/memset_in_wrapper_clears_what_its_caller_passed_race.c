// A wrapper clears a block through a void pointer parameter it never
// writes: memset clears what the caller passed, a struct stats, whose
// member the worker reads meanwhile.
// expect svcomp: g.hits=race
// expect circ: g.hits=race
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
  clear(&g, sizeof g);
  pthread_join(t, 0);
  return 0;
}
