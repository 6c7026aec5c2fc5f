// Lazy initialization of a shared configuration, double-checked: a
// thread reads the ready flag with acquire order and, only if it is
// clear, takes the mutex, checks again, fills the configuration and sets
// the flag with release order. A thread that sees the flag set reads a
// configuration whose writes happened before the flag's store.
// expect svcomp: ready=safe config.port=safe config.retries=safe lookups=safe
// expect circ: ready=safe config.port=safe config.retries=safe lookups=safe
#include <pthread.h>
#include <stdatomic.h>

extern int __VERIFIER_nondet_int(void);

struct config {
  int port;
  int retries;
};

struct config config;
atomic_int ready;
long lookups;
pthread_mutex_t init_lock = PTHREAD_MUTEX_INITIALIZER;
pthread_mutex_t stats_lock = PTHREAD_MUTEX_INITIALIZER;

static void load_config(struct config *c) {
  c->port = 8080;
  c->retries = 3;
}

static const struct config *get_config(void) {
  if (!atomic_load_explicit(&ready, memory_order_acquire)) {
    pthread_mutex_lock(&init_lock);
    if (!atomic_load_explicit(&ready, memory_order_relaxed)) {
      load_config(&config);
      atomic_store_explicit(&ready, 1, memory_order_release);
    }
    pthread_mutex_unlock(&init_lock);
  }
  return &config;
}

void *client(void *arg) {
  const struct config *c = get_config();
  int budget = c->retries;
  while (budget-- > 0 && c->port != 8080) {
  }
  pthread_mutex_lock(&stats_lock);
  lookups++;
  pthread_mutex_unlock(&stats_lock);
  return 0;
}

int main(void) {
  pthread_t t;
  int n = __VERIFIER_nondet_int();
  for (int i = 0; i < n; i++)
    pthread_create(&t, 0, client, 0);
  const struct config *c = get_config();
  return c->port == 8080;
}
