// As in the safe variant, but main resets the counter without taking
// the object's mutex: if the library hands both threads the same
// object, the accesses race.
// expect svcomp: extern(struct_conn).hits=race
// expect circ: extern(struct_conn).hits=race
// expect-undefined: 18 28
#include <pthread.h>

struct conn {
  int hits;
  pthread_mutex_t lock;
};

extern struct conn *lookup_conn(int id);

void *worker(void *arg) {
  struct conn *c = lookup_conn(1);
  pthread_mutex_lock(&c->lock);
  c->hits++;
  pthread_mutex_unlock(&c->lock);
  return 0;
}

int main() {
  pthread_t t;
  pthread_create(&t, 0, worker, 0);
  struct conn *c = lookup_conn(2);
  c->hits = 0;
  return 0;
}
