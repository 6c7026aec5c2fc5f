// string_literal_pointer_published_safe.c where main reads the pointer
// without the lock: the read races with the worker's write; the chars
// it then reads are read-only and never race.
// expect svcomp: status=race
// expect circ: status=race
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
  char first = *status;
  return first == 'b';
}
