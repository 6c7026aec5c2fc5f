// A pointer that may be null, converted to an integer and ordered
// against an address ((unsigned long)line <= (unsigned long)end, as
// 32-bit programs assert): it holds what the pointer holds, and null
// orders below every address, as it does between the pointers. The
// comparison is no longer rejected; after it main writes g, which the
// worker writes too.
// expect svcomp: g=race
// expect circ: g=race
#include <pthread.h>
#include <string.h>
char line[8] = "a b";
int g;
void *worker(void *arg) {
  g = 1;
  return 0;
}
int main(void) {
  pthread_t t;
  pthread_create(&t, 0, worker, 0);
  char *end = strchr(line, ' ');
  if ((unsigned long)line <= (unsigned long)end)
    g = 2;
  pthread_join(t, 0);
  return 0;
}
