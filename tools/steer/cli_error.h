/* SPDX-License-Identifier: MIT */
/* cli_error.h - the one error message a failed step of the tool reports.
 *
 * Functions that can fail fill a cli_error and return false; the command prints the
 * text and picks the exit code from `code` (CLI_EXIT_*). Messages about input name
 * file:line:column first, as compilers do, so editors can jump to them.
 */
#ifndef CLI_ERROR_H
#define CLI_ERROR_H

#include <stdbool.h>

/* Exit codes of every command. */
enum {
    CLI_EXIT_OK = 0,
    CLI_EXIT_RUNTIME = 1, /* the input was fine but something failed (writing a file...) */
    CLI_EXIT_USAGE = 2    /* bad command line or bad scenario */
};

typedef struct cli_error {
    int code; /* CLI_EXIT_RUNTIME or CLI_EXIT_USAGE once set */
    char text[768];
} cli_error;

/* Sets the message (printf format) and the exit code; always returns false so callers
 * can write `return cli_fail(err, ...)`. err may be NULL. */
#if defined(__GNUC__)
__attribute__((format(printf, 3, 4)))
#endif
bool cli_fail(cli_error *err, int code, const char *fmt, ...);

#endif /* CLI_ERROR_H */
