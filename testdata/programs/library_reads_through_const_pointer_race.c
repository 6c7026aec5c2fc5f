// library_reads_through_const_pointer_safe.c with the call outside the
// lock: the library may read the whole array, not only buf[0], so its
// read of buf[2] races with the worker's write. The library only reads,
// so buf[0] and buf[1], which no thread writes, do not race.
// expect svcomp: buf[0]=safe buf[1]=safe buf[2]=race
// expect circ: buf[0]=safe buf[1]=safe buf[2]=race
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
  log_values(buf, 3);
  return 0;
}
