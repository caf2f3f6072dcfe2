/* cli_scenario.c - small helpers on the loaded scenario. */
#include "cli_scenario.h"

#include <stdlib.h>
#include <string.h>

void cli_scenario_free(cli_scenario *s)
{
    if (!s) return;
    free(s->agents);
    memset(s, 0, sizeof *s);
}

void cli_plane_coords(steer_space space, steer_vec3 p, double *u, double *v)
{
    *u = p.x;
    *v = space == STEER_SPACE_XY ? p.y : p.z;
}

int cli_scenario_find_agent(const cli_scenario *s, const char *name)
{
    for (int i = 0; i < s->agent_count; i++)
        if (strcmp(s->agents[i].name, name) == 0) return i;
    return -1;
}
