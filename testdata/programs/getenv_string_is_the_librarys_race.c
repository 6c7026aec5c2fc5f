// getenv returns null or a string of the library's: its chars are
// extern(string)[*], a race target like any other memory. The worker
// overwrites the first char while main reads it; the pointer itself is
// set before the worker starts. (The explicit engine tries only a few
// positions of the string, so it cannot conclude on value.)
// expect svcomp: extern(string)[*]=race value=safe
// expect circ: extern(string)[*]=race value=safe
// expect-explicit svcomp: value=unknown
// expect-explicit circ: value=unknown
#include <pthread.h>
#include <stdlib.h>
char *value;
int seen;
void *worker(void *arg) {
  if (value)
    value[0] = 'x';
  return 0;
}
int main(void) {
  pthread_t t;
  value = getenv("HOME");
  pthread_create(&t, 0, worker, 0);
  if (value)
    seen = value[0];
  return 0;
}
