// pthread_self_only_main_writes_safe.c, but touch() writes x in every
// thread other than main, and main writes it directly: they race.
// expect svcomp: x=race main_id=safe
// expect circ: x=race main_id=safe
#include <pthread.h>

int x;
pthread_t main_id;

void touch(void) {
  if (!pthread_equal(pthread_self(), main_id))
    x = x + 1;
}

void *worker(void *arg) {
  touch();
  return 0;
}

int main(void) {
  pthread_t t;
  main_id = pthread_self();
  pthread_create(&t, 0, worker, 0);
  touch();
  x = 0;
  return 0;
}
