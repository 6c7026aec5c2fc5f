// The race variant of double_checked_initialization_safe.c: the flag is
// a plain int, so the first, unlocked check of one thread races with
// another thread's store of the flag under the mutex.
// expect svcomp: ready=race config.port=safe config.retries=safe lookups=safe
// expect circ: ready=race config.port=safe config.retries=safe lookups=safe
#include <pthread.h>
#include <stdatomic.h>

extern int __VERIFIER_nondet_int(void);

struct config {
  int port;
  int retries;
};

struct config config;
int ready;
long lookups;
pthread_mutex_t init_lock = PTHREAD_MUTEX_INITIALIZER;
pthread_mutex_t stats_lock = PTHREAD_MUTEX_INITIALIZER;

static void load_config(struct config *c) {
  c->port = 8080;
  c->retries = 3;
}

static const struct config *get_config(void) {
  if (!ready) {
    pthread_mutex_lock(&init_lock);
    if (!ready) {
      load_config(&config);
      ready = 1;
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
