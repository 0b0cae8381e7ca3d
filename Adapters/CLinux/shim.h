#ifndef LOANS_CLINUX_SHIM_H
#define LOANS_CLINUX_SHIM_H

// Linux interfaces that Swift's Glibc module leaves out: timers as descriptors (the midnight
// timer of the watchers), process descriptors (waiting for a delivery with a deadline), and
// ppoll (a wait that lets one signal through atomically).
#include <sys/timerfd.h>
#include <sys/pidfd.h>
#include <poll.h>
#include <signal.h>
#include <time.h>

/// ppoll(2), declared by glibc only under _GNU_SOURCE; a negative timeout waits without limit.
static inline int loans_ppoll(struct pollfd *fds, unsigned long count, int milliseconds, const sigset_t *mask) {
    struct timespec limit = { milliseconds / 1000, (long)(milliseconds % 1000) * 1000000L };
    extern int ppoll(struct pollfd *, unsigned long, const struct timespec *, const sigset_t *);
    return ppoll(fds, count, milliseconds < 0 ? 0 : &limit, mask);
}

#endif
