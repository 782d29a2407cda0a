// LD_PRELOAD helper for ThreadSanitizer runs only: tells TSan about Synchronization.Mutex's slow path.
//
// On Linux, Mutex.withLock is @_transparent: its fast path (an acquiring/releasing compare-exchange
// on the lock word) is inlined into our instrumented code, so TSan sees it. When the lock is
// contended it calls _MutexHandle._lockSlow/_unlockSlow in libswiftSynchronization.so, which is not
// instrumented and hands the lock over in the kernel (FUTEX_LOCK_PI / FUTEX_UNLOCK_PI). TSan then
// sees no happens-before edge between the two critical sections and reports a race that is not
// one. This wraps the two slow-path functions (interposed by LD_PRELOAD ahead of the library) and
// adds the missing edge on the lock word's address: release before unlocking, acquire after
// locking. Nothing else is hidden, so a real race (an access outside the lock) is still reported.
//
// The functions use the Swift calling convention: `self` (the address of the lock word) arrives in
// the swiftself register, which clang's swift_context parameter attribute names.
#define _GNU_SOURCE
#include <dlfcn.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>

void __tsan_acquire(void *addr);
void __tsan_release(void *addr);

#define SWIFTCALL __attribute__((swiftcall))
#define SELF __attribute__((swift_context))

typedef SWIFTCALL void (*lock_slow_fn)(uint32_t self_id, void *SELF handle);
typedef SWIFTCALL _Bool (*try_lock_slow_fn)(void *SELF handle);
typedef SWIFTCALL void (*unlock_slow_fn)(void *SELF handle);

#define LOCK_SLOW "$s15Synchronization12_MutexHandleV9_lockSlowyys6UInt32VF"
#define TRY_LOCK_SLOW "$s15Synchronization12_MutexHandleV12_tryLockSlowSbyF"
#define UNLOCK_SLOW "$s15Synchronization12_MutexHandleV11_unlockSlowyyF"

static void *next(const char *name) {
    void *f = dlsym(RTLD_NEXT, name);
    if (f == NULL) {
        fprintf(stderr, "mutex_tsan: %s not found\n", name);
        abort();
    }
    return f;
}

SWIFTCALL void lock_slow(uint32_t self_id, void *SELF handle) __asm__(LOCK_SLOW);
SWIFTCALL void lock_slow(uint32_t self_id, void *SELF handle) {
    static lock_slow_fn real;
    if (real == NULL) real = (lock_slow_fn)next(LOCK_SLOW);
    real(self_id, handle);
    __tsan_acquire(handle);
}

SWIFTCALL _Bool try_lock_slow(void *SELF handle) __asm__(TRY_LOCK_SLOW);
SWIFTCALL _Bool try_lock_slow(void *SELF handle) {
    static try_lock_slow_fn real;
    if (real == NULL) real = (try_lock_slow_fn)next(TRY_LOCK_SLOW);
    _Bool locked = real(handle);
    if (locked) __tsan_acquire(handle);
    return locked;
}

SWIFTCALL void unlock_slow(void *SELF handle) __asm__(UNLOCK_SLOW);
SWIFTCALL void unlock_slow(void *SELF handle) {
    static unlock_slow_fn real;
    if (real == NULL) real = (unlock_slow_fn)next(UNLOCK_SLOW);
    __tsan_release(handle);
    real(handle);
}
