// A string literal is a read-only object: the worker publishes one
// under the lock and main reads the pointer and the first char under
// it. The literal's chars are only read, so they are no race target.
// expect svcomp: status=safe
// expect circ: status=safe
#include <pthread.h>

const char *status = "idle";
pthread_mutex_t m = PTHREAD_MUTEX_INITIALIZER;

void *worker(void *arg) {
  pthread_mutex_lock(&m);
  status = "busy";
  pthread_mutex_unlock(&m);
  return 0;
}

int main() {
  pthread_t t;
  pthread_create(&t, 0, worker, 0);
  pthread_mutex_lock(&m);
  char first = *status;
  pthread_mutex_unlock(&m);
  return first == 'b';
}
