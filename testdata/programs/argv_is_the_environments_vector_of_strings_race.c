// main's argv points to argc strings of the environment's and a final
// null pointer, one summary argv[*] of char pointers whose strings are
// extern(string)[*]. main clears argv[1] while the worker reads it, a
// race on argv[*]; the worker's write into the string races with
// nothing (main reads argv[0]'s string only after the join).
// expect svcomp: argv[*]=race
// expect circ: argv[*]=race
#include <pthread.h>
char **args;
int nargs;
void *worker(void *arg) {
  if (nargs > 1 && args[1] && args[1][0])
    args[1][0] = '-';
  return 0;
}
int main(int argc, char **argv) {
  pthread_t t;
  args = argv;
  nargs = argc;
  pthread_create(&t, 0, worker, 0);
  if (argc > 1)
    argv[1] = 0;
  pthread_join(t, 0);
  return argv[0] ? argv[0][0] : 0;
}
