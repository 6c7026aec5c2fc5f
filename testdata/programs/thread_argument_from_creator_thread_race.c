// The same routine runs twice: main starts it with NULL, and a helper
// thread, started before main's write, starts it with &g, which it
// then increments while main may still write.
// expect svcomp: g=race
// expect circ: g=race
#include <pthread.h>

int g;

void *b(void *arg) {
  int *gp = arg;
  if (gp)
    (*gp)++;
  return 0;
}

void *a(void *arg) {
  pthread_t id;
  pthread_create(&id, 0, b, arg);
  return 0;
}

int main(void) {
  pthread_t id, id2;
  pthread_create(&id, 0, b, 0);
  pthread_create(&id2, 0, a, &g);
  g++;
  return 0;
}
