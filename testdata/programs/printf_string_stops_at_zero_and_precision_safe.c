// printf reads a %s string only up to its terminating 0, and at most
// its precision: the worker reads word[0..1] and tag[0..1], never the
// cells main writes while it runs.
// expect svcomp: word[2]=safe tag[3]=safe
// expect circ: word[2]=safe tag[3]=safe
#include <pthread.h>
#include <stdio.h>
char word[4] = {'a'};
char tag[4] = {'a', 'b', 'c'};
void *worker(void *arg) {
  printf("%s %.2s\n", word, tag);
  puts(word);
  return 0;
}
int main(void) {
  pthread_t t;
  pthread_create(&t, 0, worker, 0);
  word[2] = 'z';
  tag[3] = 'z';
  return 0;
}
