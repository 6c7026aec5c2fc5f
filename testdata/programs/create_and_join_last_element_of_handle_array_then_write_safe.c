// create_through_last_element_of_handle_array_then_write_race.c with
// the write after the join: safe.
// expect svcomp: x=safe
// expect circ: x=safe
// expect-explicit svcomp: x=unknown
// expect-explicit circ: x=unknown
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
  pthread_join(t[5], 0);
  x = 2;
  return 0;
}
