// Two threads of t with constant arguments are split into a template
// each (cfa.Program.SplitByArgument): each copy must still know its own
// id, which is never 0, so both write g.
// expect svcomp: g=race
// expect circ: g=race
#include <pthread.h>
int g;
void *t(void *p) {
  if (pthread_self() != 0)
    g = 1;
  return 0;
}
int main(void) {
  pthread_t a, b;
  pthread_create(&a, 0, t, (void *)1);
  pthread_create(&b, 0, t, (void *)2);
  return 0;
}
