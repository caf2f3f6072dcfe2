/* SPDX-License-Identifier: MIT */
/* cli_load.h - reading a scenario file (JSON, docs/scenarios.md) into a cli_scenario.
 *
 * Every mistake is reported as "file:line:column: what was expected": syntax errors at
 * the place cJSON stopped, unknown or duplicate fields at their key, bad values at the
 * value. Unknown fields are errors so a typo never silently falls back to a default.
 */
#ifndef CLI_LOAD_H
#define CLI_LOAD_H

#include "cli_error.h"
#include "cli_scenario.h"

/* Parses `text` (taking ownership of it; it must be NUL-terminated at text[length]).
 * `file` names the source in messages. On failure `out` is left zeroed, err is set
 * (code CLI_EXIT_USAGE for bad input) and false is returned. */
bool cli_load_text(cli_scenario *out, const char *file, char *text, size_t length, cli_error *err);

/* Reads and parses a file. A file that cannot be read is bad input (CLI_EXIT_USAGE). */
bool cli_load_file(cli_scenario *out, const char *path, cli_error *err);

#endif /* CLI_LOAD_H */
