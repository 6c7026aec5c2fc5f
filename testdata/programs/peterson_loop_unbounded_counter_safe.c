// Peterson's mutual exclusion between two asymmetric templates, each
// entering its critical section forever and incrementing the unbounded
// counter x there. x is protected under interleaving (sequentially
// consistent) semantics; the protocol variables are plain and race. x
// grows without bound, so the explicit engine cannot conclude on it.
// expect svcomp: x=safe flag0=race flag1=race turn=race
// expect circ: x=safe flag0=race flag1=race turn=race
// expect-explicit svcomp: x=unknown
// expect-explicit circ: x=unknown
// explicit-max-states: 20000
#include <pthread.h>

int flag0, flag1, turn;
int x;

void *thr0(void *arg) {
  while (1) {
    flag0 = 1;
    turn = 1;
    while (flag1 == 1 && turn == 1) {
    }
    x = x + 1;
    flag0 = 0;
  }
}

void *thr1(void *arg) {
  while (1) {
    flag1 = 1;
    turn = 0;
    while (flag0 == 1 && turn == 0) {
    }
    x = x + 1;
    flag1 = 0;
  }
}

int main(void) {
  pthread_t t0, t1;
  pthread_create(&t0, 0, thr0, 0);
  pthread_create(&t1, 0, thr1, 0);
  return 0;
}
