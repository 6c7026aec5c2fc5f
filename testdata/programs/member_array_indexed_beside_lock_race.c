// As member_array_indexed_beside_lock_safe, but main writes the element
// it picks without the lock (the count it still updates under it).
// expect svcomp: c.slots[0]=race c.slots[2]=race c.count=safe
// expect circ: c.slots[0]=race c.slots[2]=race c.count=safe
#include <pthread.h>

extern _Bool __VERIFIER_nondet_bool(void);

struct cache {
  int slots[3];
  pthread_mutex_t lock;
  int count;
} c = { {0, 0, 0}, PTHREAD_MUTEX_INITIALIZER, 0 };

void put(void) {
  int i = __VERIFIER_nondet_bool() + __VERIFIER_nondet_bool();
  pthread_mutex_lock(&c.lock);
  c.slots[i]++;
  c.count++;
  pthread_mutex_unlock(&c.lock);
}

void *worker(void *arg) {
  put();
  return 0;
}

int main(void) {
  pthread_t t;
  pthread_create(&t, 0, worker, 0);
  int j = __VERIFIER_nondet_bool() + __VERIFIER_nondet_bool();
  c.slots[j] = 5;
  pthread_mutex_lock(&c.lock);
  c.count++;
  pthread_mutex_unlock(&c.lock);
  return 0;
}
