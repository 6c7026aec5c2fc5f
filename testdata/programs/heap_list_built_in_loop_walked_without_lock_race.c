// heap_list_built_in_loop_walked_under_lock_safe.c where the walker
// takes no lock: it reads the head while main pushes.
// expect svcomp: head=race
// expect circ: head=race
#include <pthread.h>
#include <stdlib.h>

struct node { int v; struct node *next; };
struct node *head;
pthread_mutex_t m = PTHREAD_MUTEX_INITIALIZER;

void *walker(void *arg) {
  for (struct node *p = head; p; p = p->next)
    p->v++;
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
