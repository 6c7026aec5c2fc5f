// main clears a shared struct with memset without the lock the
// workers read it under.
// expect svcomp: s.count=race s.limit=race
// expect circ: s.count=race s.limit=race
#include <pthread.h>
#include <string.h>

struct stats { int count; unsigned char limit; };
struct stats s = { 5, 9 };
pthread_mutex_t m = PTHREAD_MUTEX_INITIALIZER;

void *reader(void *arg) {
  pthread_mutex_lock(&m);
  int c = s.count + s.limit;
  pthread_mutex_unlock(&m);
  return 0;
}

int main() {
  pthread_t t;
  pthread_create(&t, 0, reader, 0);
  memset(&s, 0, sizeof(s));
  return 0;
}
