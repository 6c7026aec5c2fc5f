// A nonzero result of ftw's visitor ends the walk and is ftw's result;
// otherwise ftw returns 0, or -1 for an error. The visitor returns 1 at
// its first file, so it runs at most once per walk and ftw returns 1, 0
// or -1: the worker never writes shared, which main reads meanwhile.
// expect svcomp: shared=safe
// expect circ: shared=safe
// The explicit engine cannot enumerate the values of the struct stat
// each visit gets (one havoc per field).
// expect-explicit svcomp: shared=unknown
// expect-explicit circ: shared=unknown
#include <ftw.h>
#include <pthread.h>
#include <sys/stat.h>

int shared;
int visits;

static int visit(const char *path, const struct stat *sb, int flag) {
  visits++;
  return 1;
}

void *worker(void *arg) {
  int r = ftw(".", visit, 4);
  if (visits > 1 || (r != 1 && r != 0 && r != -1))
    shared = 1;
  return 0;
}

int main(void) {
  pthread_t t;
  pthread_create(&t, 0, worker, 0);
  int s = shared;
  pthread_join(t, 0);
  return s + visits;
}
