// struct_with_mutex_field_safe.c with two counters, each with its own
// lock field, and a thread that takes a.lock to update b.count: the
// locks are different objects, so b.count races.
// expect svcomp: a.count=safe b.count=race
// expect circ: a.count=safe b.count=race
#include <pthread.h>

struct counter {
  pthread_mutex_t lock;
  int count;
} a, b;

void *inc_a(void *arg) {
  pthread_mutex_lock(&a.lock);
  a.count++;
  pthread_mutex_unlock(&a.lock);
  return 0;
}

void *inc_b_wrong_lock(void *arg) {
  pthread_mutex_lock(&a.lock);
  b.count++;
  pthread_mutex_unlock(&a.lock);
  return 0;
}

void *inc_b(void *arg) {
  pthread_mutex_lock(&b.lock);
  b.count++;
  pthread_mutex_unlock(&b.lock);
  return 0;
}

int main(void) {
  pthread_t t1, t2, t3;
  pthread_mutex_init(&a.lock, 0);
  pthread_mutex_init(&b.lock, 0);
  pthread_create(&t1, 0, inc_a, 0);
  pthread_create(&t2, 0, inc_b_wrong_lock, 0);
  pthread_create(&t3, 0, inc_b, 0);
  return 0;
}
