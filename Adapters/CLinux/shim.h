#ifndef LOANS_CLINUX_SHIM_H
#define LOANS_CLINUX_SHIM_H

// Linux interfaces that Swift's Glibc module leaves out: timers and signals as descriptors (the
// midnight timer of the watchers, signals read by a wait), process descriptors (waiting for a
// delivery with a deadline), ppoll (a wait that lets one signal through atomically), and
// renameat2 (a new database moved into place without replacing one).
#include <fcntl.h>
#include <sys/syscall.h>
#include <unistd.h>
#include <sys/timerfd.h>
#include <sys/pidfd.h>
#include <sys/signalfd.h>
#include <poll.h>
#include <signal.h>
#include <time.h>

/// ppoll(2), declared by glibc only under _GNU_SOURCE; a negative timeout waits without limit.
static inline int loans_ppoll(struct pollfd *fds, unsigned long count, int milliseconds, const sigset_t *mask) {
    struct timespec limit = { milliseconds / 1000, (long)(milliseconds % 1000) * 1000000L };
    extern int ppoll(struct pollfd *, unsigned long, const struct timespec *, const sigset_t *);
    return ppoll(fds, count, milliseconds < 0 ? 0 : &limit, mask);
}

/* renameat2(2) with RENAME_NOREPLACE: moves `from` to `to` only if `to` does not exist, in one
   step. Glibc declares renameat2 only under _GNU_SOURCE, and syscall(2) is variadic, which Swift
   cannot call: this fixes its arguments. */
static inline int loans_rename_noreplace(const char *from, const char *to) {
    return (int)syscall(SYS_renameat2, AT_FDCWD, from, AT_FDCWD, to, 1u /* RENAME_NOREPLACE */);
}

#endif
