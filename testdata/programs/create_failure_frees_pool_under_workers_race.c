// main starts two workers on a pool and, as zstd's thread pool does,
// frees the pool when a pthread_create fails; POSIX lets a creation
// fail (EAGAIN), so when the second one does, the first worker may
// still be updating the pool while main frees it. The pool's mutex is
// never initialized (malloc's bytes): each lock of it is undefined
// behaviour too, a finding.
// expect svcomp: pool=safe malloc@create_failure_frees_pool_under_workers_race.c:26.busy=race
// expect circ: pool=safe malloc@create_failure_frees_pool_under_workers_race.c:26.busy=race
// expect-explicit svcomp: pool=unknown
// expect-explicit circ: pool=unknown
// expect-undefined: 19 21
#include <pthread.h>
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
    if (pthread_create(&t[i], 0, worker, 0)) {
      free(pool);
      return 1;
    }
  }
  return 0;
}
