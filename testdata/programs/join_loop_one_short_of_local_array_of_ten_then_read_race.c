// join_all_handles_in_local_array_of_hundred_then_read_safe.c with ten
// workers and a join loop that stops one short: the last worker may
// still bump the count while main reads it. The trace joins nine
// workers through handles circ does not track, each run to its end
// first. (The trace must run both loops to their ends, which
// refinement learns one iteration at a time: a race like this one in
// a loop over a hundred handles ends unknown.)
// expect svcomp: done=race
// expect circ: done=race
// expect-explicit svcomp: done=unknown
// expect-explicit circ: done=unknown
#include <pthread.h>

#define N 10

int done;
pthread_mutex_t m = PTHREAD_MUTEX_INITIALIZER;

void *worker(void *arg) {
  pthread_mutex_lock(&m);
  done = done + 1;
  pthread_mutex_unlock(&m);
  return 0;
}

int main(void) {
  pthread_t t[N];
  int i;
  for (i = 0; i < N; i++)
    pthread_create(&t[i], 0, worker, 0);
  for (i = 0; i < N - 1; i++)
    pthread_join(t[i], 0);
  return done;
}
