// A normal mutex locked twice by main deadlocks main: its unprotected
// write of x after the second lock never happens, and main never creates
// the second writer. Read as a recursive mutex, this program would race
// (recursive_mutex_created_while_held_race.c).
// expect svcomp: x=safe
// expect circ: x=safe
#include <pthread.h>

int x;
pthread_mutex_t m = PTHREAD_MUTEX_INITIALIZER;

void *worker(void *arg) {
  pthread_mutex_lock(&m);
  pthread_mutex_unlock(&m);
  x = x + 1;
  return 0;
}

int main(void) {
  pthread_t t;
  pthread_mutex_lock(&m);
  pthread_mutex_lock(&m);
  pthread_create(&t, 0, worker, 0);
  pthread_mutex_unlock(&m);
  pthread_mutex_unlock(&m);
  x = x + 1;
  return 0;
}
