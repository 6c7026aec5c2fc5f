// As in the race variant, but both writes hold one global lock: the
// counters may be the same, and the lock orders them.
// expect svcomp: extern(struct_session).st.count=safe extern(struct_stats).count=safe
// expect circ: extern(struct_session).st.count=safe extern(struct_stats).count=safe
// expect-explicit svcomp: extern(struct_session).st.count=unknown extern(struct_stats).count=unknown
// expect-explicit circ: extern(struct_session).st.count=unknown extern(struct_stats).count=unknown
// expect-undefined: 20 29
#include <pthread.h>

struct stats { int count; };
struct session { struct stats st; };

extern struct stats *current_stats(void);
extern struct session *current_session(void);

pthread_mutex_t m = PTHREAD_MUTEX_INITIALIZER;

void *worker(void *arg) {
  pthread_mutex_lock(&m);
  current_stats()->count = 1;
  pthread_mutex_unlock(&m);
  return 0;
}

int main() {
  pthread_t t;
  pthread_create(&t, 0, worker, 0);
  pthread_mutex_lock(&m);
  current_session()->st.count = 2;
  pthread_mutex_unlock(&m);
  return 0;
}
