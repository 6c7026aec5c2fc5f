// A typedef of atomic_int (itself a typedef of _Atomic int) names an
// atomic type too: the increments of both threads are atomic.
// expect svcomp: hits=safe slots[1]=safe
// expect circ: hits=safe slots[1]=safe
#include <pthread.h>
#include <stdatomic.h>

typedef atomic_int counter_t;
typedef counter_t slot_t;

counter_t hits;
slot_t slots[2];

void *t(void *arg) {
  hits++;
  slots[1]++;
  return 0;
}

int main(void) {
  pthread_t h;
  pthread_create(&h, 0, t, 0);
  hits++;
  slots[1]++;
  return 0;
}
