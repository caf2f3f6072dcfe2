/* SPDX-License-Identifier: MIT */
/* cli_args.h - the command line of `steer run` and friends.
 *
 * Options take their value as the next argument or after '=' (--steps 100,
 * --steps=100). -h/--help anywhere asks for the command's help. Any other mistake is
 * a usage error (exit 2) with a message naming the option.
 */
#ifndef CLI_ARGS_H
#define CLI_ARGS_H

#include "cli_error.h"

#include <stdint.h>

typedef struct cli_run_args {
    const char *scenario; /* a built-in's name or a .json path */
    int steps;            /* 0: the scenario's */
    bool has_seed;
    uint64_t seed;
    const char *csv, *json, *png, *svg; /* NULL: not written */
    const char *gif, *html;             /* animations; NULL: not written */
    bool forces;                        /* draw force vectors */
    bool force;                         /* write trajectories over CLI_OUTPUT_LIMIT */
    bool help;
} cli_run_args;

/* The output options in a fixed order, and their paths in `a` (NULL: not asked for). */
#define CLI_OUTPUT_KINDS 6
extern const char *const cli_output_options[CLI_OUTPUT_KINDS];
void cli_args_paths(const cli_run_args *a, const char *paths[CLI_OUTPUT_KINDS]);

/* Parses the arguments after `run`. An option given twice, or two outputs to stdout
 * ("-"), are usage errors. */
bool cli_args_parse_run(int argc, char **argv, cli_run_args *out, cli_error *err);

/* Refuses --png - when stdout is a terminal (pass isatty(STDOUT_FILENO)): a PNG is
 * binary. */
bool cli_args_check_terminal(const cli_run_args *a, bool stdout_is_terminal, cli_error *err);

/* True when any argument is -h or --help. */
bool cli_args_want_help(int argc, char **argv);

/* A whole decimal number in [0, max], nothing else (no sign, no spaces). */
bool cli_args_parse_u64(const char *text, uint64_t max, uint64_t *out);

#endif /* CLI_ARGS_H */
