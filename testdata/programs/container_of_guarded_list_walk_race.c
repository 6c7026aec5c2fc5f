// As container_of_guarded_list_walk_safe, but main bumps the first
// item's datum after the walkers start, without the lock.
// expect svcomp: one.datum=race two.datum=safe
// expect circ: one.datum=race two.datum=safe
#include <pthread.h>
#include <stddef.h>

#define container_of(ptr, type, member) \
  ((type *)((char *)(ptr) - offsetof(type, member)))

struct link { struct link *next; };
struct item { int datum; struct link link; };
struct list { struct link *tail; struct link head; };

struct item one, two;
struct list l = { 0, { &l.head } };
pthread_mutex_t m = PTHREAD_MUTEX_INITIALIZER;

void *walker(void *arg) {
  pthread_mutex_lock(&m);
  struct link *p = l.head.next;
  while (p != &l.head) {
    struct item *it = container_of(p, struct item, link);
    it->datum++;
    p = p->next;
  }
  pthread_mutex_unlock(&m);
  return 0;
}

void push(struct item *it) {
  pthread_mutex_lock(&m);
  it->link.next = l.head.next;
  l.head.next = &it->link;
  pthread_mutex_unlock(&m);
}

int main(void) {
  pthread_t t1, t2;
  push(&one);
  pthread_create(&t1, 0, walker, 0);
  push(&two);
  pthread_create(&t2, 0, walker, 0);
  one.datum++;
  return 0;
}
