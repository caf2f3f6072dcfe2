/* SPDX-License-Identifier: MIT */
/* cli_outfile.h - output files that appear whole or not at all.
 *
 * A regular file (or a new name) is written to a temporary file beside its destination
 * (same directory, so the rename cannot cross file systems) and renamed over it only
 * once complete; a failed or interrupted run leaves the old file, never half a new one.
 * SIGINT, SIGTERM, SIGHUP and SIGPIPE remove the temporary files before the program
 * dies of the signal. A special file that exists (a FIFO, a device such as /dev/null)
 * is opened and written in place: renaming over it would replace it with a regular
 * file. "-" is stdout. A directory is refused.
 */
#ifndef CLI_OUTFILE_H
#define CLI_OUTFILE_H

#include "cli_error.h"

#include <stdio.h>

typedef struct cli_outfile {
    FILE *f;
    char *path; /* destination (NULL for stdout) */
    char *tmp;  /* temporary name while writing (NULL: written in place) */
    int slot;   /* the temporary name's place in the signal handler's list plus 1; 0: none */
    int error;  /* errno of the first failed write, 0 while none */
} cli_outfile;

/* Before a run: `path` can be an output. Refuses (CLI_EXIT_USAGE) a directory and the
 * scenario file being read (`input`, NULL for a built-in; same st_dev and st_ino). */
bool cli_outfile_check(const char *path, const char *input, cli_error *err);

/* True when two output paths name the same file: the same text (but not "-"), the
 * same existing regular file, or the same new name in the same directory. */
bool cli_outfile_same(const char *a, const char *b);

/* True when writing `path` fills a disk: a regular file or a new name, or "-" with
 * stdout redirected to a regular file (not a FIFO, a device or a terminal). */
bool cli_outfile_on_disk(const char *path);

/* Creates the temporary file, or opens a special file in place. Fails with
 * CLI_EXIT_RUNTIME when it cannot, saying why. */
bool cli_outfile_open(cli_outfile *o, const char *path, cli_error *err);

/* Writers call this after a stdio call on o->f failed, with its errno: the first one is
 * kept for the message. */
void cli_outfile_failed(cli_outfile *o, int error);

/* Flushes, closes and renames into place. On any write error removes the temporary
 * file and fails with CLI_EXIT_RUNTIME, "<path>: write failed: <strerror>". The
 * outfile is closed either way. */
bool cli_outfile_commit(cli_outfile *o, cli_error *err);

/* Closes and removes the temporary file. Safe on a closed or zeroed outfile. */
void cli_outfile_abort(cli_outfile *o);

#endif /* CLI_OUTFILE_H */
