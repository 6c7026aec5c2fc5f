// struct_assignment_races_with_field_write_race.c with the copy after the
// join: the thread's write of s.data is ordered before main's s = s2.
// expect svcomp: s.data=safe s.id=safe
// expect circ: s.data=safe s.id=safe
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
  pthread_join(t, 0);
  s = s2;
  return 0;
}
