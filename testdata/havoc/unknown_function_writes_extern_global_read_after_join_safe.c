// The worker's library call may write status, but main reads it only
// after the join; the library's own global that the program never names
// (errors) is the library's business.
// expect svcomp: status=safe
// expect circ: status=safe
#include <pthread.h>

extern int status;
extern int errors;
extern void refresh(void);

void *worker(void *p) {
  refresh();
  return 0;
}

int main(void) {
  pthread_t t;
  pthread_create(&t, 0, worker, 0);
  pthread_join(t, 0);
  return status;
}
