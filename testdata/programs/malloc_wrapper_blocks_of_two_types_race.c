// malloc_wrapper_blocks_of_two_types_safe.c where main, after starting
// the workers, also writes the account without the mutex: the block
// from the wrapper is checked like one from malloc.
// expect svcomp: acct=safe hits=safe malloc@malloc_wrapper_blocks_of_two_types_race.c:14.balance=race malloc@malloc_wrapper_blocks_of_two_types_race.c:14#2=safe
// expect circ: acct=safe hits=safe malloc@malloc_wrapper_blocks_of_two_types_race.c:14.balance=race malloc@malloc_wrapper_blocks_of_two_types_race.c:14#2=safe
// expect-explicit svcomp: acct=unknown hits=unknown malloc@malloc_wrapper_blocks_of_two_types_race.c:14#2=unknown
// expect-explicit circ: acct=unknown hits=unknown malloc@malloc_wrapper_blocks_of_two_types_race.c:14#2=unknown
#include <pthread.h>
#include <stdlib.h>

struct account { int balance; int owner; };

void *xmalloc(size_t size) {
  void *p = malloc(size);
  if (!p)
    abort();
  return p;
}

pthread_mutex_t m = PTHREAD_MUTEX_INITIALIZER;
struct account *acct;
int *hits;

void *worker(void *arg) {
  pthread_mutex_lock(&m);
  *hits = *hits + acct->balance;
  pthread_mutex_unlock(&m);
  return 0;
}

int main(void) {
  acct = xmalloc(sizeof(struct account));
  acct->balance = 10;
  acct->owner = 1;
  hits = xmalloc(sizeof *hits);
  *hits = 0;
  pthread_t t1, t2;
  pthread_create(&t1, 0, worker, 0);
  pthread_create(&t2, 0, worker, 0);
  pthread_mutex_lock(&m);
  *hits = *hits + 1;
  pthread_mutex_unlock(&m);
  acct->balance = 0;
  return 0;
}
