// peterson_loop_unbounded_counter_safe.c with each thread giving the turn
// away before raising its flag: thr0 sets turn = 1, thr1 sets turn = 0,
// raises flag1 and enters (flag0 is still 0); thr0 then raises flag0 and
// enters too (turn is 0). Both increment x at once.
// expect svcomp: x=race flag0=race flag1=race turn=race
// expect circ: x=race flag0=race flag1=race turn=race
// explicit-max-states: 20000
#include <pthread.h>

int flag0, flag1, turn;
int x;

void *thr0(void *arg) {
  while (1) {
    turn = 1;
    flag0 = 1;
    while (flag1 == 1 && turn == 1) {
    }
    x = x + 1;
    flag0 = 0;
  }
}

void *thr1(void *arg) {
  while (1) {
    turn = 0;
    flag1 = 1;
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
