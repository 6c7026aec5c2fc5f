// A thread-local array is each thread's own: a worker reads back the
// id it stored in its own copy, so it never writes bad, which main
// reads while the workers run. (Were the array shared, the other
// worker's store could come between, and both would write bad.)
// expect svcomp: bad=safe
// expect circ: bad=safe
#include <pthread.h>
__thread long slots[4];
int bad;
void *worker(void *arg) {
  long id = (long)arg;
  long *mine = slots;
  mine[1] = id;
  if (slots[1] != id)
    bad = 1;
  return 0;
}
int main(void) {
  pthread_t t1, t2;
  pthread_create(&t1, 0, worker, (void *)1);
  pthread_create(&t2, 0, worker, (void *)2);
  int b = bad;
  pthread_join(t1, 0);
  pthread_join(t2, 0);
  return b;
}
