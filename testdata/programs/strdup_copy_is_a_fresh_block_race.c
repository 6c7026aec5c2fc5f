// strdup returns a fresh block holding a copy of its string: the worker
// reads the copy's second char while main overwrites it; the original
// word, which only main reads, is no shared location.
// expect svcomp: strdup@strdup_copy_is_a_fresh_block_race.c:18[*]=race
// expect circ: strdup@strdup_copy_is_a_fresh_block_race.c:18[*]=race
#include <pthread.h>
#include <string.h>
char word[4] = {'h', 'i'};
char *copy;
int seen;
void *worker(void *arg) {
  if (copy)
    seen = copy[1];
  return 0;
}
int main(void) {
  pthread_t t;
  copy = strdup(word);
  pthread_create(&t, 0, worker, 0);
  if (copy)
    copy[1] = 'o';
  return 0;
}
