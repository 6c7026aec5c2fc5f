// Each thread reads the directory through a stream of its own, and the
// count of entries is kept under a lock: readdir's storage belongs to
// one stream, and no location is shared unprotected.
// expect svcomp: entries=safe
// expect circ: entries=safe
// expect-explicit svcomp: entries=unknown
// expect-explicit circ: entries=unknown
// explicit-max-states: 50000
#include <dirent.h>
#include <pthread.h>
pthread_mutex_t m = PTHREAD_MUTEX_INITIALIZER;
int entries;
void *worker(void *arg) {
  DIR *d = opendir("/tmp");
  if (!d)
    return 0;
  while (readdir(d)) {
    pthread_mutex_lock(&m);
    entries++;
    pthread_mutex_unlock(&m);
  }
  closedir(d);
  return 0;
}
int main(void) {
  pthread_t t1, t2;
  pthread_create(&t1, 0, worker, 0);
  pthread_create(&t2, 0, worker, 0);
  pthread_join(t1, 0);
  pthread_join(t2, 0);
  return entries;
}
