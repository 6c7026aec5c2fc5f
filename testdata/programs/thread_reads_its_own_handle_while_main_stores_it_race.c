// The worker reads t1, its own handle, while main's pthread_create may
// still be storing it: POSIX does not order that store before the new
// thread starts (musl stores after), so the read races with the store.
// expect svcomp: t1=race
// expect circ: t1=race
#include <pthread.h>

pthread_t t1;
int mine;

void *worker(void *arg) {
  if (pthread_equal(t1, pthread_self()))
    mine = 1;
  return 0;
}

int main(void) {
  pthread_create(&t1, 0, worker, 0);
  pthread_join(t1, 0);
  return 0;
}
