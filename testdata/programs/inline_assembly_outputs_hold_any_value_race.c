// Inline assembly circ does not know (rdtsc) leaves its outputs holding
// any value, as the report's approximations say; a compiler barrier
// does nothing under sequential consistency. The worker's write of flag
// races with main's read; its write of stamp is ordered before main's
// by the join. (The explicit engine tries only a few values of the
// timestamp, so it cannot conclude on stamp.)
// expect svcomp: flag=race stamp=safe
// expect circ: flag=race stamp=safe
// expect-explicit svcomp: stamp=unknown
// expect-explicit circ: stamp=unknown
#include <pthread.h>
unsigned long stamp;
int flag;
void *worker(void *arg) {
  unsigned long t;
  __asm__ volatile("rdtsc" : "=a"(t));
  stamp = t;
  __asm__ volatile("" ::: "memory");
  flag = 1;
  return 0;
}
int main(void) {
  pthread_t t;
  int seen;
  pthread_create(&t, 0, worker, 0);
  seen = flag;
  pthread_join(t, 0);
  stamp = 2;
  return seen;
}
