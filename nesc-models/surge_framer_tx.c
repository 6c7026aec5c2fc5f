/*
 * surge: the transmit side of FramerM as surge's UART link uses it.
 * surge sends data packets only (BareSendMsg.send); nothing calls
 * TokenReceiveMsg.ReflectToken, so the token flag is never set by the
 * application. Everything else is securetosbase_framer_tx.c (see its
 * header for the source functions, the harness and the abstractions),
 * with the escape-case fix applied.
 */
#define FRAMER_NO_TOKEN_SENDER 1
#include "securetosbase_framer_tx.c"
