// main takes a block on its stack in every round of a loop (alloca: a
// new block each time) and publishes the second under a lock; the
// worker writes through the published pointer while main writes the
// block again after unlocking: a race on the blocks of the site, of
// which circ may track any (not only the first).
// expect svcomp: alloca@alloca_in_a_loop_second_block_published_race.c:26=race
// expect circ: alloca@alloca_in_a_loop_second_block_published_race.c:26=race
#include <alloca.h>
#include <pthread.h>
extern int __VERIFIER_nondet_int(void);
pthread_mutex_t m = PTHREAD_MUTEX_INITIALIZER;
int *sh;
void *w(void *a) {
  int *p;
  pthread_mutex_lock(&m);
  p = sh;
  pthread_mutex_unlock(&m);
  if (p) *p = 1;
  return 0;
}
int main(void) {
  pthread_t t;
  pthread_create(&t, 0, w, 0);
  int i = 0;
  while (__VERIFIER_nondet_int()) {
    int *q = alloca(sizeof(int));
    *q = 0;
    if (i == 1) {
      pthread_mutex_lock(&m);
      sh = q;
      pthread_mutex_unlock(&m);
      *q = 2;
    }
    i++;
  }
  pthread_join(t, 0);
  return 0;
}
