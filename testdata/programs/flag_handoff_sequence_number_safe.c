// A producer and a consumer hand a buffer back and forth with a flag that
// is only accessed inside atomic sections: the producer writes the next
// value of an unbounded sequence number into buf and sets full; the
// consumer reads buf only once full is set, then clears it. buf and seq
// are never accessed by both at once; full is atomic-only. seq grows
// without bound, so the explicit engine cannot conclude on buf or seq.
// expect svcomp: buf=safe seq=safe full=safe
// expect circ: buf=safe seq=safe full=safe
// expect-explicit svcomp: buf=unknown seq=unknown full=unknown
// expect-explicit circ: buf=unknown seq=unknown full=unknown
// explicit-max-states: 20000
#include <pthread.h>

extern void __VERIFIER_atomic_begin(void);
extern void __VERIFIER_atomic_end(void);

int full;
int buf;
int seq;

void *producer(void *arg) {
  int f;
  while (1) {
    __VERIFIER_atomic_begin();
    f = full;
    __VERIFIER_atomic_end();
    if (f == 0) {
      seq = seq + 1;
      buf = seq;
      __VERIFIER_atomic_begin();
      full = 1;
      __VERIFIER_atomic_end();
    }
  }
}

void *consumer(void *arg) {
  int f, v;
  while (1) {
    __VERIFIER_atomic_begin();
    f = full;
    __VERIFIER_atomic_end();
    if (f == 1) {
      v = buf;
      __VERIFIER_atomic_begin();
      full = 0;
      __VERIFIER_atomic_end();
    }
  }
}

int main(void) {
  pthread_t p, c;
  pthread_create(&p, 0, producer, 0);
  pthread_create(&c, 0, consumer, 0);
  return 0;
}
