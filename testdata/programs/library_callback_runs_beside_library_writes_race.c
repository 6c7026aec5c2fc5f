// A library may start the callbacks it finds in a struct and then
// overwrite the struct's other fields: the callback's read of o.n can
// race with the library's write, though the write comes first in the
// struct. (circ starts every callback before any library access.)
// expect svcomp: o.n=race
// expect circ: o.n=race
#include <pthread.h>

struct ops { int n; void (*cb)(void); };

extern void reg(struct ops *o);

void show(void);
struct ops o = { 0, show };
int seen;

void show(void) { seen = o.n; }

int main() {
  reg(&o);
  return 0;
}
