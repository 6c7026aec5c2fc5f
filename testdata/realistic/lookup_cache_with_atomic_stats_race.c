// The race variant of lookup_cache_with_atomic_stats_safe.c: a lookup
// first peeks at its slot without the lock, a "fast path" that reads the
// key and the value while another thread installs or invalidates them.
// expect svcomp: slots[0].key=race slots[0].value=race slots[3].value=race hits=safe misses=safe
// expect circ: slots[0].key=race slots[0].value=race slots[3].value=race hits=safe misses=safe
#include <pthread.h>
#include <stdatomic.h>

extern int __VERIFIER_nondet_int(void);

#define NSLOTS 4
#define EMPTY (-1)

struct slot {
  int key;
  int value;
};

struct slot slots[NSLOTS] = {{EMPTY, 0}, {EMPTY, 0}, {EMPTY, 0}, {EMPTY, 0}};
atomic_long hits, misses;
pthread_mutex_t cache_lock = PTHREAD_MUTEX_INITIALIZER;

static int compute(int key) {
  return key * 2 + 1; // stands for an expensive computation
}

static int lookup(int key) {
  int s = key & (NSLOTS - 1);
  if (slots[s].key == key) // fast path, without the lock
    return slots[s].value;
  pthread_mutex_lock(&cache_lock);
  if (slots[s].key == key) {
    int v = slots[s].value;
    pthread_mutex_unlock(&cache_lock);
    atomic_fetch_add(&hits, 1);
    return v;
  }
  pthread_mutex_unlock(&cache_lock);
  atomic_fetch_add(&misses, 1);
  int v = compute(key);
  pthread_mutex_lock(&cache_lock);
  slots[s].key = key;
  slots[s].value = v;
  pthread_mutex_unlock(&cache_lock);
  return v;
}

void *client(void *arg) {
  int key = __VERIFIER_nondet_int() & 255;
  return (void *)(long)lookup(key);
}

void *invalidator(void *arg) {
  pthread_mutex_lock(&cache_lock);
  for (int s = 0; s < NSLOTS; s++)
    slots[s].key = EMPTY;
  pthread_mutex_unlock(&cache_lock);
  return 0;
}

void *monitor(void *arg) {
  long h = atomic_load(&hits), m = atomic_load(&misses);
  return (void *)(h * 100 / (h + m + 1));
}

int main(void) {
  pthread_t t;
  pthread_create(&t, 0, invalidator, 0);
  pthread_create(&t, 0, monitor, 0);
  while (__VERIFIER_nondet_int())
    pthread_create(&t, 0, client, 0);
  return 0;
}
