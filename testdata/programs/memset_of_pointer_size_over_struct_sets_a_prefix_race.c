// memset(s, 0, sizeof(s)) with s a pointer (a common slip) clears only
// the first 8 bytes of the struct: a and b, never c. The worker's
// memset races with main's write of b, not with its write of c.
// expect svcomp: cfg.b=race cfg.c=safe
// expect circ: cfg.b=race cfg.c=safe
#include <pthread.h>
#include <string.h>
struct config {
  int a, b;
  long c;
} cfg;
void *worker(void *arg) {
  struct config *s = &cfg;
  memset(s, 0, sizeof(s));
  return 0;
}
int main(void) {
  pthread_t t;
  pthread_create(&t, 0, worker, 0);
  cfg.b = 2;
  cfg.c = 3;
  return 0;
}
