/*
 * secureTosBase: the receive side of FramerM (HDLC deframing of bytes
 * from the UART) and its hand-off of complete frames to task PacketRcvd.
 *
 * Read from x3ro/tinyos-legacy, tinyos-1.x/tos/system/FramerM.nc
 * (ByteComm.rxByteReady, task PacketRcvd, HDLCInitialize),
 * tinyos-1.x/tos/system/UARTM.nc (HPLUART.get) and
 * tinyos-1.x/tos/platform/avrmote/HPLUARTM.nc (SIG_UART_RECV). Own C,
 * written for circ.
 *
 * Concurrency (circ/tinyos.h): SIG_UART_RECV is a TOSH_SIGNAL handler:
 * the AVR runs it with interrupts disabled, so it never nests with itself.
 * The model keeps only that: firing clears uart_rx_irq and the handler
 * sets it again when it returns (reti); other handlers and tasks still
 * interleave with it (weaker than the hardware, so sound).
 *
 * Kept: the receive state machine gRxState (NOSYNC, PROTO, TOKEN, INFO,
 * ESC) with every access of gRxHeadIndex, gRxTailIndex, gRxByteCnt and of
 * the entries' Length fields, the posting of PacketRcvd and the atomic
 * release of an entry in PacketRcvd.
 *
 * Abstracted, and why it is sound:
 * - the two-entry table gMsgRcvTbl[2] becomes two scalars rx_len0,
 *   rx_len1 for the Length fields, selected by the index exactly as the
 *   array access does; Token, Proto and the message buffers are dropped
 *   (no control decision on the checked variables depends on them);
 * - received bytes are nondeterministic, the CRC comparison and the
 *   frame-too-long test (gRxByteCnt > HDLC_MTU) are nondeterministic
 *   choices: every outcome is explored;
 * - what PacketRcvd does with a frame (signals to the application,
 *   posting PacketUnknown) touches none of these variables and is
 *   dropped; the transmit side is left out for the same reason.
 */
#include "circ/tinyos.h"

enum { RX_NOSYNC, RX_PROTO, RX_TOKEN, RX_INFO, RX_ESC };
enum { PROTO_ACK = 64, PROTO_PACKET_ACK = 65, PROTO_PACKET_NOACK = 66 };
enum { HDLC_FLAG_BYTE = 126, HDLC_CTLESC_BYTE = 125, HDLC_QUEUESIZE = 2 };

int gRxState;
int gRxHeadIndex;
int gRxTailIndex;
int gRxByteCnt;
int rx_len0, rx_len1; /* gMsgRcvTbl[0].Length, gMsgRcvTbl[1].Length */

int uart_rx_irq = 1; /* SIG_UART_RECV may be taken (RXCIE set by UART.init) */

int rx_len(int i) {
  if (i == 0)
    return rx_len0;
  return rx_len1;
}

void set_rx_len(int i, int v) {
  if (i == 0)
    rx_len0 = v;
  else
    rx_len1 = v;
}

CIRC_TASK(PacketRcvd) {
  CIRC_TASK_ATOMIC(
    set_rx_len(gRxTailIndex, 0);
    gRxTailIndex = gRxTailIndex + 1;
    gRxTailIndex = gRxTailIndex % HDLC_QUEUESIZE);
}

/* ByteComm.rxByteReady(data). */
void rx_byte(void) {
  int data = __VERIFIER_nondet_int();
  switch (gRxState) {
  case RX_NOSYNC:
    if (data == HDLC_FLAG_BYTE && rx_len(gRxHeadIndex) == 0) {
      gRxByteCnt = 0;
      gRxState = RX_PROTO;
    }
    break;
  case RX_PROTO:
    if (data == HDLC_FLAG_BYTE)
      break;
    if (data == PROTO_PACKET_ACK)
      gRxState = RX_TOKEN;
    else if (data == PROTO_PACKET_NOACK)
      gRxState = RX_INFO;
    else
      gRxState = RX_NOSYNC;
    break;
  case RX_TOKEN:
    if (data == HDLC_FLAG_BYTE)
      gRxState = RX_NOSYNC;
    else if (data != HDLC_CTLESC_BYTE)
      gRxState = RX_INFO;
    break;
  case RX_INFO:
    if (__VERIFIER_nondet_int()) { /* gRxByteCnt > HDLC_MTU */
      gRxByteCnt = 0;
      set_rx_len(gRxHeadIndex, 0);
      gRxState = RX_NOSYNC;
    } else if (data == HDLC_CTLESC_BYTE) {
      gRxState = RX_ESC;
    } else if (data == HDLC_FLAG_BYTE) {
      if (gRxByteCnt >= 2) {
        if (__VERIFIER_nondet_int()) { /* the CRC matches */
          set_rx_len(gRxHeadIndex, gRxByteCnt - 2);
          CIRC_POST(PacketRcvd);
          gRxHeadIndex = gRxHeadIndex + 1;
          gRxHeadIndex = gRxHeadIndex % HDLC_QUEUESIZE;
        } else {
          set_rx_len(gRxHeadIndex, 0);
        }
        if (rx_len(gRxHeadIndex) == 0)
          gRxState = RX_PROTO;
        else
          gRxState = RX_NOSYNC;
      } else {
        set_rx_len(gRxHeadIndex, 0);
        gRxState = RX_NOSYNC;
      }
      gRxByteCnt = 0;
    } else {
      gRxByteCnt = gRxByteCnt + 1;
    }
    break;
  case RX_ESC:
    if (data == HDLC_FLAG_BYTE) {
      gRxByteCnt = 0;
      set_rx_len(gRxHeadIndex, 0);
      gRxState = RX_NOSYNC;
    } else {
      gRxByteCnt = gRxByteCnt + 1;
      gRxState = RX_INFO;
    }
    break;
  default:
    gRxState = RX_NOSYNC;
    break;
  }
}

/* SIG_UART_RECV: UARTM HPLUART.get -> FramerM ByteComm.rxByteReady. */
void uart_rx_interrupt(void) {
  rx_byte();
  CIRC_ENABLE(uart_rx_irq); /* reti */
}

/* StdControl.init/start: HDLCInitialize, interrupts off. */
void boot(void) {
  rx_len0 = 0;
  rx_len1 = 0;
  gRxState = RX_NOSYNC;
  gRxHeadIndex = 0;
  gRxTailIndex = 0;
  gRxByteCnt = 0;
}

CIRC_CPU_LOOP(
  CIRC_INTERRUPT(uart_rx_irq, 1, uart_rx_interrupt)
  CIRC_RUN_TASK(PacketRcvd)
)
CIRC_MAIN(boot)
