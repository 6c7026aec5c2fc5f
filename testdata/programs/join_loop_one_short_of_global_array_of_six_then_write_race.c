// Six workers started through a global array of handles; the join loop
// stops one short and main writes x, which the last worker writes under
// a mutex main does not take. In the race trace the last worker holds
// the mutex while main joins the others: replay runs each of those to
// its end right after its creation, before the last one takes it.
// expect svcomp: x=race
// expect circ: x=race
// expect-explicit svcomp: x=unknown
// expect-explicit circ: x=unknown
#include <pthread.h>

int x;
pthread_mutex_t m = PTHREAD_MUTEX_INITIALIZER;
pthread_t t[6];

void *worker(void *arg) {
  pthread_mutex_lock(&m);
  x = 1;
  pthread_mutex_unlock(&m);
  return 0;
}

int main(void) {
  for (int i = 0; i < 6; i++)
    pthread_create(&t[i], 0, worker, 0);
  for (int i = 0; i < 5; i++)
    pthread_join(t[i], 0);
  x = 2;
  return 0;
}
