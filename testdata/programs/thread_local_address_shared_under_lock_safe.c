// thread_local_address_shared_by_workers_race.c with the increment
// under the lock: the first worker's copy of mine is shared, and every
// access to it holds m.
// expect svcomp: worker::mine=safe
// expect circ: worker::mine=safe
// expect-explicit svcomp: worker::mine=unknown
// expect-explicit circ: worker::mine=unknown
#include <pthread.h>

__thread int mine;
int *published;
pthread_mutex_t m = PTHREAD_MUTEX_INITIALIZER;

void *worker(void *arg) {
  pthread_mutex_lock(&m);
  if (published == 0)
    published = &mine;
  *published = *published + 1;
  pthread_mutex_unlock(&m);
  while (1) {
  } // stays alive: its copy lives as long as the thread
  return 0;
}

int main(void) {
  pthread_t t1, t2;
  pthread_create(&t1, 0, worker, 0);
  pthread_create(&t2, 0, worker, 0);
  return 0;
}
