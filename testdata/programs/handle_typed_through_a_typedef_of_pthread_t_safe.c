// A thread handle declared through a typedef of pthread_t (typedef
// pthread_t tid_t;) is a handle like any other: the join orders the
// worker's write before main's read.
// expect svcomp: x=safe
// expect circ: x=safe
#include <pthread.h>
typedef pthread_t tid_t;
int x;
void *worker(void *arg) {
  x = 1;
  return 0;
}
int main(void) {
  tid_t t;
  pthread_create(&t, 0, worker, 0);
  pthread_join(t, 0);
  return x;
}
