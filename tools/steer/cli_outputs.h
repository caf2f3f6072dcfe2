/* SPDX-License-Identifier: MIT */
/* cli_outputs.h - everything one `steer run` writes: checked before the run, opened
 * before it (CSV and JSON are written while it goes), completed after it.
 *
 * Before the run: no output is a directory, the scenario file being read, or the same
 * file as another output, and the CSV and JSON together would not exceed
 * CLI_OUTPUT_LIMIT bytes (unless forced). After it, every output is attempted even when
 * one fails, and the caller learns which were written and which were not.
 */
#ifndef CLI_OUTPUTS_H
#define CLI_OUTPUTS_H

#include "cli_anim.h"
#include "cli_args.h"
#include "cli_record.h"
#include "cli_trace.h"

/* The most the trajectories of one run may take without --force: 1 GB. */
#define CLI_OUTPUT_LIMIT 1e9

typedef struct cli_outputs {
    cli_trace csv, json;
    bool has_csv, has_json, has_record, has_anim;
    cli_record record;
    cli_anim anim; /* frames for --gif and --html */
    cli_observer observers[4];
    int observer_count;
    const char *written[CLI_OUTPUT_KINDS],
        *failed[CLI_OUTPUT_KINDS]; /* after cli_outputs_finish; "-" is stdout */
    int written_count, failed_count;
} cli_outputs;

/* An upper bound of the bytes the CSV and JSON of a run of `steps` steps would put on
 * disk: rows times the longest a row can print. Outputs to a FIFO, a device or stdout
 * that is not a regular file do not count (0 when none is left). */
double cli_outputs_estimate(const cli_scenario *s, int steps, const cli_run_args *a);

/* The checks before a run, as above; `input` is the scenario file (NULL: a built-in).
 * Fails with CLI_EXIT_USAGE. */
bool cli_outputs_check(const cli_run_args *a, const char *input, const cli_scenario *s, int steps,
                       cli_error *err);

/* Opens the trajectories and prepares the picture's record. */
bool cli_outputs_open(cli_outputs *o, const cli_run_args *a, const cli_scenario *s, int steps,
                      uint64_t seed, cli_error *err);

/* Drops everything not yet completed (temporary files removed). */
void cli_outputs_abort(cli_outputs *o);

/* Completes every output, printing each failure to stderr as "steer: <message>" and
 * filling written[] and failed[]. True when all were written. */
bool cli_outputs_finish(cli_outputs *o, const cli_run_args *a, const cli_run_result *r);

#endif /* CLI_OUTPUTS_H */
