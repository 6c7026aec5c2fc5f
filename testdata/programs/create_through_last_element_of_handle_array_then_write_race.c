// The one worker is started through the last of six handles, a constant
// index into an array circ summarizes; main writes x before joining it.
// The address &t[5] is a cell of the summary's element 5, which the
// summary tracks in some run: there the race is found and replayed.
// expect svcomp: x=race
// expect circ: x=race
#include <pthread.h>

int x;
pthread_mutex_t m = PTHREAD_MUTEX_INITIALIZER;
pthread_t t[6];

void *worker(void *arg) {
  pthread_mutex_lock(&m);
  x = 1;
  pthread_mutex_unlock(&m);
  return 0;
}

int main(void) {
  pthread_create(&t[5], 0, worker, 0);
  x = 2;
  pthread_join(t[5], 0);
  return 0;
}
