/* SPDX-License-Identifier: MIT */
/* cli_outfile.h - output files that appear whole or not at all.
 *
 * Every output is written to a temporary file beside its destination (same directory,
 * so the rename cannot cross file systems) and renamed over it only once complete; a
 * failed or interrupted run leaves the old file, never half a new one. "-" is stdout.
 */
#ifndef CLI_OUTFILE_H
#define CLI_OUTFILE_H

#include "cli_error.h"

#include <stdio.h>

typedef struct cli_outfile {
    FILE *f;
    char *path; /* destination (NULL for stdout) */
    char *tmp;  /* temporary name while writing */
} cli_outfile;

/* Creates the temporary file. Fails with CLI_EXIT_RUNTIME when it cannot. */
bool cli_outfile_open(cli_outfile *o, const char *path, cli_error *err);

/* Flushes, closes and renames into place. On any write error removes the temporary
 * file and fails with CLI_EXIT_RUNTIME. The outfile is closed either way. */
bool cli_outfile_commit(cli_outfile *o, cli_error *err);

/* Closes and removes the temporary file. Safe on a closed or zeroed outfile. */
void cli_outfile_abort(cli_outfile *o);

#endif /* CLI_OUTFILE_H */
