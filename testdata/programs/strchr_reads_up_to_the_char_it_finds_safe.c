// strchr reads its string up to the first char equal to the one it
// looks for: finding 'b' in "ab..." reads word[0] and word[1] only, and
// returns &word[1].
// expect svcomp: word[2]=safe
// expect circ: word[2]=safe
#include <pthread.h>
#include <string.h>
char word[4] = {'a', 'b', 'c'};
int at;
void *worker(void *arg) {
  char *p = strchr(word, 'b');
  at = p == word + 1;
  return 0;
}
int main(void) {
  pthread_t t;
  pthread_create(&t, 0, worker, 0);
  word[2] = 'z';
  return 0;
}
