// strndup reads at most its count of chars (glibc's strnlen): a thread
// writing the char past them does not race with it.
// expect svcomp: name[3]=safe
// expect circ: name[3]=safe
// expect-explicit svcomp: name[3]=unknown
// expect-explicit circ: name[3]=unknown
#include <pthread.h>
#include <stdlib.h>
#include <string.h>
char name[8] = "abcdefg";
void *writer(void *arg) {
  name[3] = 'x';
  return 0;
}
int main(void) {
  pthread_t t;
  pthread_create(&t, 0, writer, 0);
  char *prefix = strndup(name, 3);
  free(prefix);
  pthread_join(t, 0);
  return 0;
}
