// Readers read x under the read lock, together; the writer writes it
// under the write lock, alone.

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
  pthread_rwlock_wrlock(&rw);
  x = x + 1;
  pthread_rwlock_unlock(&rw);
  return 0;
}

int main(void) {
  pthread_t r1, r2, w;
  pthread_create(&r1, 0, reader, 0);
  pthread_create(&r2, 0, reader, 0);
  pthread_create(&w, 0, writer, 0);
  return 0;
}
