// A fixed pool of workers drains a table of jobs. A worker claims the
// next job by taking next_job under the queue's mutex, so no two workers
// claim one job; it then fills that job's result without a lock, and
// counts its completion under the stats mutex. main joins the workers
// before it reads the results.
// expect svcomp: next_job=safe completed=safe jobs[3].result=safe
// expect circ: next_job=safe completed=safe jobs[3].result=safe
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
  int j;
  pthread_mutex_lock(&queue_lock);
  j = next_job;
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
