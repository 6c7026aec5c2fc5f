/*
 * surge: rec_ptr in the mica radio stack, a split-phase hand-off between
 * the receive interrupts and task packetReceived (CIRC paper, section 6).
 *
 * Read from x3ro/tinyos-legacy: tinyos-1.x/tos/platform/mica/
 * MicaHighSpeedRadioM.nc (task packetReceived, Control.init,
 * ChannelMon.startSymDetect, Code.decodeDone, SpiByteFifo.dataReady),
 * ChannelMonC.nc (startSymbolSearch, SIG_OUTPUT_COMPARE2) and
 * SpiByteFifoC.nc (SIG_SPI, startReadBytes, idle). The accesses of
 * rec_ptr are placed as in the 2004 form of the component
 * (tinyos-1.x/beta/TOSSIM-power/src/MicaHighSpeedRadioM.nc), where
 * packetReceived writes rec_ptr and startSymDetect reads it outside atomic
 * sections (later versions wrap them in atomic, which makes them trivially
 * race-free). Own C, written for circ.
 *
 * Concurrency (circ/tinyos.h), from the hardware model (the C code does not
 * name interrupt bits, as the paper notes):
 * - the channel monitor's timer interrupt (SIG_OUTPUT_COMPARE2) fires while
 *   OCIE2 is set: cm_irq, set by ChannelMon.startSymbolSearch and cleared
 *   by the handler itself when it detects a start symbol;
 * - the SPI interrupt (SIG_SPI) fires while the SPI is enabled: spi_on, set
 *   by SpiByteFifo.startReadBytes and cleared by SpiByteFifo.idle.
 * Both are TOSH_SIGNAL handlers: the AVR runs them with interrupts off, so
 * neither nests with itself. The model keeps only that: the firing clears
 * the flag and the handler sets it again when it returns (reti) unless it
 * disabled its interrupt itself; otherwise the two handlers and the task
 * interleave freely (weaker than the hardware: sound).
 *
 * The split phase: the timer handler disables its interrupt, reads rec_ptr
 * (startSymDetect) and starts the SPI; the SPI handler fills *rec_ptr byte
 * by byte (reads of rec_ptr), then, after the acknowledgement bytes, stops
 * the SPI and posts packetReceived; the task swaps the buffer (writes
 * rec_ptr) and only then re-enables the timer interrupt.
 *
 * Abstracted, and why it is sound:
 * - rec_ptr, a TOS_Msg pointer, is an integer naming the buffer; the
 *   buffer swap returns a nondeterministic buffer (possibly 0: kept);
 *   writes through the pointer are reads of rec_ptr here, which is what
 *   they are for the race on rec_ptr;
 * - decoding, CRC and address checks are nondeterministic: the number of
 *   bytes until the message is complete and the acknowledgement count are
 *   nondeterministic choices "done / not done";
 * - the channel monitor's bit-level search is a nondeterministic "start
 *   symbol found";
 * - the send path (idleDetect, TRANSMITTING..., packetSent) is left out: it
 *   does not access rec_ptr, and it enables the SPI and re-enables the
 *   timer only for and after its own transmission, which the timer being
 *   off from a start symbol until packetReceived excludes during a
 *   reception.
 */
#include "circ/tinyos.h"

#ifndef TIMER_IRQ_UNMODELLED
#define TIMER_IRQ_UNMODELLED 0
#endif

enum { IDLE_STATE, RX_STATE, RX_DONE_STATE, ACK_SEND_STATE };

int state;
int rec_ptr;
int cm_irq; /* OCIE2: channel monitor timer interrupt enabled */
int spi_on; /* SPIE: SPI interrupt enabled */

/* ChannelMon.startSymbolSearch */
void startSymbolSearch(void) { CIRC_ATOMIC(cm_irq = 1); }

CIRC_TASK(packetReceived) {
  int tmp = rec_ptr;
  CIRC_TASK_ATOMIC(state = IDLE_STATE);
  tmp = __VERIFIER_nondet_int(); /* signal Receive.receive(tmp) */
  if (tmp != 0)
    rec_ptr = tmp;
  startSymbolSearch();
}

/* SIG_OUTPUT_COMPARE2 with a start symbol found: ChannelMonC clears
 * OCIE2 and signals startSymDetect. */
void timer_interrupt(void) {
  int t;
  if (__VERIFIER_nondet_int()) {
    CIRC_ATOMIC(cm_irq = 0; state = RX_STATE); /* cbi(TIMSK, OCIE2) */
    t = rec_ptr; /* rec_ptr->time = ...; rec_ptr->strength = 0 */
    CIRC_ATOMIC(spi_on = 1); /* SpiByteFifo.startReadBytes */
  } else {
    CIRC_ENABLE(cm_irq); /* reti: OCIE2 still set */
  }
}

/* SIG_SPI: SpiByteFifo.dataReady (receive and acknowledgement states). */
void spi_interrupt(void) {
  int t;
  int idled = 0;
  if (state == RX_STATE) {
    t = rec_ptr; /* Code.decodeDone: ((char *)rec_ptr)[rec_count] = data */
    if (__VERIFIER_nondet_int()) /* rec_count >= MSG_DATA_SIZE */
      state = ACK_SEND_STATE;
  } else if (state == ACK_SEND_STATE) {
    if (__VERIFIER_nondet_int()) { /* ack_count > ACK_CNT + 1 */
      state = RX_DONE_STATE;
      CIRC_ATOMIC(spi_on = 0); /* SpiByteFifo.idle */
      idled = 1;
      CIRC_POST(packetReceived);
    }
  }
  if (!idled)
    CIRC_ENABLE(spi_on); /* reti: SPIE still set */
}

/* Control.init and ChannelMon.init. */
void boot(void) {
  rec_ptr = 1; /* &buffer */
  state = IDLE_STATE;
  spi_on = 0;
  cm_irq = 1;
}

#if TIMER_IRQ_UNMODELLED
CIRC_CPU_LOOP(
  CIRC_ENV_INTERRUPT(timer_interrupt)
  CIRC_INTERRUPT(spi_on, 1, spi_interrupt)
  CIRC_RUN_TASK(packetReceived)
)
#else
CIRC_CPU_LOOP(
  CIRC_INTERRUPT(cm_irq, 1, timer_interrupt)
  CIRC_INTERRUPT(spi_on, 1, spi_interrupt)
  CIRC_RUN_TASK(packetReceived)
)
#endif
CIRC_MAIN(boot)
