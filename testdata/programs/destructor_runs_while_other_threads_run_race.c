// A destructor runs when main returns, in main's thread, while the
// threads main did not join still run: its write of log_open races
// with the worker's read. A constructor's write before main does not.
// expect svcomp: log_open=race
// expect circ: log_open=race
#include <pthread.h>
int log_open;
int lines;
void open_log(void) __attribute__((constructor));
void close_log(void) __attribute__((destructor));
void open_log(void) { log_open = 1; }
void close_log(void) { log_open = 0; }
void *worker(void *arg) {
  if (log_open)
    lines = 1;
  return 0;
}
int main(void) {
  pthread_t t;
  pthread_create(&t, 0, worker, 0);
  return 0;
}
