// The race variant of once_initialized_logger_safe.c: log_message
// filters by level before it calls pthread_once, so a thread may read
// the level while the first caller's logger_init writes it.
// expect svcomp: level=race prefix_len=safe lines=safe buffer[0]=safe
// expect circ: level=race prefix_len=safe lines=safe buffer[0]=safe
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
  if (severity < level)
    return; // filtered out: not worth initializing the logger
  pthread_once(&logger_once, logger_init);
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
