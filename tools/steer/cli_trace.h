/* SPDX-License-Identifier: MIT */
/* cli_trace.h - trajectories as CSV or JSON, written while the run goes.
 *
 * CSV: one row per agent per step, header exactly
 *     step,t,agent,x,y,z,vx,vy,vz,orientation
 * JSON: the same rows under "rows", with the scenario's name, seed, model and the
 * column names, so a script can read either. Floats are printed with 9 significant
 * digits, enough to read back the exact float: the same seed gives the same bytes.
 */
#ifndef CLI_TRACE_H
#define CLI_TRACE_H

#include "cli_outfile.h"
#include "cli_sim.h"

typedef enum cli_trace_format { CLI_TRACE_CSV = 0, CLI_TRACE_JSON = 1 } cli_trace_format;

typedef struct cli_trace {
    cli_outfile out;
    cli_trace_format format;
    const cli_scenario *scenario;
    bool any_row; /* JSON: a comma goes before every row but the first */
} cli_trace;

/* Opens the output and writes the header. seed is the one the run uses. */
bool cli_trace_open(cli_trace *t, const char *path, cli_trace_format format, const cli_scenario *s,
                    uint64_t seed, cli_error *err);

/* The observer (cli_sim.h) that writes one frame; user is the cli_trace. */
bool cli_trace_observe(void *user, const cli_frame *frame, cli_error *err);

/* Writes the footer and puts the file in place. */
bool cli_trace_close(cli_trace *t, cli_error *err);

/* Drops a trace that will not be completed. */
void cli_trace_abort(cli_trace *t);

#endif /* CLI_TRACE_H */
