// A thread receives a pointer to the member of a struct and recovers
// the struct with container_of, as Linux drivers do; it takes the
// struct's lock around the shared field, and so does main.
// expect svcomp: d.shared=safe
// expect circ: d.shared=safe
#include <pthread.h>
#include <stddef.h>

#define container_of(ptr, type, member) \
  ((type *)((char *)(ptr) - offsetof(type, member)))

struct device { int id; };
struct my_data {
  pthread_mutex_t lock;
  struct device dev;
  int shared;
};

struct my_data d = { PTHREAD_MUTEX_INITIALIZER, { 7 }, 0 };

void *callback(void *arg) {
  struct my_data *data = container_of(arg, struct my_data, dev);
  pthread_mutex_lock(&data->lock);
  data->shared++;
  pthread_mutex_unlock(&data->lock);
  return 0;
}

int main(void) {
  pthread_t t;
  pthread_create(&t, 0, callback, &d.dev);
  pthread_mutex_lock(&d.lock);
  d.shared = 3;
  pthread_mutex_unlock(&d.lock);
  return 0;
}
