// A struct holds an array, the lock that guards it and a count after
// it; each thread picks an element by values it does not know in
// advance. The index stays inside the member array, so the access
// never reaches the lock or the count: every element is written under
// the lock by both threads.
// expect svcomp: c.slots[0]=safe c.slots[2]=safe c.count=safe
// expect circ: c.slots[0]=safe c.slots[2]=safe c.count=safe
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
  put();
  return 0;
}
