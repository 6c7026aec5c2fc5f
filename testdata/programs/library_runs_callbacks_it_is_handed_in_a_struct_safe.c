// A table of function pointers handed to an undefined function: the
// library may run each of them, from threads of its own, any number of
// times. Every access to count holds the lock, so it is race-free.
// expect svcomp: count=safe
// expect circ: count=safe
// expect-explicit svcomp: count=unknown
// expect-explicit circ: count=unknown
#include <pthread.h>

struct ops { void (*open)(void); void (*close)(void); };

extern void register_device(struct ops *ops);

int count;
pthread_mutex_t m = PTHREAD_MUTEX_INITIALIZER;

void dev_open(void) {
  pthread_mutex_lock(&m);
  count++;
  pthread_mutex_unlock(&m);
}

void dev_close(void) {
  pthread_mutex_lock(&m);
  count--;
  pthread_mutex_unlock(&m);
}

struct ops dev_ops = { dev_open, dev_close };

int main() {
  register_device(&dev_ops);
  pthread_mutex_lock(&m);
  count = 0;
  pthread_mutex_unlock(&m);
  return 0;
}
