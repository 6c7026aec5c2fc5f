// A routing table read by any number of lookup threads under the read
// side of a reader-writer lock and replaced, entry by entry, by one
// updater thread under the write side. Lookups count their hits under a
// mutex of their own.
// expect svcomp: routes[1].gateway=safe routes[1].metric=safe generation=safe hits=safe
// expect circ: routes[1].gateway=safe routes[1].metric=safe generation=safe hits=safe
#include <pthread.h>

extern int __VERIFIER_nondet_int(void);

#define NROUTES 4

struct route {
  int prefix;
  int gateway;
  int metric;
};

struct route routes[NROUTES];
int generation;
long hits;
pthread_rwlock_t table_lock = PTHREAD_RWLOCK_INITIALIZER;
pthread_mutex_t hits_lock = PTHREAD_MUTEX_INITIALIZER;

static int lookup(int prefix) {
  int gw = -1, best = 1 << 30;
  pthread_rwlock_rdlock(&table_lock);
  if (generation == 0) { // no update yet: the table is empty
    pthread_rwlock_unlock(&table_lock);
    return -1;
  }
  for (int i = 0; i < NROUTES; i++) {
    if (routes[i].prefix == prefix && routes[i].metric < best) {
      best = routes[i].metric;
      gw = routes[i].gateway;
    }
  }
  pthread_rwlock_unlock(&table_lock);
  return gw;
}

void *reader(void *arg) {
  if (lookup(__VERIFIER_nondet_int()) >= 0) {
    pthread_mutex_lock(&hits_lock);
    hits++;
    pthread_mutex_unlock(&hits_lock);
  }
  return 0;
}

void *updater(void *arg) {
  for (int i = 0; i < NROUTES; i++) {
    pthread_rwlock_wrlock(&table_lock);
    routes[i].gateway = __VERIFIER_nondet_int();
    routes[i].metric = i + 1;
    generation++;
    pthread_rwlock_unlock(&table_lock);
  }
  return 0;
}

int main(void) {
  pthread_t t;
  int n = __VERIFIER_nondet_int();
  pthread_create(&t, 0, updater, 0);
  for (int i = 0; i < n; i++)
    pthread_create(&t, 0, reader, 0);
  return lookup(1) < 0;
}
