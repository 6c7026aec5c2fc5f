/*
 * sense, tosPort, with the ADC interrupt NOT tracked: SIG_ADC may fire at
 * any time. Thread A claims the ADC (state := SINGLE_CONVERSION) and is
 * about to write tosPort; the interrupt fires and resets state to IDLE;
 * thread B claims the ADC again and writes tosPort too: A's and B's writes
 * race. This is the race the paper reports (section 6) until the interrupt
 * that is enabled only after the write is modelled
 * (sense_adc_tosport.c). Real for this model, not for the hardware.
 *
 * See sense_adc_tosport.c for the sources, harness and abstractions.
 */
#define ADC_IRQ_UNMODELLED 1
#include "sense_adc_tosport.c"
