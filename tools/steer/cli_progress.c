/* SPDX-License-Identifier: MIT */
/* cli_progress.c - the stderr progress bar. */
#include "cli_progress.h"

#include <stdio.h>
#include <time.h>
#include <unistd.h>

#define CLI_BAR_WIDTH 40

static double cli_now(void)
{
    struct timespec ts;
    clock_gettime(CLOCK_MONOTONIC, &ts);
    return (double)ts.tv_sec + (double)ts.tv_nsec * 1e-9;
}

void cli_progress_begin(cli_progress *p, const char *label)
{
    p->enabled = isatty(fileno(stderr)) != 0;
    p->shown = false;
    p->label = label;
    p->start = p->enabled ? cli_now() : 0.0;
    p->last = p->start;
    p->read = p->start;
    p->every = 1;
}

void cli_progress_update(void *user, int done, int total)
{
    cli_progress *p = user;
    /* Reading the clock costs more than a step of a small scenario: look less often
     * while steps are quick (at most every 256). */
    if (!p->enabled || total <= 0 || (done & (p->every - 1)) != 0) return;
    double now = cli_now();
    if (now - p->read < 0.01 && p->every < 256) p->every *= 2;
    p->read = now;
    if (now - p->start < 1.0 || now - p->last < 0.1) return;
    p->last = now;
    int filled = (int)((double)done / total * CLI_BAR_WIDTH);
    char bar[CLI_BAR_WIDTH + 1];
    for (int i = 0; i < CLI_BAR_WIDTH; i++) bar[i] = i < filled ? '#' : '.';
    bar[CLI_BAR_WIDTH] = '\0';
    /* the steps so far give the pace; the time left assumes it holds */
    double left = done > 0 ? (now - p->start) * (total - done) / done : 0.0;
    int minutes = (int)(left / 60), seconds = (int)left % 60;
    fprintf(stderr, "\r%s [%s] %3d%% step %d/%d, about %d:%02d left\033[K", p->label, bar,
            (int)(100.0 * done / total), done, total, minutes, seconds);
    fflush(stderr);
    p->shown = true;
}

void cli_progress_end(cli_progress *p)
{
    if (!p->shown) return;
    fprintf(stderr, "\r\033[K");
    fflush(stderr);
    p->shown = false;
}
