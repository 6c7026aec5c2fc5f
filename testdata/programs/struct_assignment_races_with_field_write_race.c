// A struct assignment s = s2 writes every field of s, so it races with a
// thread's unguarded write of s.data even though main never names data;
// s2 is only read, and only main touches it.
// expect svcomp: s.data=race s.id=safe
// expect circ: s.data=race s.id=safe
#include <pthread.h>

struct rec {
  int id;
  int data;
} s, s2 = {1, 2};

void *writer(void *arg) {
  s.data = 1;
  return 0;
}

int main(void) {
  pthread_t t;
  pthread_create(&t, 0, writer, 0);
  s = s2;
  return 0;
}
