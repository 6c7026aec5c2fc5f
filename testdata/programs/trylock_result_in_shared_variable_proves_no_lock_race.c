// A trylock's result kept in a global proves nothing about the lock:
// after the second worker's trylock fails (r = EBUSY), z stores 0 into
// r, and the second worker enters too. Both increment x. The lockset
// stage must not count m, and the abstract engine must see that a
// failing trylock still writes its result (it once saw no write, and
// proved x safe). It cannot find this race's 4-thread interleaving and
// says unknown; the explicit engine finds it.
// expect svcomp: x=race r=race
// expect circ: x=race r=race
// expect-circ-engine svcomp: x=unknown
// expect-circ-engine circ: x=unknown
#include <pthread.h>

pthread_mutex_t m = PTHREAD_MUTEX_INITIALIZER;
int x;
int r;

void *w(void *a) {
  r = pthread_mutex_trylock(&m);
  if (r == 0) {
    x = x + 1;
    pthread_mutex_unlock(&m);
  }
  return 0;
}

void *z(void *a) {
  r = 0;
  return 0;
}

int main(void) {
  pthread_t t1, t2, t3;
  pthread_create(&t1, 0, w, 0);
  pthread_create(&t2, 0, w, 0);
  pthread_create(&t3, 0, z, 0);
  pthread_join(t1, 0);
  pthread_join(t2, 0);
  pthread_join(t3, 0);
  return 0;
}
