// bzero_of_shared_struct_race.c with main reading the limit after
// joining the worker: the join orders the clear before the read, which
// finds 0.
// expect svcomp: settings.limit=safe
// expect circ: settings.limit=safe
#include <assert.h>
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
  pthread_join(t, 0);
  assert(settings.limit == 0);
  return settings.limit;
}
