// rwlock_readers_and_writer_safe.c, but the writer takes only the read
// lock: readers share it with the writer, and the write races with a read.
// expect svcomp: x=race
// expect circ: x=race
#include <pthread.h>

int x;
pthread_rwlock_t rw = PTHREAD_RWLOCK_INITIALIZER;

void *reader(void *arg) {
  pthread_rwlock_rdlock(&rw);
  int v = x;
  pthread_rwlock_unlock(&rw);
  return 0;
}

void *writer(void *arg) {
  pthread_rwlock_rdlock(&rw);
  x = x + 1;
  pthread_rwlock_unlock(&rw);
  return 0;
}

int main(void) {
  pthread_t r1, w;
  pthread_create(&r1, 0, reader, 0);
  pthread_create(&w, 0, writer, 0);
  return 0;
}
