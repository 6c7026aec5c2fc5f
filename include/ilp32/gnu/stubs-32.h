/* circ: glibc's <gnu/stubs.h> includes this header for a 32-bit x86
   build; a 64-bit host's libc6-dev does not have it. It lists the
   functions glibc does not implement (__stub_NAME macros), which no
   program circ reads depends on. */
