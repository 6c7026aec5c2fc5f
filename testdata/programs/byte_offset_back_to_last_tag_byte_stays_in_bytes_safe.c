// p = r.tag + k, then p[3 - k]: the ranges stage, which keeps each
// variable's interval on its own, cannot show that the byte arithmetic
// stays in tag, so circ guards it at run time; the CIRC engine proves
// the guard never fails (p - r.tag == k), and the locations keep their
// proofs.
// expect svcomp: g=safe
// expect circ: g=safe
// expect-explicit svcomp: g=unknown
// expect-explicit circ: g=unknown
#include <pthread.h>

extern int __VERIFIER_nondet_int(void);

struct rec {
  unsigned char tag[4];
  int len;
};
struct rec r;
int g;
pthread_mutex_t m = PTHREAD_MUTEX_INITIALIZER;

void *worker(void *arg) {
  pthread_mutex_lock(&m);
  g++;
  pthread_mutex_unlock(&m);
  return 0;
}

int main(void) {
  pthread_t t;
  int k = __VERIFIER_nondet_int();
  if (k < 0 || k > 3)
    k = 0;
  unsigned char *p = r.tag + k;
  p[3 - k] = 1;
  pthread_create(&t, 0, worker, 0);
  pthread_mutex_lock(&m);
  g++;
  pthread_mutex_unlock(&m);
  pthread_join(t, 0);
  return r.tag[3];
}
