/* SPDX-License-Identifier: MIT */
/* cli_csv.h - one trajectory row as `steer run --csv` writes it, formatted in memory.
 *
 * The CSV writer (cli_trace.c) and the web demo's scenario runner (web/scene_file.c) both
 * format rows here, so the page's trajectory text is the tool's, byte for byte. Floats
 * have 9 significant digits: enough to read back the exact float.
 */
#ifndef CLI_CSV_H
#define CLI_CSV_H

#include "cli_sim.h"

#include <stddef.h>

#define CLI_CSV_HEADER "step,t,agent,x,y,z,vx,vy,vz,orientation\n"

/* Room for any row: a name of CLI_NAME_MAX, nine floats and the step. */
#define CLI_CSV_ROW_MAX 512

/* Agent i of `frame` as one line, newline included, into out[size] (snprintf's rules:
 * the result is the length the row needs, negative on an encoding error). */
int cli_csv_row(char *out, size_t size, const cli_scenario *s, const cli_frame *frame, int i);

#endif /* CLI_CSV_H */
