// struct_array_element_locks_safe.c where the worker locks the mutex of
// another entry (j) than the one it updates (i).
// expect svcomp: cache[0].refs=race cache[1].refs=race cache[2].refs=race
// expect circ: cache[0].refs=race cache[1].refs=race cache[2].refs=race
// explicit-threads: 2
#include <pthread.h>
struct s { int refs; pthread_mutex_t refs_mutex; } cache[3];
void *t(void *arg) {
  int i = __VERIFIER_nondet_int(), j = __VERIFIER_nondet_int();
  if (i < 0 || i > 2 || j < 0 || j > 2) return 0;
  pthread_mutex_lock(&cache[j].refs_mutex);
  cache[i].refs++;
  pthread_mutex_unlock(&cache[j].refs_mutex);
  return 0;
}
int main(void) {
  pthread_t h;
  for (int i = 0; i < 3; i++) pthread_mutex_init(&cache[i].refs_mutex, 0);
  while (__VERIFIER_nondet_int()) pthread_create(&h, 0, t, 0);
  return 0;
}
