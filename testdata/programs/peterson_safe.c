// Peterson's mutual exclusion between two asymmetric templates protects x
// under interleaving (sequentially consistent) semantics. The protocol
// variables themselves are plain and race.
// expect svcomp: x=safe flag0=race flag1=race turn=race
// expect circ: x=safe flag0=race flag1=race turn=race
#include <pthread.h>

int flag0, flag1, turn;
int x;

void *thr0(void *arg) {
  flag0 = 1;
  turn = 1;
  while (flag1 == 1 && turn == 1) {
  }
  x = x + 1;
  flag0 = 0;
  return 0;
}

void *thr1(void *arg) {
  flag1 = 1;
  turn = 0;
  while (flag0 == 1 && turn == 0) {
  }
  x = x + 1;
  flag1 = 0;
  return 0;
}

int main(void) {
  pthread_t t0, t1;
  pthread_create(&t0, 0, thr0, 0);
  pthread_create(&t1, 0, thr1, 0);
  return 0;
}
