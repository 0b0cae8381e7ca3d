#ifndef LOANS_CLINUX_SHIM_H
#define LOANS_CLINUX_SHIM_H

// Linux interfaces that Swift's Glibc module leaves out: timers as descriptors (the midnight
// timer of the watchers) and process descriptors (waiting for a delivery with a deadline).
#include <sys/timerfd.h>
#include <sys/pidfd.h>

#endif
