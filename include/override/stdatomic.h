/* circ's <stdatomic.h>: C11 atomics (ISO C 7.17) as circ reads them.
 *
 * It replaces the compiler's header, whose macros need pointer
 * temporaries (__auto_type), and maps every generic function onto the
 * GCC __atomic builtins, which circ lowers to atomic accesses. Memory
 * orders are read as memory_order_seq_cst: circ explores sequentially
 * consistent interleavings, and its report lists every weaker order it
 * read that way. atomic_flag is an _Atomic _Bool here; programs use it
 * only through the atomic_flag_* functions. The functions that yield
 * the object's value cast the builtin, which C sees undeclared and types
 * int, to the object's promoted type, as a declared generic would be.
 */
#ifndef _STDATOMIC_H
#define _STDATOMIC_H

typedef enum memory_order {
  memory_order_relaxed = __ATOMIC_RELAXED,
  memory_order_consume = __ATOMIC_CONSUME,
  memory_order_acquire = __ATOMIC_ACQUIRE,
  memory_order_release = __ATOMIC_RELEASE,
  memory_order_acq_rel = __ATOMIC_ACQ_REL,
  memory_order_seq_cst = __ATOMIC_SEQ_CST
} memory_order;

typedef _Atomic _Bool atomic_bool;
typedef _Atomic char atomic_char;
typedef _Atomic signed char atomic_schar;
typedef _Atomic unsigned char atomic_uchar;
typedef _Atomic short atomic_short;
typedef _Atomic unsigned short atomic_ushort;
typedef _Atomic int atomic_int;
typedef _Atomic unsigned int atomic_uint;
typedef _Atomic long atomic_long;
typedef _Atomic unsigned long atomic_ulong;
typedef _Atomic long long atomic_llong;
typedef _Atomic unsigned long long atomic_ullong;
typedef _Atomic __INT_LEAST8_TYPE__ atomic_int_least8_t;
typedef _Atomic __UINT_LEAST8_TYPE__ atomic_uint_least8_t;
typedef _Atomic __INT_LEAST16_TYPE__ atomic_int_least16_t;
typedef _Atomic __UINT_LEAST16_TYPE__ atomic_uint_least16_t;
typedef _Atomic __INT_LEAST32_TYPE__ atomic_int_least32_t;
typedef _Atomic __UINT_LEAST32_TYPE__ atomic_uint_least32_t;
typedef _Atomic __INT_LEAST64_TYPE__ atomic_int_least64_t;
typedef _Atomic __UINT_LEAST64_TYPE__ atomic_uint_least64_t;
typedef _Atomic __INT_FAST8_TYPE__ atomic_int_fast8_t;
typedef _Atomic __UINT_FAST8_TYPE__ atomic_uint_fast8_t;
typedef _Atomic __INT_FAST16_TYPE__ atomic_int_fast16_t;
typedef _Atomic __UINT_FAST16_TYPE__ atomic_uint_fast16_t;
typedef _Atomic __INT_FAST32_TYPE__ atomic_int_fast32_t;
typedef _Atomic __UINT_FAST32_TYPE__ atomic_uint_fast32_t;
typedef _Atomic __INT_FAST64_TYPE__ atomic_int_fast64_t;
typedef _Atomic __UINT_FAST64_TYPE__ atomic_uint_fast64_t;
typedef _Atomic __INTPTR_TYPE__ atomic_intptr_t;
typedef _Atomic __UINTPTR_TYPE__ atomic_uintptr_t;
typedef _Atomic __SIZE_TYPE__ atomic_size_t;
typedef _Atomic __PTRDIFF_TYPE__ atomic_ptrdiff_t;
typedef _Atomic __INTMAX_TYPE__ atomic_intmax_t;
typedef _Atomic __UINTMAX_TYPE__ atomic_uintmax_t;
typedef _Atomic _Bool atomic_flag;

#define ATOMIC_VAR_INIT(value) (value)
#define ATOMIC_FLAG_INIT 0
#define kill_dependency(y) (y)

#define ATOMIC_BOOL_LOCK_FREE 2
#define ATOMIC_CHAR_LOCK_FREE 2
#define ATOMIC_SHORT_LOCK_FREE 2
#define ATOMIC_INT_LOCK_FREE 2
#define ATOMIC_LONG_LOCK_FREE 2
#define ATOMIC_LLONG_LOCK_FREE 2
#define ATOMIC_POINTER_LOCK_FREE 2

#define atomic_init(obj, value) __circ_atomic_init((obj), (value))
#define atomic_thread_fence(order) __atomic_thread_fence(order)
#define atomic_signal_fence(order) __atomic_signal_fence(order)
#define atomic_is_lock_free(obj) 1

#define atomic_store(obj, desired) __atomic_store_n((obj), (desired), __ATOMIC_SEQ_CST)
#define atomic_store_explicit(obj, desired, order) __atomic_store_n((obj), (desired), (order))
#define atomic_load(obj) ((__typeof__(*(obj) + 0))__atomic_load_n((obj), __ATOMIC_SEQ_CST))
#define atomic_load_explicit(obj, order) ((__typeof__(*(obj) + 0))__atomic_load_n((obj), (order)))
#define atomic_exchange(obj, desired) ((__typeof__(*(obj) + 0))__atomic_exchange_n((obj), (desired), __ATOMIC_SEQ_CST))
#define atomic_exchange_explicit(obj, desired, order) ((__typeof__(*(obj) + 0))__atomic_exchange_n((obj), (desired), (order)))
#define atomic_compare_exchange_strong(obj, expected, desired) \
  __atomic_compare_exchange_n((obj), (expected), (desired), 0, __ATOMIC_SEQ_CST, __ATOMIC_SEQ_CST)
#define atomic_compare_exchange_strong_explicit(obj, expected, desired, success, failure) \
  __atomic_compare_exchange_n((obj), (expected), (desired), 0, (success), (failure))
#define atomic_compare_exchange_weak(obj, expected, desired) \
  __atomic_compare_exchange_n((obj), (expected), (desired), 1, __ATOMIC_SEQ_CST, __ATOMIC_SEQ_CST)
#define atomic_compare_exchange_weak_explicit(obj, expected, desired, success, failure) \
  __atomic_compare_exchange_n((obj), (expected), (desired), 1, (success), (failure))

#define atomic_fetch_add(obj, arg) ((__typeof__(*(obj) + 0))__atomic_fetch_add((obj), (arg), __ATOMIC_SEQ_CST))
#define atomic_fetch_add_explicit(obj, arg, order) ((__typeof__(*(obj) + 0))__atomic_fetch_add((obj), (arg), (order)))
#define atomic_fetch_sub(obj, arg) ((__typeof__(*(obj) + 0))__atomic_fetch_sub((obj), (arg), __ATOMIC_SEQ_CST))
#define atomic_fetch_sub_explicit(obj, arg, order) ((__typeof__(*(obj) + 0))__atomic_fetch_sub((obj), (arg), (order)))
#define atomic_fetch_or(obj, arg) ((__typeof__(*(obj) + 0))__atomic_fetch_or((obj), (arg), __ATOMIC_SEQ_CST))
#define atomic_fetch_or_explicit(obj, arg, order) ((__typeof__(*(obj) + 0))__atomic_fetch_or((obj), (arg), (order)))
#define atomic_fetch_xor(obj, arg) ((__typeof__(*(obj) + 0))__atomic_fetch_xor((obj), (arg), __ATOMIC_SEQ_CST))
#define atomic_fetch_xor_explicit(obj, arg, order) ((__typeof__(*(obj) + 0))__atomic_fetch_xor((obj), (arg), (order)))
#define atomic_fetch_and(obj, arg) ((__typeof__(*(obj) + 0))__atomic_fetch_and((obj), (arg), __ATOMIC_SEQ_CST))
#define atomic_fetch_and_explicit(obj, arg, order) ((__typeof__(*(obj) + 0))__atomic_fetch_and((obj), (arg), (order)))

#define atomic_flag_test_and_set(obj) __atomic_test_and_set((obj), __ATOMIC_SEQ_CST)
#define atomic_flag_test_and_set_explicit(obj, order) __atomic_test_and_set((obj), (order))
#define atomic_flag_clear(obj) __atomic_clear((obj), __ATOMIC_SEQ_CST)
#define atomic_flag_clear_explicit(obj, order) __atomic_clear((obj), (order))

#endif
