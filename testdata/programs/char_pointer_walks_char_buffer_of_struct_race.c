// Byte arithmetic inside a struct's char buffer moves as C does: the
// worker's pointer starts 3 chars into name, at name[3], which main
// reads; the int members around the buffer are cells of their own that
// no char pointer crosses.
// expect svcomp: s.name[3]=race s.name[2]=safe s.len=safe
// expect circ: s.name[3]=race s.name[2]=safe s.len=safe
#include <pthread.h>
struct entry {
  int id;
  char name[8];
  int len;
} s;
int seen;
void *worker(void *arg) {
  char *p = s.name + 3;
  *p = 'x';
  seen = s.len + s.name[2];
  return 0;
}
int main(void) {
  pthread_t t;
  s.len = 8;
  pthread_create(&t, 0, worker, 0);
  seen = s.name[3] + s.name[2];
  return 0;
}
