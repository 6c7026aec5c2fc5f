// A struct is published with a relaxed store of a flag and read after a
// relaxed load sees it. Under the interleaving race definitions circ
// proves settings race-free: a reader runs only after the flag, set
// after the writes. The verdict says that it reads the relaxed orders
// as seq_cst: under C11 and on weakly ordered hardware the relaxed flag
// orders nothing, and the accesses race.
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
  atomic_store_explicit(&ready, 1, memory_order_relaxed);
  return 0;
}

void *reader(void *arg) {
  if (atomic_load_explicit(&ready, memory_order_relaxed)) {
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
