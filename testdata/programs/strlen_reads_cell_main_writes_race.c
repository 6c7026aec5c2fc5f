// strlen reads word up to its terminating 0: word[1] is not 0, so it
// reads word[2] too, while main writes it.
// expect svcomp: word[2]=race
// expect circ: word[2]=race
#include <pthread.h>
#include <string.h>
char word[4] = {'a', 'b'};
int len;
void *worker(void *arg) {
  len = (int)strlen(word);
  return 0;
}
int main(void) {
  pthread_t t;
  pthread_create(&t, 0, worker, 0);
  word[2] = 'z';
  return 0;
}
