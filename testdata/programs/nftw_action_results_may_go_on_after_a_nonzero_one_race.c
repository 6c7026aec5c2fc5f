// Under FTW_ACTIONRETVAL nftw reads its visitor's result as an action:
// FTW_SKIP_SUBTREE (2) skips a directory's files and goes on, so the
// visitor, which returns 2 each time, may run again after its first
// nonzero result. The worker's second visit writes shared, which main
// reads meanwhile.
// expect svcomp: shared=race
// expect circ: shared=race
#define _GNU_SOURCE
// The explicit engine cannot enumerate the values of the struct stat
// each visit gets (one havoc per field); the replayed trace stands.
// expect-explicit svcomp: shared=unknown
// expect-explicit circ: shared=unknown
#include <ftw.h>
#include <pthread.h>
#include <sys/stat.h>

int shared;
int visits;

static int visit(const char *path, const struct stat *sb, int flag, struct FTW *f) {
  visits++;
  if (visits > 1)
    shared = 1;
  return FTW_SKIP_SUBTREE;
}

void *worker(void *arg) {
  nftw(".", visit, 4, FTW_ACTIONRETVAL | FTW_PHYS);
  return 0;
}

int main(void) {
  pthread_t t;
  pthread_create(&t, 0, worker, 0);
  int s = shared;
  pthread_join(t, 0);
  return s;
}
