// An undefined function given a buffer of the program may return a
// pointer to any of its chars (as strchr does): the buffer is an
// element summary (past 4096 chars), and the result may be any element
// of it; main writes the buffer before it starts the worker, so the
// worker's write through it races with nothing.
// expect svcomp: text[*]=safe
// expect circ: text[*]=safe
// expect-explicit svcomp: text[*]=unknown
// expect-explicit circ: text[*]=unknown
// expect-undefined: 18
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
  text[1] = ',';
  pthread_create(&t, 0, worker, 0);
  pthread_join(t, 0);
  return 0;
}
