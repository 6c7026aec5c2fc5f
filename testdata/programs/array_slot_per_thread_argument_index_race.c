// array_slot_per_thread_argument_index_safe.c where two threads get
// index 1.
// expect svcomp: slot[0]=safe slot[1]=race slot[2]=safe
// expect circ: slot[0]=safe slot[1]=race slot[2]=safe
#include <pthread.h>

int slot[3];

void *fill(void *arg) {
  long i = (long)arg;
  slot[i] = 1;
  return 0;
}

int main() {
  pthread_t t0, t1, t2;
  pthread_create(&t0, 0, fill, (void *)0);
  pthread_create(&t1, 0, fill, (void *)1);
  pthread_create(&t2, 0, fill, (void *)1);
  return 0;
}
