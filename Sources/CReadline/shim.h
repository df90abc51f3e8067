// GNU Readline, from Debian's libreadline-dev.
#include <stdio.h>
#include <readline/readline.h>
#include <readline/history.h>
