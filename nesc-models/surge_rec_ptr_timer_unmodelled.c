/*
 * surge, rec_ptr, with the channel monitor's timer interrupt NOT tracked:
 * it may fire at any time, as if OCIE2 were always set. Then a start
 * symbol can be detected, and startSymDetect read rec_ptr, while task
 * packetReceived is writing it: circ reports a race. The paper (section 6)
 * saw this false alarm until it "modeled this interrupt precisely by
 * tracking its status in a global flag" (surge_radio_rec_ptr.c). The race
 * is real for this model, not for the hardware.
 *
 * See surge_radio_rec_ptr.c for the sources, harness and abstractions.
 */
#define TIMER_IRQ_UNMODELLED 1
#include "surge_radio_rec_ptr.c"
