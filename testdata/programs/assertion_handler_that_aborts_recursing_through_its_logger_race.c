// An assertion handler that logs, where the logger asserts too
// (knot's assert_failed -> output -> assert_failed). The recursion is
// run as a loop back to the handler's first copy, whose frames merge;
// the logger uses its pointer argument after its call of the handler,
// which would see a merged frame's value, but the handler ends in
// abort on every path: no call of it returns.
// expect svcomp: hits=race
// expect circ: hits=race
#include <pthread.h>
#include <stdlib.h>
int hits;
void fatal(const char *file);
void log_line(const char *file) {
  if (file[0] == 0)
    fatal("log.c");
  hits += file[0];
}
void fatal(const char *file) {
  log_line(file);
  abort();
}
void *worker(void *a) {
  if (a)
    fatal("w.c");
  hits += 2;
  return 0;
}
int main(void) {
  pthread_t t;
  pthread_create(&t, 0, worker, 0);
  hits = 1;
  pthread_join(t, 0);
  return 0;
}
