// strerror returns a static string it overwrites at every call (POSIX
// does not make it thread-safe): main reads the message of its call
// while the worker's call rewrites it, a race on the library's strings.
// expect svcomp: extern(string)[*]=race
// expect circ: extern(string)[*]=race
#include <pthread.h>
#include <string.h>
int seen;
void *worker(void *arg) {
  strerror(2);
  return 0;
}
int main(void) {
  pthread_t t;
  char *msg = strerror(1);
  pthread_create(&t, 0, worker, 0);
  if (msg)
    seen = msg[0];
  pthread_join(t, 0);
  return 0;
}
