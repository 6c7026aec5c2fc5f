// A pointer to an incomplete struct is a library's handle: under
// --unknown-functions havoc the call may reach what it points into,
// and it points into nothing of the program here, so the worker's
// counter, written only under the mutex, is safe.
// expect svcomp: count=safe
// expect circ: count=safe
#include <pthread.h>

struct device;
extern struct device *open_device(int n);
extern int set_gain(struct device *d, int gain);

int count;
pthread_mutex_t m = PTHREAD_MUTEX_INITIALIZER;

void *worker(void *p) {
  pthread_mutex_lock(&m);
  count++;
  pthread_mutex_unlock(&m);
  return 0;
}

int main(void) {
  pthread_t t;
  struct device *d = open_device(0);
  pthread_create(&t, 0, worker, 0);
  set_gain(d, 3);
  pthread_mutex_lock(&m);
  count++;
  pthread_mutex_unlock(&m);
  return 0;
}
