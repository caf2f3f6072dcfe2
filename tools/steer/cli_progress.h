/* SPDX-License-Identifier: MIT */
/* cli_progress.h - a progress bar on stderr for runs that take a while.
 *
 * Nothing is shown during the first second (most runs finish before it would be
 * read), nor ever when stderr is not a terminal (logs and pipes stay clean). The bar
 * is redrawn at most ten times a second, with the time left at the pace so far
 * (minutes:seconds), and erased when the run ends.
 */
#ifndef CLI_PROGRESS_H
#define CLI_PROGRESS_H

#include <stdbool.h>

typedef struct cli_progress {
    bool enabled; /* stderr is a terminal */
    bool shown;   /* something is on the line and must be erased */
    double start; /* seconds, monotonic clock */
    double last;  /* when the bar was last drawn */
    double read;  /* when the clock was last read */
    int every;    /* the clock is read every `every` steps (a power of two): doubled while
                     steps are quick, so small scenes do not pay for it and big ones
                     still update */
    const char *label;
} cli_progress;

void cli_progress_begin(cli_progress *p, const char *label);

/* The callback for cli_run_config.progress; user is the cli_progress. */
void cli_progress_update(void *user, int done, int total);

/* Erases the bar if it was shown. */
void cli_progress_end(cli_progress *p);

#endif /* CLI_PROGRESS_H */
