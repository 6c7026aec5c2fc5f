// mmap returns MAP_FAILED or a fresh block of the length asked, here
// an anonymous mapping of two ints that both workers write: they race
// on each. main's check against MAP_FAILED keeps the workers from a
// failed mapping; munmap ends the block after the joins.
// expect svcomp: mmap@mmap_block_written_by_two_workers_race.c:20[0]=race mmap@mmap_block_written_by_two_workers_race.c:20[1]=race
// expect circ: mmap@mmap_block_written_by_two_workers_race.c:20[0]=race mmap@mmap_block_written_by_two_workers_race.c:20[1]=race
#include <pthread.h>
#include <sys/mman.h>

int *counts;

void *worker(void *arg) {
  counts[0] = 1;
  counts[1] = 2;
  return 0;
}

int main(void) {
  pthread_t t1, t2;
  void *m = mmap(0, 2 * sizeof(int), PROT_READ | PROT_WRITE, MAP_PRIVATE | MAP_ANONYMOUS, -1, 0);
  if (m == MAP_FAILED)
    return 1;
  counts = m;
  pthread_create(&t1, 0, worker, 0);
  pthread_create(&t2, 0, worker, 0);
  pthread_join(t1, 0);
  pthread_join(t2, 0);
  munmap(m, 2 * sizeof(int));
  return 0;
}
