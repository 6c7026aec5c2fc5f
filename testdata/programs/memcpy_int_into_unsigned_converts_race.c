// memcpy of an int -1 into an unsigned gives UINT_MAX.
// expect svcomp: x=race
// expect circ: x=race
#include <pthread.h>
#include <string.h>

int x;

void *t(void *arg) {
  x = 1;
  return 0;
}

int main(void) {
  pthread_t h;
  pthread_create(&h, 0, t, 0);
  int a = -1;
  unsigned b;
  memcpy(&b, &a, sizeof a);
  if (b > 0)
    x = 2;
  return 0;
}
