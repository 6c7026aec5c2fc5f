// The safe variant of printf_unreadable_format_may_store_through_int_pointer_race.c:
// the worker is joined before the printf whose format may store into n.
// expect svcomp: n=safe
// expect circ: n=safe
// expect-explicit svcomp: n=unknown
// expect-explicit circ: n=unknown
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
  pthread_join(t, 0);
  printf(fmt, &n);
  return 0;
}
