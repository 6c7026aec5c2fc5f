// An undefined function given argv (glutInit's) may follow any of its
// pointers, those of the elements circ does not track too, and write
// the strings they point to: it races with a thread reading the chars
// of an argument.
// expect svcomp: extern(string)[*]=race
// expect circ: extern(string)[*]=race
// expect-circ-engine svcomp: extern(string)[*]=unknown
// expect-circ-engine circ: extern(string)[*]=unknown
#include <pthread.h>
void init_toolkit(int *argc, char **argv);
char **args;
int first;
void *reader(void *arg) {
  first = args[1][0];
  return 0;
}
int main(int argc, char **argv) {
  pthread_t t;
  if (argc < 2)
    return 0;
  args = argv;
  pthread_create(&t, 0, reader, 0);
  init_toolkit(&argc, argv);
  pthread_join(t, 0);
  return 0;
}
