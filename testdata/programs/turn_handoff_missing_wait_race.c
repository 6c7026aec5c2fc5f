// The turn hand-off of turn_handoff_two_templates_safe.c where pong forgets
// to wait for its turn before incrementing the unbounded counter: it races
// with ping's increment.
// expect svcomp: data=race turn=race
// expect circ: data=race turn=race
// explicit-max-states: 20000
#include <pthread.h>

int turn;
int data;

void *ping(void *arg) {
  while (1) {
    while (turn != 0) {
    }
    data = data + 1;
    turn = 1;
  }
}

void *pong(void *arg) {
  while (1) {
    data = data + 1;
    turn = 0;
  }
}

int main(void) {
  pthread_t a, b;
  pthread_create(&a, 0, ping, 0);
  pthread_create(&b, 0, pong, 0);
  return 0;
}
