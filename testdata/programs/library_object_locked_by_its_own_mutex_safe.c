// Two threads each get an object from a library circ cannot see (maybe
// the same one) and update its counter under the object's own mutex:
// whichever objects they get, equal objects mean the same mutex.
// expect svcomp: extern(struct_conn).hits=safe
// expect circ: extern(struct_conn).hits=safe
// expect-explicit svcomp: extern(struct_conn).hits=unknown
// expect-explicit circ: extern(struct_conn).hits=unknown
// expect-undefined: 20 30
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
  pthread_mutex_lock(&c->lock);
  c->hits = 0;
  pthread_mutex_unlock(&c->lock);
  return 0;
}
