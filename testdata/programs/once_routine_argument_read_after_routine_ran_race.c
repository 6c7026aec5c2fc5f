// pthread_once(&once, initp) reads initp, its argument, on every call,
// even when the routine has already run and is not called again: the
// thread's read races with main's later write of initp.
// expect svcomp: g=safe initp=race
// expect circ: g=safe initp=race
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
  pthread_create(&id, NULL, thread, NULL);
  initp = &init1;
  pthread_join(id, NULL);
  return 0;
}
