// A pointer argument that may be null: the library need not dereference
// it, so the run goes on after the call (a null pointer given to a
// library is no runtime error), and main's unguarded write races.
// expect svcomp: flag=race
// expect circ: flag=race
#include <pthread.h>

extern void maybe_fill(int *out);
extern int choose(void);

int flag;
int local_copy;

void *worker(void *arg) {
  flag = 1;
  return 0;
}

int main() {
  pthread_t t;
  int *p = choose() ? &local_copy : 0;
  maybe_fill(p);
  pthread_create(&t, 0, worker, 0);
  flag = 2;
  return 0;
}
