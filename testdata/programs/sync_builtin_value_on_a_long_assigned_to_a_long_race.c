// A __sync builtin's value has the type of the object it updates (cc,
// which sees no declaration, types it int): assigned to an object of
// that type, or initializing one, it keeps every bit of a long past
// int's range, so main's tests hold and its writes race with the
// worker's.
// expect svcomp: hit=race hit2=race
// expect circ: hit=race hit2=race
#include <pthread.h>
long big = 5000000000L;
unsigned long ubig = 9000000000000000000UL;
int hit, hit2;
void *worker(void *arg) {
  hit = 1;
  hit2 = 1;
  return 0;
}
int main(void) {
  pthread_t t;
  unsigned long u;
  pthread_create(&t, 0, worker, 0);
  long v = __sync_fetch_and_add(&big, 1);
  u = __sync_add_and_fetch(&ubig, 1);
  if (v == 5000000000L && big == 5000000001L)
    hit = 2;
  if (u == 9000000000000000001UL)
    hit2 = 2;
  pthread_join(t, 0);
  return 0;
}
