// relaxed_flag_publishes_struct_safe.c with a release store and an
// acquire load: the flag orders the writes before the reads under C11
// as well.
// expect svcomp: settings.rate=safe settings.mode=safe
// expect circ: settings.rate=safe settings.mode=safe
#include <pthread.h>
#include <stdatomic.h>

struct cfg {
  int rate, mode;
} settings;
atomic_int ready;

void *writer(void *arg) {
  settings.rate = 10;
  settings.mode = 2;
  atomic_store_explicit(&ready, 1, memory_order_release);
  return 0;
}

void *reader(void *arg) {
  if (atomic_load_explicit(&ready, memory_order_acquire)) {
    int r = settings.rate + settings.mode;
    (void)r;
  }
  return 0;
}

int main(void) {
  pthread_t w, r;
  pthread_create(&w, 0, writer, 0);
  pthread_create(&r, 0, reader, 0);
  pthread_join(w, 0);
  pthread_join(r, 0);
  return 0;
}
