// library_writes_through_pointer_argument_safe.c with the library call
// outside the lock: whatever it writes into stats races with the
// worker's reads.
// expect svcomp: stats.sent=race stats.lost=race
// expect circ: stats.sent=race stats.lost=race
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
  read_stats(&stats);
  return 0;
}
