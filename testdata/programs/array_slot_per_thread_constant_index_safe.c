// Two threads each write their own element of a global array, at a
// constant index; main reads both only after joining them.
// expect svcomp: slot[0]=safe slot[1]=safe
// expect circ: slot[0]=safe slot[1]=safe
#include <pthread.h>

int slot[2];

void *first(void *arg) { slot[0] = 1; return 0; }
void *second(void *arg) { slot[1] = 2; return 0; }

int main() {
  pthread_t a, b;
  pthread_create(&a, 0, first, 0);
  pthread_create(&b, 0, second, 0);
  pthread_join(a, 0);
  pthread_join(b, 0);
  return slot[0] + slot[1];
}
