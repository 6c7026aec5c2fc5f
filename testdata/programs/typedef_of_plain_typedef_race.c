// A typedef of a typedef of int is a plain int: both threads increment
// hits unsynchronized (slots stay atomic).
// expect svcomp: hits=race slots[1]=safe
// expect circ: hits=race slots[1]=safe
#include <pthread.h>
#include <stdatomic.h>

typedef int plain_t;
typedef plain_t counter_t;
typedef atomic_int slot_t;

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
