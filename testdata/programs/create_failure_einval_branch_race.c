// main handles each error pthread_create may return: on EINVAL (an
// attribute the system refuses) it writes the shared counter without
// the mutex, while the worker it did start updates it under the mutex.
// circ takes every error a creation may return, not only EAGAIN.
// expect svcomp: data=race
// expect circ: data=race
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
    data = -1;
  } else if (rc != 0) {
    pthread_mutex_lock(&m);
    data = -2;
    pthread_mutex_unlock(&m);
  }
  return 0;
}
