// An undefined function given a buffer of the program may return a
// pointer to any of its chars (as strchr does): the buffer is an
// element summary (past 4096 chars), and the result may be any element
// of it, so the worker's write through it races with main's write of
// another char.
// expect svcomp: text[*]=race
// expect circ: text[*]=race
#include <pthread.h>
#include <stddef.h>
char *find_separator(char *s);
char text[5000];
void *worker(void *arg) {
  char *sep = find_separator(text);
  if (sep)
    *sep = 0;
  return 0;
}
int main(void) {
  pthread_t t;
  pthread_create(&t, 0, worker, 0);
  text[1] = ',';
  pthread_join(t, 0);
  return 0;
}
