// Message passing by publication: one sender thread fills a message and
// then publishes it by storing 1 into an atomic flag with release order;
// any number of receiver threads spin until they load the flag as 1
// with acquire order, and only then read the message. Once published, the
// message is never written again. The receivers count themselves under
// a mutex.
// expect svcomp: msg.kind=safe msg.len=safe msg.body[0]=safe seen=safe published=safe
// expect circ: msg.kind=safe msg.len=safe msg.body[0]=safe seen=safe published=safe
#include <pthread.h>
#include <stdatomic.h>

extern int __VERIFIER_nondet_int(void);

#define BODY 4

struct message {
  int kind;
  int len;
  int body[BODY];
};

struct message msg;
atomic_int published;
int seen;
pthread_mutex_t seen_lock = PTHREAD_MUTEX_INITIALIZER;

void *sender(void *arg) {
  msg.kind = 1 + (__VERIFIER_nondet_int() & 1);
  msg.len = BODY;
  for (int i = 0; i < BODY; i++)
    msg.body[i] = __VERIFIER_nondet_int();
  atomic_store_explicit(&published, 1, memory_order_release);
  return 0;
}

static int checksum(const struct message *m) {
  int sum = m->kind;
  for (int i = 0; i < m->len && i < BODY; i++)
    sum += m->body[i];
  return sum;
}

void *receiver(void *arg) {
  while (atomic_load_explicit(&published, memory_order_acquire) == 0) {
    // wait for the message
  }
  int sum = checksum(&msg);
  pthread_mutex_lock(&seen_lock);
  seen++;
  pthread_mutex_unlock(&seen_lock);
  return (void *)(long)sum;
}

int main(void) {
  pthread_t t;
  pthread_create(&t, 0, sender, 0);
  while (__VERIFIER_nondet_int())
    pthread_create(&t, 0, receiver, 0);
  return 0;
}
