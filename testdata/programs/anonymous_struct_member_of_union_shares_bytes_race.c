// A C11 anonymous struct member: its members are the union's own
// (id.ser, id.crc) and share their bytes with id.data. Main's byte
// writes give id.ser[1] and id.crc the values the worker tests, so the
// worker writes g, which main reads.
// expect svcomp: g=race id.ser[1]=safe id.data[3]=safe
// expect circ: g=race id.ser[1]=safe id.data[3]=safe
#include <pthread.h>

union serial {
  unsigned char data[4];
  struct {
    unsigned char family;
    unsigned char ser[2];
    unsigned char crc;
  };
};
union serial id;
int g;

void *worker(void *arg) {
  if (id.ser[1] == 7 && id.data[3] == 9)
    g = 1;
  return 0;
}

int main(void) {
  pthread_t t;
  id.data[2] = 7;
  id.crc = 9;
  pthread_create(&t, 0, worker, 0);
  int seen = g;
  pthread_join(t, 0);
  return seen;
}
