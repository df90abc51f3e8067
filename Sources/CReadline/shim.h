// GNU Readline, from Debian's libreadline-dev, plus a Ctrl-C handler for the REPL.
#include <stdio.h>
#include <string.h>
#include <signal.h>
#include <unistd.h>
#include <readline/readline.h>
#include <readline/history.h>

// The handler must be async-signal-safe, so it lives here in C: it only sets a flag and writes a byte to
// a pipe, which a Swift thread waits on to interrupt the running evaluation. Being `static`, these get
// one copy per Swift file that uses them: call them from a single Swift file.
static volatile sig_atomic_t htll_sigint_pending = 0;
static int htll_sigint_fd = -1;

static void htll_on_sigint(int sig) {
    (void)sig;
    htll_sigint_pending = 1;
    if (htll_sigint_fd >= 0) {
        char c = 1;
        ssize_t r = write(htll_sigint_fd, &c, 1);
        (void)r;
    }
}

/// Installs the SIGINT handler; `fd` is the (non-blocking) write end of the wake-up pipe, or -1.
static inline int htll_install_sigint(int fd) {
    htll_sigint_fd = fd;
    struct sigaction sa;
    memset(&sa, 0, sizeof sa);
    sa.sa_handler = htll_on_sigint;
    sigemptyset(&sa.sa_mask);
    sa.sa_flags = SA_RESTART;
    return sigaction(SIGINT, &sa, NULL);
}

/// Returns 1 (and clears the flag) if Ctrl-C was pressed since the last call.
static inline int htll_take_sigint(void) {
    int p = htll_sigint_pending;
    htll_sigint_pending = 0;
    return p;
}
