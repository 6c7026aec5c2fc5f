// A producer builds a two-node list and publishes it by setting a flag
// under a mutex; the consumer walks the list only after seeing the flag,
// so the nodes are never accessed concurrently.
// expect svcomp: head=safe ready=safe malloc@list_handed_over_through_flag_safe.c:18.val=safe malloc@list_handed_over_through_flag_safe.c:18.next=safe malloc@list_handed_over_through_flag_safe.c:19.val=safe malloc@list_handed_over_through_flag_safe.c:19.next=safe
// expect circ: head=safe ready=safe malloc@list_handed_over_through_flag_safe.c:18.val=safe malloc@list_handed_over_through_flag_safe.c:18.next=safe malloc@list_handed_over_through_flag_safe.c:19.val=safe malloc@list_handed_over_through_flag_safe.c:19.next=safe
// expect-explicit svcomp: head=unknown ready=unknown malloc@list_handed_over_through_flag_safe.c:18.val=unknown malloc@list_handed_over_through_flag_safe.c:18.next=unknown malloc@list_handed_over_through_flag_safe.c:19.val=unknown malloc@list_handed_over_through_flag_safe.c:19.next=unknown
// expect-explicit circ: head=unknown ready=unknown malloc@list_handed_over_through_flag_safe.c:18.val=unknown malloc@list_handed_over_through_flag_safe.c:18.next=unknown malloc@list_handed_over_through_flag_safe.c:19.val=unknown malloc@list_handed_over_through_flag_safe.c:19.next=unknown
#include <pthread.h>
#include <stdlib.h>

struct node { int val; struct node *next; };
struct node *head;
int ready;
pthread_mutex_t m = PTHREAD_MUTEX_INITIALIZER;

void *producer(void *arg) {
  struct node *a, *b;
  a = malloc(sizeof(struct node));
  b = malloc(sizeof(struct node));
  if (!a || !b)
    return 0;
  b->val = 2;
  b->next = 0;
  a->val = 1;
  a->next = b;
  head = a;
  pthread_mutex_lock(&m);
  ready = 1;
  pthread_mutex_unlock(&m);
  return 0;
}

void *consumer(void *arg) {
  int r, sum = 0;
  pthread_mutex_lock(&m);
  r = ready;
  pthread_mutex_unlock(&m);
  if (!r)
    return 0;
  for (struct node *n = head; n; n = n->next)
    sum += n->val;
  return 0;
}

int main() {
  pthread_t p, c;
  pthread_create(&c, 0, consumer, 0);
  pthread_create(&p, 0, producer, 0);
  return 0;
}
