// create_failure_frees_pool_under_workers_race.c where main, when a
// creation fails, reports it and exits (ending every thread) instead
// of freeing the pool; when both creations succeed it frees nothing.
// expect svcomp: pool=safe malloc@create_failure_exits_safe.c:23.busy=safe
// expect circ: pool=safe malloc@create_failure_exits_safe.c:23.busy=safe
// expect-explicit svcomp: pool=unknown malloc@create_failure_exits_safe.c:23.busy=unknown
// expect-explicit circ: pool=unknown malloc@create_failure_exits_safe.c:23.busy=unknown
#include <pthread.h>
#include <stdio.h>
#include <stdlib.h>

struct pool { pthread_mutex_t m; int busy; };
struct pool *pool;

void *worker(void *arg) {
  pthread_mutex_lock(&pool->m);
  pool->busy++;
  pthread_mutex_unlock(&pool->m);
  return 0;
}

int main(void) {
  pool = malloc(sizeof *pool);
  if (!pool)
    return 0;
  pthread_mutex_init(&pool->m, 0);
  pool->busy = 0;
  pthread_t t[2];
  for (int i = 0; i < 2; i++) {
    if (pthread_create(&t[i], 0, worker, 0) != 0) {
      puts("pthread_create failed");
      exit(1);
    }
  }
  return 0;
}
