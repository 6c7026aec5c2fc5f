// An undefined function given argv (glutInit's) may follow any of its
// pointers, those of the elements circ does not track too, and write
// the strings they point to; a thread that reads the chars of an
// argument after the call races with nothing.
// expect svcomp: extern(string)[*]=safe
// expect circ: extern(string)[*]=safe
// expect-explicit svcomp: extern(string)[*]=unknown
// expect-explicit circ: extern(string)[*]=unknown
// expect-undefined: 15
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
  init_toolkit(&argc, argv);
  pthread_create(&t, 0, reader, 0);
  pthread_join(t, 0);
  return 0;
}
