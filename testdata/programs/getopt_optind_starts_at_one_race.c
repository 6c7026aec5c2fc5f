// POSIX starts getopt's optind at 1: the thread writes g, as main does.
// expect svcomp: g=race
// expect circ: g=race
#include <pthread.h>
#include <unistd.h>
int g;
void *t(void *p) {
  if (optind == 1)
    g = 1;
  return 0;
}
int main(void) {
  pthread_t th;
  pthread_create(&th, 0, t, 0);
  g = 3;
  return 0;
}
