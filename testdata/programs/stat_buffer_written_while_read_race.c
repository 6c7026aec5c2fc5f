// stat writes every field of the buffer it is given: the worker's call
// overwrites the size main reads, with no lock between them.
// expect svcomp: info.st_size=race
// expect circ: info.st_size=race
#include <pthread.h>
#include <sys/stat.h>
struct stat info;
void *worker(void *arg) {
  stat("/tmp", &info);
  return 0;
}
int main(void) {
  pthread_t t;
  pthread_create(&t, 0, worker, 0);
  long size = info.st_size;
  pthread_join(t, 0);
  return size > 0;
}
