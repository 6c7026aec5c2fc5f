// A variadic function of the program is inlined: its variadic arguments
// are evaluated at the call, and vfprintf reads every char pointer
// among them as a string (circ does not know the format it prints; an
// approximation the report lists). The worker's log of name reads
// name[0], which main writes; count is read as a value at the call.
// expect svcomp: name[0]=race count=race
// expect circ: name[0]=race count=race
#include <pthread.h>
#include <stdarg.h>
#include <stdio.h>
char name[4] = {'a'};
int count;
static void log_msg(const char *fmt, ...) {
  va_list ap;
  va_start(ap, fmt);
  vfprintf(stderr, fmt, ap);
  va_end(ap);
}
void *worker(void *arg) {
  log_msg("%s: %d\n", name, count);
  return 0;
}
int main(void) {
  pthread_t t;
  pthread_create(&t, 0, worker, 0);
  name[0] = 'b';
  count = 1;
  return 0;
}
