// main pushes blocks allocated in a loop onto a list under a mutex while
// a worker walks the list under the same mutex. The list head is proved
// safe; the nodes' fields are reached through next pointers of blocks
// circ does not track (any value), so a trace through them is no
// evidence and their verdict is unknown.
// expect svcomp: head=safe malloc@heap_list_built_in_loop_walked_under_lock_safe.c:32.v=safe
// expect circ: head=safe malloc@heap_list_built_in_loop_walked_under_lock_safe.c:32.v=safe
// expect-circ-engine svcomp: malloc@heap_list_built_in_loop_walked_under_lock_safe.c:32.v=unknown
// expect-circ-engine circ: malloc@heap_list_built_in_loop_walked_under_lock_safe.c:32.v=unknown
// expect-explicit svcomp: head=unknown malloc@heap_list_built_in_loop_walked_under_lock_safe.c:32.v=unknown
// expect-explicit circ: head=unknown malloc@heap_list_built_in_loop_walked_under_lock_safe.c:32.v=unknown
// explicit-max-states: 20000
#include <pthread.h>
#include <stdlib.h>

struct node { int v; struct node *next; };
struct node *head;
pthread_mutex_t m = PTHREAD_MUTEX_INITIALIZER;

void *walker(void *arg) {
  pthread_mutex_lock(&m);
  for (struct node *p = head; p; p = p->next)
    p->v++;
  pthread_mutex_unlock(&m);
  return 0;
}

int main() {
  pthread_t h;
  pthread_create(&h, 0, walker, 0);
  while (__VERIFIER_nondet_int()) {
    struct node *n = malloc(sizeof *n);
    if (!n)
      return 1;
    n->v = 0;
    pthread_mutex_lock(&m);
    n->next = head;
    head = n;
    pthread_mutex_unlock(&m);
  }
  return 0;
}
