// A turn variable hands an unbounded counter back and forth between two
// templates: ping waits for turn == 0, increments data and passes the turn
// with turn = 1; pong waits for turn == 1, increments data and passes it
// back. data is never accessed by both at once (under interleaving
// semantics). turn itself is plain: a waiting thread reads it while the
// other writes it, so it races. data grows without bound, so the explicit
// engine cannot conclude on it.
// expect svcomp: data=safe turn=race
// expect circ: data=safe turn=race
// expect-explicit svcomp: data=unknown turn=race
// expect-explicit circ: data=unknown turn=race
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
    while (turn != 1) {
    }
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
