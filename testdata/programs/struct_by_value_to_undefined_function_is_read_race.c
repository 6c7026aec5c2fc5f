// A struct passed by value to a function with no body (an RPC call's
// struct timeval, say) is copied at the call: every member is read
// there, and the library gets no address of the program's from it.
// main's copy of the shared timeout races with the worker's write.
// expect svcomp: timeout.tv_sec=race timeout.tv_usec=race
// expect circ: timeout.tv_sec=race timeout.tv_usec=race
#include <pthread.h>

struct timeout { long tv_sec; long tv_usec; };

int lib_wait(int fd, struct timeout t);

struct timeout timeout;

void *worker(void *arg) {
  timeout.tv_sec = 5;
  timeout.tv_usec = 0;
  return 0;
}

int main(void) {
  pthread_t t;
  pthread_create(&t, 0, worker, 0);
  lib_wait(3, timeout);
  pthread_join(t, 0);
  return 0;
}
