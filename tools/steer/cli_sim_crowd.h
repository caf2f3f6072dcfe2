/* SPDX-License-Identifier: MIT */
/* cli_sim_crowd.h - the crowd of a scenario, run by the library's batch world with the
 * ORCA filter (steer/crowd.h, docs/crowd.md).
 *
 * One steer_world holds every member; each group is a recipe (arrive at the member's
 * own goal, `crowd` on, the scenario's ORCA settings with the group's responsibility),
 * and the obstacles' walls and polygon edges are the world's walls. The runner steps the
 * world once per step and copies every member's state back into its own arrays, so
 * observers see members as any other agent. Only the public world API is used.
 */
#ifndef CLI_SIM_CROWD_H
#define CLI_SIM_CROWD_H

#include "cli_scenario.h"

typedef struct cli_crowd_run {
    steer_world *world; /* NULL when the scenario has no crowd */
    steer_handle *handles;
    int first, count;   /* the members are agents[first .. first + count - 1] */
    steer_vec3 *routes; /* each member's route (its group's, then its goal): CLI_ROUTE_MAX + 1 */
    steer_handle anchors[CLI_MAX_GROUPS]; /* a formation group's anchor (not an agent of the
                                             scenario: it is not drawn) */
    int *slot_of;                         /* every member's slot, formation groups only */
    void *work;                           /* the group calls' workspace */
    size_t work_size;
    /* groups that navigate: the scenario's navmesh in the world, with its query */
    steer_world_navmesh nav;
    steer_navmesh_query nav_query;
    void *nav_query_memory;
    steer_resource floor;
    steer_segment *walls; /* the crowd's walls and the navmesh's boundary ("navmesh_walls") */
    int steps;            /* steps taken: trades are looked for every CLI_TRADE_STEPS */
    bool watched;         /* some group moved on the mesh: its members' overlaps are counted */
    long overlaps;        /* pair-steps two members of such groups overlapped (more than 1e-3) */
} cli_crowd_run;

/* How often stuck members of a group moved on the mesh trade spots, in steps, and how
 * near its spot a member must be not to trade (world units). */
#define CLI_TRADE_STEPS 30
#define CLI_TRADE_REACH 0.25f

/* Builds the world with every member at its start, at rest, facing its goal, and the
 * walls. Succeeds doing nothing when the scenario has no crowd; false when memory runs
 * out or the world refuses a recipe, an agent or the walls. */
bool cli_crowd_run_init(cli_crowd_run *c, const cli_scenario *s, uint64_t seed);

/* True when agent i is a crowd member the world reads stuck (no progress toward its goal
 * in its last window: steer_world_agent_progress). */
bool cli_crowd_stuck(const cli_crowd_run *c, int i);

/* One step of the world; the members' new states go to agents[], and the change of
 * velocity over the step divided by dt (the acceleration the filter applied: the
 * world's applied steering reads zero for crowd agents) to forces[]. */
bool cli_crowd_run_step(cli_crowd_run *c, const cli_scenario *s, steer_agent *agents,
                        steer_vec3 *forces);

/* True when agent i is a member of the crowd. */
bool cli_crowd_run_has(const cli_crowd_run *c, int i);

/* Member i's group and goal (i must be a member). */
const cli_crowd_group *cli_crowd_group_of(const cli_scenario *s, int i);
steer_vec3 cli_crowd_goal(const cli_scenario *s, int i);

/* Whether member i, in state *a, is arrived: inside its group's target_radius of its
 * goal and slower than rest_speed (steer_arrive's own test). */
bool cli_crowd_arrived(const cli_scenario *s, int i, const steer_agent *a);

/* Whether crowd member i has settled among the others at its goal
 * (steer_world_agent_settled). */
bool cli_crowd_settled(const cli_crowd_run *c, int i);

void cli_crowd_run_free(cli_crowd_run *c);

#endif /* CLI_SIM_CROWD_H */
