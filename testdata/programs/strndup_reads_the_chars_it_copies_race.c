// strndup reads the chars it copies: a thread writing one of them races
// with it.
// expect svcomp: name[2]=race
// expect circ: name[2]=race
#include <pthread.h>
#include <stdlib.h>
#include <string.h>
char name[8] = "abcdefg";
void *writer(void *arg) {
  name[2] = 'x';
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
