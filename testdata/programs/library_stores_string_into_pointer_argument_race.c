// An undefined function given &domain may store a pointer there: the
// one it held, null, or a string of its own (yp_get_default_domain's
// contract). That store races with the worker's read of domain.
// expect svcomp: domain=race
// expect circ: domain=race
#include <pthread.h>
extern int get_default_domain(char **out);
char *domain;
int seen;
void *worker(void *arg) {
  if (domain)
    seen = 1;
  return 0;
}
int main(void) {
  pthread_t t;
  pthread_create(&t, 0, worker, 0);
  get_default_domain(&domain);
  return 0;
}
