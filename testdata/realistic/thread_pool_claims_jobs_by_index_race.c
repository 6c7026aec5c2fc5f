// The race variant of thread_pool_claims_jobs_by_index_safe.c: a worker
// reads next_job before it takes the queue's mutex, so two workers may
// claim the same job and both write its result; the read of next_job
// itself races with another worker's increment.
// expect svcomp: next_job=race completed=safe jobs[3].result=race
// expect circ: next_job=race completed=safe jobs[3].result=race
#include <pthread.h>

#define NJOBS 16
#define NWORKERS 4

struct job {
  int input;
  int result;
};

struct job jobs[NJOBS];
int next_job;
int completed;
pthread_mutex_t queue_lock = PTHREAD_MUTEX_INITIALIZER;
pthread_mutex_t stats_lock = PTHREAD_MUTEX_INITIALIZER;

static int claim(void) {
  int j = next_job;
  pthread_mutex_lock(&queue_lock);
  if (j < NJOBS)
    next_job = j + 1;
  pthread_mutex_unlock(&queue_lock);
  return j;
}

static int work(int input) {
  int acc = 0;
  for (int k = 0; k < 3; k++)
    acc += input + k;
  return acc;
}

void *worker(void *arg) {
  for (;;) {
    int j = claim();
    if (j >= NJOBS)
      break;
    jobs[j].result = work(jobs[j].input);
    pthread_mutex_lock(&stats_lock);
    completed++;
    pthread_mutex_unlock(&stats_lock);
  }
  return 0;
}

int main(void) {
  pthread_t pool[NWORKERS];
  for (int i = 0; i < NJOBS; i++)
    jobs[i].input = i;
  for (int i = 0; i < NWORKERS; i++)
    pthread_create(&pool[i], 0, worker, 0);
  for (int i = 0; i < NWORKERS; i++)
    pthread_join(pool[i], 0);
  int sum = 0;
  for (int i = 0; i < NJOBS; i++)
    sum += jobs[i].result;
  return sum == completed;
}
