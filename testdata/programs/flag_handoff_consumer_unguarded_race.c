// The hand-off of flag_handoff_sequence_number_safe.c where the consumer
// reads buf before checking the flag: the read races with the producer's
// write of the next sequence number. seq stays private to the producer.
// expect svcomp: buf=race seq=safe full=safe
// expect circ: buf=race seq=safe full=safe
// expect-explicit svcomp: buf=race seq=unknown full=unknown
// expect-explicit circ: buf=race seq=unknown full=unknown
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
    v = buf;
    __VERIFIER_atomic_begin();
    f = full;
    __VERIFIER_atomic_end();
    if (f == 1) {
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
