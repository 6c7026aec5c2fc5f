// Workers try the spin lock but increment the counter whether or not
// they got it.
// expect svcomp: counter=race
// expect circ: counter=race
#include <pthread.h>

int counter;
pthread_spinlock_t s;

void *worker(void *arg) {
  int r = pthread_spin_trylock(&s);
  counter = counter + 1;
  if (r == 0)
    pthread_spin_unlock(&s);
  return 0;
}

int main(void) {
  pthread_t t;
  pthread_spin_init(&s, PTHREAD_PROCESS_PRIVATE);
  while (1)
    pthread_create(&t, 0, worker, 0);
  return 0;
}
