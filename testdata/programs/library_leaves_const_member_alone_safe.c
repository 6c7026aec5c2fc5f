// A library given a struct overwrites only its members that are not
// const: the worker's read of the const member s.id cannot race (while
// the library's write of s.count races with the worker's read of it).
// expect svcomp: s.id=safe s.count=race
// expect circ: s.id=safe s.count=race
// expect-explicit svcomp: s.id=unknown s.count=race
// expect-explicit circ: s.id=unknown s.count=race
#include <pthread.h>

struct session { const int id; int count; };

extern void refresh(struct session *s);

struct session s = { 7, 0 };

void *worker(void *arg) {
  int v = s.id + s.count;
  return 0;
}

int main() {
  pthread_t t;
  pthread_create(&t, 0, worker, 0);
  refresh(&s);
  return 0;
}
