// A struct of a real program with its char buffers inline has
// thousands of cells (aget's struct request): each is a cell of its
// own. The worker writes the last char of host while main reads it;
// port, written before the worker starts, is only read after.
// expect svcomp: req.host[4999]=race req.port=safe
// expect circ: req.host[4999]=race req.port=safe
#include <pthread.h>
struct request {
  char host[5000];
  int port;
} req;
int seen, seen_port;
void *worker(void *arg) {
  req.host[4999] = 'x';
  seen_port = req.port;
  return 0;
}
int main(void) {
  pthread_t t;
  req.port = 80;
  pthread_create(&t, 0, worker, 0);
  seen = req.host[4999] + req.port;
  return 0;
}
