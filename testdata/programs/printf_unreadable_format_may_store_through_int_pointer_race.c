// A format circ cannot read (chosen at run time) may hold %n, which
// stores the count of chars printed through an int pointer argument:
// the store into n races with the worker's read.
// expect svcomp: n=race
// expect circ: n=race
#include <pthread.h>
#include <stdio.h>

int n;

void *worker(void *arg) {
  return (void *)(long)n;
}

int main(int argc, char **argv) {
  pthread_t t;
  const char *fmt = argc > 1 ? "%n" : "-";
  pthread_create(&t, 0, worker, 0);
  printf(fmt, &n);
  pthread_join(t, 0);
  return 0;
}
