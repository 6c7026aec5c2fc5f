/*
 * secureTosBase: the transmit side of FramerM (HDLC framing over the
 * UART), with the escape-state fix the CIRC paper describes (section 6).
 *
 * Read from x3ro/tinyos-legacy, tinyos-1.x/tos/system/FramerM.nc
 * (StartTx, task PacketSent, task PacketUnknown, BareSendMsg.send,
 * TokenReceiveMsg.ReflectToken, TxArbitraryByte, ByteComm.txByteReady,
 * ByteComm.txDone), tinyos-1.x/tos/system/UARTM.nc (ByteComm.txByte,
 * HPLUART.putDone) and tinyos-1.x/tos/platform/avrmote/HPLUARTM.nc
 * (UART.put, SIG_UART_TRANS). Own C, written for circ.
 *
 * Concurrency (circ/tinyos.h): the UART transmit-complete interrupt
 * SIG_UART_TRANS fires once per byte handed to UART.put (uart_tx_irq:
 * put sets it, the firing consumes it; the AVR clears TXC when the
 * vector runs) and, being a TOSH_INTERRUPT, may nest with itself and
 * everything else. The application calls BareSendMsg.send and
 * ReflectToken, and the receive side posts PacketUnknown, from task
 * context at any time (the environment task app).
 *
 * Kept: the transmit state machine gTxState (IDLE, PROTO, INFO, ESC,
 * FCS1, FCS2, ENDFLAG, FINISH, ERROR) with every read and write of
 * gTxState, gPrevTxState, gTxProto, gTxByteCnt, gTxLength, gTxRunningCRC
 * at the same place relative to the atomic sections and to the UART calls;
 * the pending flags of gFlags (one integer per bit, exact); UARTM's
 * busy flag and its test-and-set.
 *
 * Abstracted, and why it is sound:
 * - payload bytes (gpTxBuf[...], gTxTokenBuf, gTxUnknownBuf) and the
 *   message length are nondeterministic: every value is possible, so every
 *   branch on them (escaping, end of payload) is explored;
 * - crcByte(crc, b) is gTxRunningCRC + b: only the accesses matter, the
 *   value is never tested;
 * - the pointers gpTxBuf, gpTxMsg and the sendDone signal to the
 *   application are dropped: they are not shared with the interrupt
 *   handler's control and the variables checked here do not depend on them;
 * - UART.put is folded into UARTM.txByte's atomic section (arming the
 *   transmit-complete interrupt a step earlier only adds behaviours);
 * - UARTM.txByte is an async command, called from task context (StartTx)
 *   and from the interrupt (txByteReady); it is defined once per context
 *   (uart_txByte_task, uart_txByte) from one macro, so that the task's
 *   atomic section waits, as the real one does, until no handler is in
 *   progress (a preempted task does not move);
 * - LastByteSuccess is always TRUE (UARTM signals txByteReady(TRUE) only),
 *   so the dead failure branch of txByteReady is dropped;
 * - each case of txByteReady ends in one call of ByteComm.txByte (through
 *   TxArbitraryByte for payload and CRC bytes); the model computes what to
 *   send in the switch and makes the call once after it, with the same
 *   accesses in the same order on every path;
 * - the receive side is left out: it accesses none of these variables and
 *   only posts PacketUnknown, which the environment task covers.
 *
 * The fix (paper, section 6): in the escape case the original writes
 * gTxState = gPrevTxState after ByteComm.txByte, when the next
 * transmit-complete interrupt may already be running; here the write is
 * moved before the call. securetosbase_gtxstate_before_fix.c keeps the
 * original order.
 */
#include "circ/tinyos.h"

enum { TX_IDLE, TX_PROTO, TX_INFO, TX_ESC, TX_FCS1, TX_FCS2, TX_ENDFLAG, TX_FINISH, TX_ERROR };
enum { PROTO_ACK = 64, PROTO_PACKET_NOACK = 66, PROTO_UNKNOWN = 255 };
enum { HDLC_FLAG_BYTE = 126, HDLC_CTLESC_BYTE = 125 };

#ifndef ESC_WRITE_AFTER_SEND
#define ESC_WRITE_AFTER_SEND 0
#endif
#ifndef FRAMER_NO_TOKEN_SENDER
#define FRAMER_NO_TOKEN_SENDER 0
#endif

int gTxState;
int gPrevTxState;
int gTxProto;
int gTxByteCnt;
int gTxLength;
int gTxRunningCRC;
int gTxEscByte;
int gFlagTokenPend, gFlagDataPend, gFlagUnknown; /* the bits of gFlags */

int uart_busy;   /* UARTM.state */
int uart_tx_irq; /* a byte is being shifted out: SIG_UART_TRANS pending */

/* UARTM ByteComm.txByte with HPLUART.put: 1 on success. ATOMIC is
 * CIRC_TASK_ATOMIC for the task-context instance, CIRC_ATOMIC otherwise. */
#define UART_TXBYTE(name, ATOMIC)                                           \
  int name(void) {                                                           \
    int old = 0;                                                             \
    ATOMIC(old = uart_busy; uart_busy = 1; if (!old) uart_tx_irq = 1);       \
    return !old;                                                             \
  }
UART_TXBYTE(uart_txByte, CIRC_ATOMIC)
UART_TXBYTE(uart_txByte_task, CIRC_TASK_ATOMIC)

CIRC_TASK_DECLARE(PacketSent);

/* FramerM StartTx, called in task context only. */
int StartTx(void) {
  int result = 1;
  int initiate = 0;
  CIRC_TASK_ATOMIC(
    if (gTxState == TX_IDLE) {
      if (gFlagTokenPend) {
        gTxProto = PROTO_ACK;
        gTxLength = 1;
        initiate = 1;
        gTxState = TX_PROTO;
      } else if (gFlagDataPend) {
        gTxProto = PROTO_PACKET_NOACK;
        gTxLength = __VERIFIER_nondet_int();
        initiate = 1;
        gTxState = TX_PROTO;
      } else if (gFlagUnknown) {
        gTxProto = PROTO_UNKNOWN;
        gTxLength = 1;
        initiate = 1;
        gTxState = TX_PROTO;
      }
    });
  if (initiate) {
    CIRC_TASK_ATOMIC(gTxRunningCRC = 0; gTxByteCnt = 0);
    result = uart_txByte_task();
    if (!result) {
      CIRC_TASK_ATOMIC(gTxState = TX_ERROR);
      CIRC_POST(PacketSent);
    }
  }
  return result;
}

CIRC_TASK(PacketSent) {
  CIRC_TASK_ATOMIC(if (gTxState == TX_ERROR) gTxState = TX_IDLE);
  if (gTxProto == PROTO_ACK)
    CIRC_TASK_ATOMIC(gFlagTokenPend = !gFlagTokenPend);
  else
    CIRC_TASK_ATOMIC(gFlagDataPend = !gFlagDataPend);
  StartTx();
}

/* The application and the receive side, from task context:
 * BareSendMsg.send, TokenReceiveMsg.ReflectToken, or task PacketUnknown. */
CIRC_ENV_TASK(app) {
  int which = __VERIFIER_nondet_int();
  int ok = 0;
  CIRC_TASK_ATOMIC(
    if (which == 0) {
      if (!gFlagDataPend) { gFlagDataPend = 1; ok = 1; }
    } else if (which == 1 && !FRAMER_NO_TOKEN_SENDER) {
      if (!gFlagTokenPend) { gFlagTokenPend = 1; ok = 1; }
    } else {
      gFlagUnknown = 1;
      ok = 1;
    });
  if (ok)
    StartTx();
}

/* ByteComm.txDone followed by ByteComm.txByteReady(TRUE). */
void tx_done_and_ready(void) {
  int send = 0;      /* 1: ByteComm.txByte; 2: TxArbitraryByte */
  int next = 0;
  int restore = 0;
  int result = 1;
  /* txDone */
  if (gTxState == TX_FINISH) {
    gTxState = TX_IDLE;
    CIRC_POST(PacketSent);
  }
  /* txByteReady */
  switch (gTxState) {
  case TX_PROTO:
    gTxState = TX_INFO;
    gTxRunningCRC = gTxRunningCRC + gTxProto;
    send = 1;
    break;
  case TX_INFO:
    next = __VERIFIER_nondet_int();
    gTxRunningCRC = gTxRunningCRC + next;
    gTxByteCnt = gTxByteCnt + 1;
    if (gTxByteCnt >= gTxLength)
      gTxState = TX_FCS1;
    send = 2;
    break;
  case TX_ESC:
    if (!ESC_WRITE_AFTER_SEND)
      gTxState = gPrevTxState;
    restore = ESC_WRITE_AFTER_SEND;
    send = 1;
    break;
  case TX_FCS1:
    next = gTxRunningCRC;
    gTxState = TX_FCS2;
    send = 2;
    break;
  case TX_FCS2:
    next = gTxRunningCRC;
    gTxState = TX_ENDFLAG;
    send = 2;
    break;
  case TX_ENDFLAG:
    gTxState = TX_FINISH;
    send = 1;
    break;
  default:
    break;
  }
  if (send == 2 && (next == HDLC_FLAG_BYTE || next == HDLC_CTLESC_BYTE))
    CIRC_ATOMIC(gPrevTxState = gTxState; gTxState = TX_ESC; gTxEscByte = next);
  if (send)
    result = uart_txByte();
  if (restore)
    gTxState = gPrevTxState;
  if (!result) {
    gTxState = TX_ERROR;
    CIRC_POST(PacketSent);
  }
}

/* SIG_UART_TRANS: UARTM HPLUART.putDone. */
void uart_tx_interrupt(void) {
  int old = 0;
  CIRC_ATOMIC(old = uart_busy; uart_busy = 0);
  if (old)
    tx_done_and_ready();
}

/* StdControl.init/start: HDLCInitialize and UART init, interrupts off. */
void boot(void) {
  gTxState = TX_IDLE;
  gTxByteCnt = 0;
  gTxLength = 0;
  gTxRunningCRC = 0;
  gFlagTokenPend = 0;
  gFlagDataPend = 0;
  gFlagUnknown = 0;
  uart_busy = 0;
  uart_tx_irq = 0;
}

CIRC_CPU_LOOP(
  CIRC_INTERRUPT(uart_tx_irq, 1, uart_tx_interrupt)
  CIRC_RUN_TASK(PacketSent)
  CIRC_RUN_ENV_TASK(app)
)
CIRC_MAIN(boot)
