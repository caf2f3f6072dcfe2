/* SPDX-License-Identifier: MIT */
/* cli_csv.c - one CSV trajectory row. */
#include "cli_csv.h"

#include <stdio.h>

int cli_csv_row(char *out, size_t size, const cli_scenario *s, const cli_frame *fr, int i)
{
    const steer_agent *a = &fr->agents[i];
    return snprintf(out, size, "%d,%.9g,%s,%.9g,%.9g,%.9g,%.9g,%.9g,%.9g,%.9g\n", fr->step, fr->t,
                    s->agents[i].name, a->position.x, a->position.y, a->position.z, a->velocity.x,
                    a->velocity.y, a->velocity.z, a->orientation);
}
