// A child process's own peak memory, which rusage cannot give a parent as big as the
// benchmark: Linux folds the spawning process's high-water mark into the child's
// ru_maxrss at exec (posix_spawn shares the parent's memory until then), so every child
// of a 35 MB benchmark reported at least 35 MB.
#ifndef CPROCESS_PEAK_H
#define CPROCESS_PEAK_H

/// Runs `path` with `argv` (NULL-terminated; the environment is inherited, standard
/// output goes to /dev/null) under ptrace, stops it as it exits and reads VmHWM, the
/// peak resident size of the memory it mapped since exec, from /proc/PID/status.
/// Returns 0 and sets `*peak_bytes`; -1 with errno set when the process cannot be
/// started or traced; -2 when it exits with a non-zero status or on a signal.
int howdy_run_peak(const char *path, char *const argv[], long long *peak_bytes);

/// This process's own peak resident size in bytes (VmHWM: since its exec, unlike
/// ru_maxrss, which under `swift run` carries the build tool's peak), or -1.
long long howdy_self_peak(void);

#endif
