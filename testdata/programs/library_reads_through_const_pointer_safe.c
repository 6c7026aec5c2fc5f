// An undefined function given a const pointer only reads what it points
// to (circ trusts the const): main logs the buffer under the lock the
// worker writes it under.
// expect svcomp: buf[0]=safe buf[1]=safe buf[2]=safe
// expect circ: buf[0]=safe buf[1]=safe buf[2]=safe
#include <pthread.h>

extern void log_values(const int *values, int n);

int buf[3];
pthread_mutex_t m = PTHREAD_MUTEX_INITIALIZER;

void *worker(void *arg) {
  pthread_mutex_lock(&m);
  buf[2] = 7;
  pthread_mutex_unlock(&m);
  return 0;
}

int main() {
  pthread_t t;
  pthread_create(&t, 0, worker, 0);
  pthread_mutex_lock(&m);
  log_values(buf, 3);
  pthread_mutex_unlock(&m);
  return 0;
}
