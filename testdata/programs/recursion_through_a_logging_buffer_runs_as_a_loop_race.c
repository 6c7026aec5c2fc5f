// log_line formats into a buffer of its own frame; when formatting
// fails it reports through fatal, which logs again and aborts: a
// recursion whose code gives a pointer to the library, which circ runs
// as a loop back to the first call's start. Two workers log: lines is
// counted under a lock, last_len written without one.
// expect svcomp: lines=safe last_len=race
// expect circ: lines=safe last_len=race
// expect-explicit svcomp: lines=unknown
// expect-explicit circ: lines=unknown
#include <pthread.h>
#include <stdio.h>
#include <stdlib.h>

int lines;
int last_len;
pthread_mutex_t m = PTHREAD_MUTEX_INITIALIZER;

void fatal(const char *msg);

void log_line(const char *msg, int nested) {
  char buf[3];
  int n;
  n = snprintf(buf, sizeof buf, "%s", msg);
  if (n < 0 && !nested)
    fatal(msg);
  pthread_mutex_lock(&m);
  lines++;
  pthread_mutex_unlock(&m);
  last_len = n;
}

void fatal(const char *msg) {
  log_line(msg, 1);
  abort();
}

void *worker(void *arg) {
  log_line("hi", 0);
  return 0;
}

int main(void) {
  pthread_t t1, t2;
  pthread_create(&t1, 0, worker, 0);
  pthread_create(&t2, 0, worker, 0);
  pthread_join(t1, 0);
  pthread_join(t2, 0);
  return lines;
}
