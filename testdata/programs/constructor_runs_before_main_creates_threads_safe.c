// A function GCC's constructor attribute names runs before main, in
// main's thread: its write of config happens before the worker is
// created, so the worker's read does not race with it.
// expect svcomp: config=safe
// expect circ: config=safe
#include <pthread.h>
int config;
int seen;
__attribute__((constructor)) static void load_config(void) { config = 7; }
void *worker(void *arg) {
  seen = config;
  return 0;
}
int main(void) {
  pthread_t t;
  pthread_create(&t, 0, worker, 0);
  pthread_join(t, 0);
  return seen;
}
