// A library may hand out a struct stats on its own or the one inside a
// struct session it owns: the two unsynchronized writes may touch the
// same counter.
// expect svcomp: extern(struct_session).st.count=race
// expect circ: extern(struct_session).st.count=race
// expect-undefined: 16 23
#include <pthread.h>

struct stats { int count; };
struct session { struct stats st; };

extern struct stats *current_stats(void);
extern struct session *current_session(void);

void *worker(void *arg) {
  current_stats()->count = 1;
  return 0;
}

int main() {
  pthread_t t;
  pthread_create(&t, 0, worker, 0);
  current_session()->st.count = 2;
  return 0;
}
