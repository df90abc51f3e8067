#include "repl_signal.h"
#include <signal.h>
#include <string.h>
#include <unistd.h>

// The handler must be async-signal-safe: it only sets a flag and writes a byte to a pipe, which a
// Swift thread waits on to interrupt the running evaluation.
static volatile sig_atomic_t pending = 0;
static int wake_fd = -1;

static void on_sigint(int sig) {
    (void)sig;
    pending = 1;
    if (wake_fd >= 0) {
        char c = 1;
        ssize_t r = write(wake_fd, &c, 1);
        (void)r;
    }
}

int htll_install_sigint(int fd) {
    wake_fd = fd;
    struct sigaction sa;
    memset(&sa, 0, sizeof sa);
    sa.sa_handler = on_sigint;
    sigemptyset(&sa.sa_mask);
    sa.sa_flags = SA_RESTART;
    return sigaction(SIGINT, &sa, NULL);
}

int htll_take_sigint(void) {
    int p = pending;
    pending = 0;
    return p;
}
