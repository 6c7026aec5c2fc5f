// As in the race variant, but config is static: no other file can name
// it, so the library's object is never main's config.
// expect svcomp: config.verbose=safe extern(struct_cfg).verbose=safe
// expect circ: config.verbose=safe extern(struct_cfg).verbose=safe
// expect-explicit svcomp: config.verbose=unknown extern(struct_cfg).verbose=unknown
// expect-explicit circ: config.verbose=unknown extern(struct_cfg).verbose=unknown
// expect-undefined: 16
#include <pthread.h>

struct cfg { int verbose; };
static struct cfg config;

extern struct cfg *current_config(void);

void *worker(void *arg) {
  current_config()->verbose = 1;
  return 0;
}

int main() {
  pthread_t t;
  pthread_create(&t, 0, worker, 0);
  return config.verbose;
}
