// main keeps the worker's handle in a struct, then reads the struct back
// from standard input: bytes from outside name no thread circ saw
// created, so the join waits for none, and main's write of x after it
// races with the worker's.
// expect svcomp: x=race
// expect circ: x=race
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
  pthread_create(&job.tid, 0, worker, 0);
  read(0, &job, sizeof job);
  pthread_join(job.tid, 0);
  x = 2;
  return 0;
}
