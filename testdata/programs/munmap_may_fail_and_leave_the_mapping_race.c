// munmap fails (EINVAL) where its length is 0 or its address is not
// page-aligned, and leaves the mapping: it returns 0 or -1, and the
// error path here, which starts a worker writing g beside main, is run.
// expect svcomp: g=race
// expect circ: g=race
#include <pthread.h>
#include <sys/mman.h>

int g;

void *worker(void *arg) {
  g = 1;
  return 0;
}

int main(void) {
  pthread_t t;
  char *m = mmap(0, 1, PROT_READ | PROT_WRITE, MAP_PRIVATE | MAP_ANONYMOUS, -1, 0);
  if (m == MAP_FAILED)
    return 1;
  if (munmap(m, 0) != 0) {
    pthread_create(&t, 0, worker, 0);
    g = 2;
    pthread_join(t, 0);
  }
  return g;
}
