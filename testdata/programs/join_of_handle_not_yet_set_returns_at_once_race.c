// main joins id before the starter has stored into it, under a mutex
// the starter holds while it creates: glibc's pthread_join of a handle
// that names no thread returns ESRCH at once, so main goes on and its
// write of g races with the worker's.
// expect svcomp: g=race id=safe
// expect circ: g=race id=safe
#include <pthread.h>

pthread_t id;
pthread_mutex_t m = PTHREAD_MUTEX_INITIALIZER;
int g;

void *worker(void *arg) {
  g = 1;
  return 0;
}

void *starter(void *arg) {
  pthread_mutex_lock(&m);
  pthread_create(&id, 0, worker, 0);
  pthread_mutex_unlock(&m);
  return 0;
}

int main(void) {
  pthread_t s;
  pthread_create(&s, 0, starter, 0);
  pthread_mutex_lock(&m);
  pthread_join(id, 0);
  pthread_mutex_unlock(&m);
  g = 2;
  return 0;
}
