// A preprocessed file (CIL's output) keeps glibc's ctype macros
// expanded: isdigit(c) is a lookup in the library's table through
// __ctype_b_loc(), indexed by the char. The lookup is in bounds for any
// char (the table has 384 entries, the pointer at entry 128); the char
// the worker classifies is one main writes meanwhile, a race, while
// the count only the worker writes is not shared.
// expect svcomp: line[0]=race
// expect circ: line[0]=race
#include <pthread.h>

extern const unsigned short **__ctype_b_loc(void) __attribute__((__const__));

char line[4] = "7";
int digits;

void *worker(void *arg) {
  if ((*__ctype_b_loc())[(int)line[0]] & 2048)
    digits++;
  return 0;
}

int main(void) {
  pthread_t t;
  pthread_create(&t, 0, worker, 0);
  line[0] = 'x';
  pthread_join(t, 0);
  return digits;
}
