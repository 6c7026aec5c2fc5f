// strcmp reads both strings only up to their first difference: "ab"
// and "ax" differ at index 1, so the worker never reads word[2], which
// main writes while it runs. (The explicit engine tries only a few
// values of strcmp's result, so it cannot conclude.)
// expect svcomp: word[2]=safe
// expect-explicit svcomp: word[2]=unknown
// expect-explicit circ: word[2]=unknown
// expect circ: word[2]=safe
#include <pthread.h>
#include <string.h>
char word[4] = {'a', 'b'};
int same;
void *worker(void *arg) {
  same = strcmp(word, "ax") == 0;
  return 0;
}
int main(void) {
  pthread_t t;
  pthread_create(&t, 0, worker, 0);
  word[2] = 'z';
  return 0;
}
