// Peterson's mutual exclusion written the usual way: one thread function,
// started twice with thread ids 0 and 1, keeping its flag in flag[id]
// (two scalars here) and giving the turn to the other id. Only the
// argument tells the two instances apart, so the abstract engine needs
// one template per argument value (cfa.SplitByArgument) to prove x.
// expect svcomp: x=safe flag0=race flag1=race turn=race
// expect circ: x=safe flag0=race flag1=race turn=race
// expect-explicit svcomp: x=unknown
// expect-explicit circ: x=unknown
// explicit-max-states: 20000
#include <pthread.h>

int flag0, flag1, turn;
int x;

void *thr(void *arg) {
  long me = (long)arg;
  while (1) {
    if (me == 0)
      flag0 = 1;
    else
      flag1 = 1;
    turn = 1 - me;
    if (me == 0) {
      while (flag1 == 1 && turn == 1) {
      }
    } else {
      while (flag0 == 1 && turn == 0) {
      }
    }
    x = x + 1;
    if (me == 0)
      flag0 = 0;
    else
      flag1 = 0;
  }
}

int main(void) {
  pthread_t t0, t1;
  pthread_create(&t0, 0, thr, (void *)0);
  pthread_create(&t1, 0, thr, (void *)1);
  return 0;
}
