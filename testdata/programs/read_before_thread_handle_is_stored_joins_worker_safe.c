// read_over_thread_handle_joins_no_thread_race.c with the struct read
// from standard input before the worker is created into it: the join waits
// for the worker, and main's write of x follows the worker's.
// expect svcomp: x=safe
// expect circ: x=safe
// expect-explicit svcomp: x=unknown
// expect-explicit circ: x=unknown
#include <pthread.h>
#include <unistd.h>

struct job {
  int id;
  pthread_t tid;
} job;
int x;

void *worker(void *arg) {
  x = 1;
  return 0;
}

int main(void) {
  read(0, &job, sizeof job);
  pthread_create(&job.tid, 0, worker, 0);
  pthread_join(job.tid, 0);
  x = 2;
  return 0;
}
