// list_handed_over_through_flag_safe.c where the producer changes the
// first node's value after publishing the list.
// expect svcomp: head=safe ready=safe malloc@list_handed_over_through_flag_race.c:17.val=race malloc@list_handed_over_through_flag_race.c:17.next=safe malloc@list_handed_over_through_flag_race.c:18.val=safe malloc@list_handed_over_through_flag_race.c:18.next=safe
// expect circ: head=safe ready=safe malloc@list_handed_over_through_flag_race.c:17.val=race malloc@list_handed_over_through_flag_race.c:17.next=safe malloc@list_handed_over_through_flag_race.c:18.val=safe malloc@list_handed_over_through_flag_race.c:18.next=safe
// expect-explicit svcomp: head=unknown ready=unknown malloc@list_handed_over_through_flag_race.c:17.next=unknown malloc@list_handed_over_through_flag_race.c:18.val=unknown malloc@list_handed_over_through_flag_race.c:18.next=unknown
// expect-explicit circ: head=unknown ready=unknown malloc@list_handed_over_through_flag_race.c:17.next=unknown malloc@list_handed_over_through_flag_race.c:18.val=unknown malloc@list_handed_over_through_flag_race.c:18.next=unknown
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
  a->val = 3;
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
