/*
 * sense: tosPort in the ADC component, protected by the state variable
 * and by the ADC interrupt being enabled only after the write (CIRC paper,
 * section 6).
 *
 * Read from x3ro/tinyos-legacy: the ADCM.nc that still has tosPort,
 * tinyos-1.x/contrib/vu/tos/lib/OrderCorrectADC/ADCM.nc, with its state
 * test-and-set as in tinyos-1.x/contrib/prime/tos/system/ADCM.nc
 * (startGet: atomic test-and-set of state, then the write of tosPort
 * outside the atomic section, then HPLADC.samplePort; HPLADC.dataReady:
 * the read of tosPort and of state together), and
 * tinyos-1.x/tos/platform/avrmote/HPLADCC.nc (samplePort sets ADEN and
 * ADSC, SIG_ADC). Own C, written for circ.
 *
 * Concurrency (circ/tinyos.h): the ADC conversion-complete interrupt
 * SIG_ADC fires once per started conversion: adc_irq is set by
 * HPLADC.samplePort (and sampleAgain) and consumed by the firing. sense
 * calls ADC.getData from task context (its timer event); the model lets
 * both the application task and another interrupt handler request
 * conversions (ADC.getData / getContinuousData are async), which only adds
 * behaviours.
 *
 * Kept: the state machine IDLE / SINGLE_CONVERSION /
 * CONTINUOUS_CONVERSION with every access of state and tosPort; the order
 * "claim the ADC, write tosPort, start the conversion".
 *
 * Abstracted, and why it is sound: the port number and the conversion
 * result are nondeterministic; the client's ADC.dataReady result
 * (SUCCESS / FAIL, which stops a continuous conversion) is a
 * nondeterministic choice; HPLADC's port map and registers are dropped
 * (they do not control the accesses checked).
 */
#include "circ/tinyos.h"

#ifndef ADC_IRQ_UNMODELLED
#define ADC_IRQ_UNMODELLED 0
#endif

enum { IDLE, SINGLE_CONVERSION, CONTINUOUS_CONVERSION };

int state;
int tosPort;
int adc_irq; /* a conversion is in flight: SIG_ADC pending */

/* ADCM startGet(newState, port) from ADC.getData / getContinuousData. */
int startGet(int newState) {
  int old = 0;
  CIRC_ATOMIC(old = state; if (state == IDLE) state = newState);
  if (old == IDLE) {
    tosPort = __VERIFIER_nondet_int();
    CIRC_ATOMIC(adc_irq = 1); /* HPLADC.samplePort */
    return 1;
  }
  return 0;
}

void request(void) {
  if (__VERIFIER_nondet_int())
    startGet(SINGLE_CONVERSION);
  else
    startGet(CONTINUOUS_CONVERSION);
}

/* SIG_ADC: HPLADC.dataReady. */
void adc_interrupt(void) {
  int port = 0;
  int old = 0;
  CIRC_ATOMIC(port = tosPort; old = state;
              if (state == SINGLE_CONVERSION) state = IDLE);
  if (old == CONTINUOUS_CONVERSION) {
    if (__VERIFIER_nondet_int()) /* signal ADC.dataReady[port] == FAIL */
      CIRC_ATOMIC(state = IDLE);  /* sampleStop */
    else
      CIRC_ATOMIC(adc_irq = 1);   /* sampleAgain */
  }
}

CIRC_ENV_TASK(app) { request(); }

/* An interrupt-context client requesting a conversion. */
void client_interrupt(void) { request(); }

void boot(void) {
  state = IDLE;
  adc_irq = 0;
}

#if ADC_IRQ_UNMODELLED
CIRC_CPU_LOOP(
  CIRC_ENV_INTERRUPT(adc_interrupt)
  CIRC_ENV_INTERRUPT(client_interrupt)
  CIRC_RUN_ENV_TASK(app)
)
#else
CIRC_CPU_LOOP(
  CIRC_INTERRUPT(adc_irq, 1, adc_interrupt)
  CIRC_ENV_INTERRUPT(client_interrupt)
  CIRC_RUN_ENV_TASK(app)
)
#endif
CIRC_MAIN(boot)
