// Each worker has its own copy of mine, but the first to take the lock
// publishes the address of its copy, and every worker then increments
// that copy outside the lock: the two workers race on the first's mine.
// expect svcomp: worker::mine=race
// expect circ: worker::mine=race
#include <pthread.h>

__thread int mine;
int *published;
pthread_mutex_t m = PTHREAD_MUTEX_INITIALIZER;

void *worker(void *arg) {
  pthread_mutex_lock(&m);
  if (published == 0)
    published = &mine;
  int *p = published;
  pthread_mutex_unlock(&m);
  *p = *p + 1;
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
