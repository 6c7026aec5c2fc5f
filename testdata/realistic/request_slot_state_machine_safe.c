// One request slot of a device driver, shared by any number of client
// threads and one completion thread. The slot's mutex guards only its
// state; the request and the reply are handed over by the state, as
// split-phase drivers do, and are accessed without the lock:
//   IDLE -> FILLING    a client claims the free slot and fills the request,
//   FILLING -> QUEUED  it submits the request,
//   QUEUED -> RUNNING  the completion thread takes it and writes the reply,
//   RUNNING -> DONE    it hands the reply back,
//   DONE -> IDLE       the client that owns the slot reads the reply.
// A lockset checker warns on every field of the slot.
// expect svcomp: req.op=safe req.arg=safe reply=safe state=safe
// expect circ: req.op=safe req.arg=safe reply=safe state=safe
#include <pthread.h>

extern int __VERIFIER_nondet_int(void);

enum { IDLE, FILLING, QUEUED, RUNNING, DONE };

struct request {
  int op;
  int arg;
};

struct request req;
int reply;
int state = IDLE;
int served;
pthread_mutex_t slot_lock = PTHREAD_MUTEX_INITIALIZER;

// move changes the state from `from` to `to` if it is `from`, and says
// whether it did.
static int move(int from, int to) {
  int ok = 0;
  pthread_mutex_lock(&slot_lock);
  if (state == from) {
    state = to;
    ok = 1;
  }
  pthread_mutex_unlock(&slot_lock);
  return ok;
}

static int is(int s) {
  pthread_mutex_lock(&slot_lock);
  int r = state == s;
  pthread_mutex_unlock(&slot_lock);
  return r;
}

void *client(void *arg) {
  if (!move(IDLE, FILLING))
    return 0; // busy: try later
  req.op = __VERIFIER_nondet_int() & 3;
  req.arg = __VERIFIER_nondet_int();
  move(FILLING, QUEUED);
  while (!is(DONE)) {
    // wait for the reply
  }
  int r = reply;
  move(DONE, IDLE);
  return (void *)(long)r;
}

void *completion(void *arg) {
  for (;;) {
    if (!move(QUEUED, RUNNING))
      continue;
    switch (req.op) {
    case 0: reply = req.arg; break;
    case 1: reply = req.arg + 1; break;
    default: reply = -1; break;
    }
    pthread_mutex_lock(&slot_lock);
    served++;
    pthread_mutex_unlock(&slot_lock);
    move(RUNNING, DONE);
  }
  return 0;
}

int main(void) {
  pthread_t t;
  pthread_create(&t, 0, completion, 0);
  while (__VERIFIER_nondet_int())
    pthread_create(&t, 0, client, 0);
  return 0;
}
