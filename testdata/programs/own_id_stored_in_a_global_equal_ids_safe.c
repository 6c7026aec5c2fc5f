// Both workers store the same id in slot: whatever store comes
// between, slot still holds it, so no worker writes bad, which main
// reads meanwhile. (The stores race with each other.)
// expect svcomp: slot=race bad=safe
// expect circ: slot=race bad=safe
#include <pthread.h>
long slot;
int bad;
void *worker(void *arg) {
  long id;
  id = (long)arg;
  slot = id;
  if (slot != id)
    bad = 1;
  return 0;
}
int main(void) {
  pthread_t t1, t2;
  pthread_create(&t1, 0, worker, (void *)1);
  pthread_create(&t2, 0, worker, (void *)1);
  int b = bad;
  pthread_join(t1, 0);
  pthread_join(t2, 0);
  return b;
}
