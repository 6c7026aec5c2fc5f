// Two workers each allocate a block whose pointer leads to the shared
// struct and give it to an undefined function, which may follow the
// pointer and write what it points to. circ tracks one of the two
// blocks; the other's pointer is a copy holding what the tracked one's
// may hold, and the library follows it too: the workers race on
// shared.v. Only the run through the untracked block's copy shows it,
// and a value read there is no evidence of a run (docs/c-subset.md):
// circ says unknown, never safe.
// expect svcomp: shared.v=unknown
// expect circ: shared.v=unknown
#include <pthread.h>
#include <stdlib.h>
struct counter { int v; };
struct job { struct counter *c; };
void fill(struct job *j);
struct counter shared;
struct job *last;
void *worker(void *arg) {
  struct job *j = malloc(sizeof *j);
  if (!j)
    return 0;
  j->c = &shared;
  last = j;
  fill(j);
  return 0;
}
int main(void) {
  pthread_t t1, t2;
  pthread_create(&t1, 0, worker, 0);
  pthread_create(&t2, 0, worker, 0);
  pthread_join(t1, 0);
  pthread_join(t2, 0);
  return 0;
}
