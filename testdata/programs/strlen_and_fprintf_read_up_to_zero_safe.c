// strlen, fputs and fprintf to stderr read a string only up to its
// terminating 0: the worker reads word[0..1], never word[2], which main
// writes while it runs. glibc locks stderr, so the two prints do not
// race with each other.
// expect svcomp: word[2]=safe
// expect circ: word[2]=safe
#include <pthread.h>
#include <stdio.h>
#include <string.h>
char word[4] = {'a'};
void *worker(void *arg) {
  if (strlen(word) == 1)
    fputs(word, stderr);
  fprintf(stderr, "%s\n", word);
  return 0;
}
int main(void) {
  pthread_t t;
  pthread_create(&t, 0, worker, 0);
  word[2] = 'z';
  fprintf(stderr, "main\n");
  return 0;
}
