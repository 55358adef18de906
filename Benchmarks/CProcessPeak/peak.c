#define _GNU_SOURCE
#include "CProcessPeak.h"

#include <errno.h>
#include <fcntl.h>
#include <signal.h>
#include <stdio.h>
#include <string.h>
#include <sys/ptrace.h>
#include <sys/types.h>
#include <sys/wait.h>
#include <unistd.h>

extern char **environ;

/// VmHWM of `pid` in bytes, or -1.
static long long read_hwm(pid_t pid) {
    char name[64];
    snprintf(name, sizeof name, "/proc/%d/status", (int)pid);
    FILE *file = fopen(name, "r");
    if (!file) return -1;
    char line[256];
    long long kib = -1;
    while (fgets(line, sizeof line, file)) {
        if (strncmp(line, "VmHWM:", 6) == 0) {
            sscanf(line + 6, "%lld", &kib);
            break;
        }
    }
    fclose(file);
    return kib < 0 ? -1 : kib * 1024;
}

long long howdy_self_peak(void) { return read_hwm(getpid()); }

int howdy_run_peak(const char *path, char *const argv[], long long *peak_bytes) {
    int devnull = open("/dev/null", O_WRONLY | O_CLOEXEC);
    if (devnull < 0) return -1;
    pid_t pid = fork();
    if (pid < 0) {
        close(devnull);
        return -1;
    }
    if (pid == 0) {
        // Only async-signal-safe calls between fork and exec.
        if (ptrace(PTRACE_TRACEME, 0, NULL, NULL) != 0) _exit(126);
        dup2(devnull, 1);
        execve(path, argv, environ);
        _exit(127);
    }
    close(devnull);
    long long peak = -1;
    int status = 0;
    int traced = 0;
    for (;;) {
        if (waitpid(pid, &status, 0) != pid) {
            if (errno == EINTR) continue;
            return -1;
        }
        if (WIFEXITED(status) || WIFSIGNALED(status)) break;
        if (!WIFSTOPPED(status)) continue;
        int signal = WSTOPSIG(status);
        int deliver = 0;
        if (!traced && signal == SIGTRAP) {
            // The stop after a successful exec: ask to stop again at exit.
            ptrace(PTRACE_SETOPTIONS, pid, NULL, (void *)(long)(PTRACE_O_TRACEEXIT | PTRACE_O_EXITKILL));
            traced = 1;
        } else if (status >> 8 == (SIGTRAP | (PTRACE_EVENT_EXIT << 8))) {
            // Exiting, its memory still mapped: the figure wanted.
            peak = read_hwm(pid);
        } else {
            deliver = signal;
        }
        ptrace(PTRACE_CONT, pid, NULL, (void *)(long)deliver);
    }
    if (!WIFEXITED(status) || WEXITSTATUS(status) != 0 || peak < 0) return -2;
    *peak_bytes = peak;
    return 0;
}
