// once_routine_argument_read_after_routine_ran_race.c with initp
// written before the thread is created: the creation orders the write
// before the thread's read.
// expect svcomp: g=safe initp=safe
// expect circ: g=safe initp=safe
#include <pthread.h>

int g;
void init0(void) { g++; }
void init1(void) { g++; }
void (*initp)(void) = &init0;
pthread_once_t once = PTHREAD_ONCE_INIT;

void *thread(void *arg) {
  pthread_once(&once, initp);
  return NULL;
}

int main(void) {
  pthread_t id;
  pthread_once(&once, init0);
  initp = &init1;
  pthread_create(&id, NULL, thread, NULL);
  pthread_join(id, NULL);
  return 0;
}
