/* The MSP430 intrinsics and nesC's atomic-section functions, declared as
   msp430-gcc and nescc's app.c declare them. */
void __nop(void);
void __dint(void);
void __eint(void);
unsigned int __read_status_register(void);
typedef unsigned char __nesc_atomic_t;
__nesc_atomic_t __nesc_atomic_start(void);
void __nesc_atomic_end(__nesc_atomic_t reenable_interrupts);
