// A format is the chars C makes of its literals: adjacent literals
// joined, escapes decoded. The %s in the second literal reads msg while
// the worker writes its first char.
// expect svcomp: msg[0]=race
// expect circ: msg[0]=race
#include <pthread.h>
#include <stdio.h>
char msg[4] = {'o', 'k'};
void *worker(void *arg) {
  msg[0] = 'K';
  return 0;
}
int main(void) {
  pthread_t t;
  pthread_create(&t, 0, worker, 0);
  printf("doesn\'t " "%s\n", msg);
  return 0;
}
