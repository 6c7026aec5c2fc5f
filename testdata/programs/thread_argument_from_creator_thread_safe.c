// The same routine runs twice: main starts it with NULL, and a helper
// thread, started after main's write, starts it with &g. Only the
// second instance touches g, and it cannot exist before the write.
// expect svcomp: g=safe
// expect circ: g=safe
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
  g++;
  pthread_create(&id2, 0, a, &g);
  return 0;
}
