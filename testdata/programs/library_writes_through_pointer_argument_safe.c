// An undefined function given a pointer may overwrite the object it
// points into: main lets the library refill the shared statistics only
// while it holds the lock the worker reads them under.
// expect svcomp: stats.sent=safe stats.lost=safe
// expect circ: stats.sent=safe stats.lost=safe
// expect-explicit svcomp: stats.sent=unknown stats.lost=unknown
// expect-explicit circ: stats.sent=unknown stats.lost=unknown
#include <pthread.h>

struct stats { int sent; int lost; };

extern void read_stats(struct stats *out);

struct stats stats;
pthread_mutex_t m = PTHREAD_MUTEX_INITIALIZER;

void *worker(void *arg) {
  pthread_mutex_lock(&m);
  int total = stats.sent + stats.lost;
  pthread_mutex_unlock(&m);
  return 0;
}

int main() {
  pthread_t t;
  pthread_create(&t, 0, worker, 0);
  pthread_mutex_lock(&m);
  read_stats(&stats);
  pthread_mutex_unlock(&m);
  return 0;
}
