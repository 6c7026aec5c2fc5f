// Each worker takes a distinct id under a lock, stores it in slot and
// checks it is still there. Another worker's store may come between,
// and then it writes bad, which main reads meanwhile. The check's
// predicate relates slot to the worker's own id: another thread's
// write of slot must falsify it, though no predicate over globals alone
// mentions slot.
// expect svcomp: slot=race bad=race
// expect circ: slot=race bad=race
#include <pthread.h>
pthread_mutex_t m = PTHREAD_MUTEX_INITIALIZER;
long next = 1;
long slot;
int bad;
void *worker(void *arg) {
  long id;
  pthread_mutex_lock(&m);
  id = next++;
  pthread_mutex_unlock(&m);
  slot = id;
  if (slot != id)
    bad = 1;
  return 0;
}
int main(void) {
  pthread_t t1, t2;
  pthread_create(&t1, 0, worker, 0);
  pthread_create(&t2, 0, worker, 0);
  int b = bad;
  pthread_join(t1, 0);
  pthread_join(t2, 0);
  return b;
}
