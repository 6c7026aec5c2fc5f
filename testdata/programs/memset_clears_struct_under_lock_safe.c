// main clears a shared struct with memset while holding the lock the
// workers read it under.
// expect svcomp: s.count=safe s.limit=safe
// expect circ: s.count=safe s.limit=safe
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
  pthread_mutex_lock(&m);
  memset(&s, 0, sizeof(s));
  pthread_mutex_unlock(&m);
  return 0;
}
