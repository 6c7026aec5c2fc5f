// library_runs_callbacks_it_is_handed_in_a_struct_safe.c where the close
// callback forgets the lock: two threads of the library may run it at
// once, or beside open.
// expect svcomp: count=race
// expect circ: count=race
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
  count--;
}

struct ops dev_ops = { dev_open, dev_close };

int main() {
  register_device(&dev_ops);
  pthread_mutex_lock(&m);
  count = 0;
  pthread_mutex_unlock(&m);
  return 0;
}
