/* SPDX-License-Identifier: MIT */
/* cli_sim_grid.h - agents that move on the scenario's grid, cell by cell.
 *
 * A grid agent holds one cell (the occupancy of steer/grid.h keeps two from sharing
 * one). Its behaviour picks the next cell every `every` steps, reading every agent's
 * cell at the start of the step; the moves are then made in the order of the agents,
 * and a move onto a cell another agent took in this same step is dropped (the agent
 * waits). Between cells the agent glides at constant speed, one cell in `every` steps,
 * so trails and CSV rows are continuous.
 */
#ifndef CLI_SIM_GRID_H
#define CLI_SIM_GRID_H

#include "cli_scenario.h"

typedef struct cli_grid_run {
    steer_occupancy occ;
    uint8_t *taken;
    bool *on_grid;               /* the agent has a grid behaviour */
    steer_cell *cells;           /* each agent's cell: held by a grid agent, under any other */
    steer_vec3 *from;            /* a grid agent's last move: from here ... */
    steer_vec3 *to;              /* ... to the centre of its cell */
    int *moved_at;               /* the step that move began; 0 before the first */
    int *every;                  /* the steps that move takes */
    steer_astar_scratch scratch; /* A* chases' search space, shared (one search at a time) */
    void *scratch_memory;
    steer_cell *paths; /* A* chases' path storage: path_capacity cells per agent */
    int path_capacity;
} cli_grid_run;

/* Prepares the run for the scenario's agents (in their initial state). Does nothing
 * and succeeds when the scenario has no grid; false when memory runs out. */
bool cli_grid_run_init(cli_grid_run *g, const cli_scenario *s, const steer_agent *agents);
void cli_grid_run_free(cli_grid_run *g);

/* At the start of a step: every agent's cell and the occupancy of the grid agents. */
void cli_grid_run_begin(cli_grid_run *g, const cli_scenario *s, const steer_agent *agents);

/* Grid agent i starts a move to `next` (a neighbour) taking `every` steps; dropped when
 * another agent took that cell in this step. */
void cli_grid_run_move(cli_grid_run *g, const cli_scenario *s, int i, steer_cell next, int every,
                       int step);

/* Puts grid agent i where its move has brought it at the end of `step`. */
void cli_grid_run_place(const cli_grid_run *g, int i, steer_agent *a, int step, float time_step);

/* The cell of agent i now (a grid agent's held cell; any other's position). */
steer_cell cli_grid_run_cell(const cli_grid_run *g, const cli_scenario *s,
                             const steer_agent *agents, int i);

#endif /* CLI_SIM_GRID_H */
