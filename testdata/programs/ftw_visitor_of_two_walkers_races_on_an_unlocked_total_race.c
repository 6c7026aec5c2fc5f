// ftw runs its visitor in the calling thread, once for each file of the
// tree, on a struct stat of the library's. Two walkers each add the
// size of every regular file to total without a lock, so total races;
// counted is updated under a lock, and the struct stat each visit reads
// is the library's, which nothing writes.
// expect svcomp: total=race counted=safe
// expect circ: total=race counted=safe
// The explicit engine cannot enumerate the values of the struct stat
// each visit gets (one havoc per field) within the cross-check's budget;
// the replayed trace stands.
// expect-explicit svcomp: total=unknown counted=unknown
// expect-explicit circ: total=unknown counted=unknown
// explicit-max-states: 200000
#include <ftw.h>
#include <pthread.h>
#include <sys/stat.h>

long total;
int counted;
pthread_mutex_t m = PTHREAD_MUTEX_INITIALIZER;

static int visit(const char *path, const struct stat *sb, int flag) {
  if (flag == FTW_F)
    total += sb->st_size;
  pthread_mutex_lock(&m);
  counted++;
  pthread_mutex_unlock(&m);
  return 0;
}

void *walker(void *arg) {
  ftw("/tmp", visit, 4);
  return 0;
}

int main(void) {
  pthread_t t1, t2;
  pthread_create(&t1, 0, walker, 0);
  pthread_create(&t2, 0, walker, 0);
  pthread_join(t1, 0);
  pthread_join(t2, 0);
  return counted;
}
