// A logger whose state is set up on first use with pthread_once: any
// number of threads log messages; the first call of log_message runs
// logger_init exactly once, and every call returns from pthread_once
// only after logger_init has finished, so the level and the prefix it
// writes are read without a lock. The line counter and the buffer are
// guarded by the logger's mutex, which logger_init initializes.
// expect svcomp: level=safe prefix_len=safe lines=safe buffer[0]=safe
// expect circ: level=safe prefix_len=safe lines=safe buffer[0]=safe
#include <pthread.h>

extern int __VERIFIER_nondet_int(void);

#define BUFSZ 8
#define PREFIX 2

pthread_once_t logger_once = PTHREAD_ONCE_INIT;
pthread_mutex_t logger_lock;
int level;
int prefix_len;
unsigned lines;
char buffer[BUFSZ];

static void logger_init(void) {
  pthread_mutex_init(&logger_lock, 0);
  level = __VERIFIER_nondet_int() & 3;
  prefix_len = PREFIX;
}

static void log_message(int severity, char c) {
  pthread_once(&logger_once, logger_init);
  if (severity < level)
    return;
  pthread_mutex_lock(&logger_lock);
  buffer[PREFIX + lines % (BUFSZ - PREFIX)] = c;
  if (prefix_len > 0)
    buffer[0] = '[';
  lines++;
  pthread_mutex_unlock(&logger_lock);
}

void *worker(void *arg) {
  int n = __VERIFIER_nondet_int();
  for (int i = 0; i < n; i++)
    log_message(__VERIFIER_nondet_int() & 3, 'a' + (char)i);
  return 0;
}

int main(void) {
  pthread_t t;
  while (__VERIFIER_nondet_int())
    pthread_create(&t, 0, worker, 0);
  log_message(3, 'm');
  return 0;
}
