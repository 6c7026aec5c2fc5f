/*
 * secureTosBase, FramerM transmit side BEFORE the fix the CIRC paper
 * reports (section 6): in ByteComm.txByteReady's escape case,
 * tinyos-1.x/tos/system/FramerM.nc writes gTxState = gPrevTxState after
 * the call of ByteComm.txByte that hands the next byte to the UART. From
 * that call on the next transmit-complete interrupt (SIG_UART_TRANS, a
 * TOSH_INTERRUPT that nests) may run and read or write gTxState while the
 * interrupted handler is about to write it: a race on gTxState.
 *
 * The model is securetosbase_framer_tx.c (see its header for the source
 * functions, the harness and every abstraction) with the write in the
 * original position.
 */
#define ESC_WRITE_AFTER_SEND 1
#include "securetosbase_framer_tx.c"
