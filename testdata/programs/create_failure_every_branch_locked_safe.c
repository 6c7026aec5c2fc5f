// create_failure_einval_branch_race.c where the EINVAL branch takes the
// mutex too: every error path is synchronized.
// expect svcomp: data=safe
// expect circ: data=safe
#include <errno.h>
#include <pthread.h>

int data;
pthread_mutex_t m = PTHREAD_MUTEX_INITIALIZER;

void *worker(void *arg) {
  pthread_mutex_lock(&m);
  data++;
  pthread_mutex_unlock(&m);
  return 0;
}

int main(void) {
  pthread_t t1, t2;
  pthread_create(&t1, 0, worker, 0);
  int rc = pthread_create(&t2, 0, worker, 0);
  if (rc == EINVAL) {
    pthread_mutex_lock(&m);
    data = -1;
    pthread_mutex_unlock(&m);
  } else if (rc != 0) {
    pthread_mutex_lock(&m);
    data = -2;
    pthread_mutex_unlock(&m);
  }
  return 0;
}
