// The worker clears the shared settings with bzero while main reads
// their limit: bzero writes every byte, a race with the read.
// expect svcomp: settings.limit=race
// expect circ: settings.limit=race
#include <pthread.h>
#include <strings.h>

struct {
  int limit;
  int mode;
} settings = {10, 1};

void *worker(void *arg) {
  bzero(&settings, sizeof settings);
  return 0;
}

int main(void) {
  pthread_t t;
  pthread_create(&t, 0, worker, 0);
  return settings.limit;
}
