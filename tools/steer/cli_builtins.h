/* SPDX-License-Identifier: MIT */
/* cli_builtins.h - the built-in scenarios: the JSON files in tools/steer/scenarios,
 * compiled into the program (embed.cmake). Adding a scenario is adding a file there and
 * its name to STEER_CLI_SCENARIOS in tools/steer/CMakeLists.txt.
 */
#ifndef CLI_BUILTINS_H
#define CLI_BUILTINS_H

#include "cli_error.h"
#include "cli_scenario.h"

typedef struct cli_builtin {
    const char *name; /* as typed on the command line: `steer run <name>` */
    const char *text; /* the file's bytes, NUL-terminated */
    size_t length;
} cli_builtin;

/* Generated table, in the order `steer list` shows. */
extern const cli_builtin cli_builtin_table[];
extern const int cli_builtin_table_count;

/* The built-in called `name`, or NULL. */
const cli_builtin *cli_builtin_find(const char *name);

/* Parses a built-in (it is a file like any other; errors name "<name>.json"). */
bool cli_builtin_load(const cli_builtin *b, cli_scenario *out, cli_error *err);

#endif /* CLI_BUILTINS_H */
