// config has external linkage, so another file may return its address
// from current_config(): the thread's unlocked write may hit it while
// main reads it.
// expect svcomp: config.verbose=race
// expect circ: config.verbose=race
// expect-undefined: 15
#include <pthread.h>

struct cfg { int verbose; };
struct cfg config;

extern struct cfg *current_config(void);

void *worker(void *arg) {
  current_config()->verbose = 1;
  return 0;
}

int main() {
  pthread_t t;
  pthread_create(&t, 0, worker, 0);
  return config.verbose;
}
