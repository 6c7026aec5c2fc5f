// A table of allocator operations holds a function with a result and
// one without, of the same number of parameters. The call whose value
// is used goes through the first; the second is no target of it (a
// call of it for a value would be undefined behaviour), and the
// worker's unlocked count of the allocations races with main's.
// expect svcomp: allocations=race
// expect circ: allocations=race
#include <pthread.h>

int allocations;
int pool[4];

struct ops {
  int *(*take)(int *base, int i);
  void (*give)(int *base, int i);
};

int *take_slot(int *base, int i) {
  allocations++;
  return base + i;
}

void give_slot(int *base, int i) { base[i] = 0; }

struct ops table = {take_slot, give_slot};

void *worker(void *arg) {
  struct ops *o = &table;
  int *s = o->take(pool, 1);
  *s = 1;
  return 0;
}

int main(void) {
  pthread_t t;
  pthread_create(&t, 0, worker, 0);
  allocations++;
  pthread_join(t, 0);
  return 0;
}
