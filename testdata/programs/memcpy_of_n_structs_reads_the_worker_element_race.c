// main copies the first n slots, n known only at run time, while the
// worker writes slot 1's count: with n of 2 or more the copy reads it.
// expect svcomp: slots[1].count=race
// expect circ: slots[1].count=race
#include <pthread.h>
#include <string.h>

struct slot {
  int count;
  char tag;
};
struct slot slots[4], copy[4];

void *worker(void *arg) {
  slots[1].count = 7;
  return 0;
}

int main(void) {
  int n = __VERIFIER_nondet_int();
  if (n < 0 || n > 4)
    return 0;
  pthread_t t;
  pthread_create(&t, 0, worker, 0);
  memcpy(copy, slots, n * sizeof(struct slot));
  return 0;
}
