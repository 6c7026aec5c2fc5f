// Cache entries, each a struct of a counter and its own mutex, in an
// array: any number of workers update an entry under that entry's
// mutex, both indexed by the same variable.
// expect svcomp: cache[0].refs=safe cache[1].refs=safe cache[2].refs=safe
// expect circ: cache[0].refs=safe cache[1].refs=safe cache[2].refs=safe
// expect-explicit svcomp: cache[0].refs=unknown cache[1].refs=unknown cache[2].refs=unknown
// expect-explicit circ: cache[0].refs=unknown cache[1].refs=unknown cache[2].refs=unknown
#include <pthread.h>
struct s { int refs; pthread_mutex_t refs_mutex; } cache[3];
void *t(void *arg) {
  int i = __VERIFIER_nondet_int();
  if (i < 0 || i > 2) return 0;
  pthread_mutex_lock(&cache[i].refs_mutex);
  cache[i].refs++;
  pthread_mutex_unlock(&cache[i].refs_mutex);
  return 0;
}
int main(void) {
  pthread_t h;
  for (int i = 0; i < 3; i++) pthread_mutex_init(&cache[i].refs_mutex, 0);
  while (__VERIFIER_nondet_int()) pthread_create(&h, 0, t, 0);
  return 0;
}
