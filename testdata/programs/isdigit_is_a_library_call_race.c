// glibc's ctype macros index a table of the library's; circ reads them
// as the library functions they stand for (isdigit reads its argument
// only): main's read of c for isdigit races with the worker's write.
// expect svcomp: c=race
// expect circ: c=race
#include <ctype.h>
#include <pthread.h>
int c = '7';
void *worker(void *arg) {
  c = 'x';
  return 0;
}
int main(void) {
  pthread_t t;
  pthread_create(&t, 0, worker, 0);
  return isdigit(c) ? 1 : 0;
}
