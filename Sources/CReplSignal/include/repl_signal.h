// The REPL's Ctrl-C handler. It lives in a C file of its own (not a header) so the flag it sets has
// exactly one definition, whatever the Swift compiler inlines where.
#ifndef HTLL_REPL_SIGNAL_H
#define HTLL_REPL_SIGNAL_H

/// Installs the SIGINT handler; `fd` is the (non-blocking) write end of a wake-up pipe, or -1.
int htll_install_sigint(int fd);

/// Returns 1 (and clears the flag) if Ctrl-C was pressed since the last call.
int htll_take_sigint(void);

#endif
