// offsetof gives a member's offset in bytes: l follows a char and an
// int, so it is at byte 8 (cc/v4 defines offsetof as
// (size_t)&((T *)0)->m, which circ once lowered as an address, counting
// cells: 2, and then proved g safe). The worker writes g, which races
// with main's write.
// expect svcomp: g=race
// expect circ: g=race
#include <pthread.h>
#include <stddef.h>

struct rec {
  char c;
  int i;
  long l;
};

int g;

void *worker(void *arg) {
  if (offsetof(struct rec, l) == 8)
    g = 1;
  return 0;
}

int main(void) {
  pthread_t t;
  pthread_create(&t, 0, worker, 0);
  g = 2;
  pthread_join(t, 0);
  return 0;
}
