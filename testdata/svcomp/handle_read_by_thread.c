// main writes t1 (pthread_create stores the new thread's id) while the
// first thread may read it: a race on the handle.
#include <pthread.h>

pthread_t t1, t2;

void *idle(void *arg) { return 0; }

void *reader(void *arg) {
  pthread_t h = t1;
  return 0;
}

int main(void) {
  pthread_create(&t2, 0, reader, 0);
  pthread_create(&t1, 0, idle, 0);
  pthread_join(t2, 0);
  return 0;
}
