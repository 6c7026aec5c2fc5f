// A CIL merge of a 32-bit build declares size_t unsigned int: circ
// reads it as ILP32, where a pointer fits in an unsigned int. The
// worker keeps the node's address in one, tests it against null as an
// unsigned int and writes through it, without the lock main's write
// takes.
// expect svcomp: node.count=race
// expect circ: node.count=race
typedef unsigned int size_t;
typedef unsigned long pthread_t;
union pthread_attr_t { char size[36]; long align; };
typedef union pthread_attr_t pthread_attr_t;
extern int pthread_create(pthread_t *t, pthread_attr_t const *a, void *(*f)(void *), void *arg);
extern int pthread_join(pthread_t t, void **ret);

struct node { int count; };
struct node node;
struct node *head = &node;

void *worker(void *arg) {
  unsigned int kept = (unsigned int)head;
  if (kept != (unsigned int)((void *)0))
    ((struct node *)kept)->count++;
  return (void *)0;
}

int main(void) {
  pthread_t t;
  pthread_create(&t, (pthread_attr_t const *)0, worker, (void *)0);
  node.count = 5;
  pthread_join(t, (void **)0);
  return 0;
}
