/* cli_scenario.h - what a scenario is once loaded: world, agents, behaviours.
 *
 * A scenario file (docs/scenarios.md) is parsed into these structs by cli_load.c; the
 * built-in scenarios are the same JSON files compiled into the program, so every
 * built-in is also an example of the format. Nothing here runs anything: see cli_sim.h.
 */
#ifndef CLI_SCENARIO_H
#define CLI_SCENARIO_H

/* Only the layers the tool uses, so a module being written elsewhere cannot break it. */
#include "steer/agent.h"
#include "steer/approach.h"
#include "steer/behaviours.h"
#include "steer/combine.h"
#include "steer/grid.h"
#include "steer/integrate.h"
#include "steer/random.h"
#include "steer/wander.h"

#include <stddef.h>

#define CLI_NAME_MAX       32      /* agent names, including the terminating NUL */
#define CLI_MAX_BEHAVIOURS 8       /* per agent */
#define CLI_MAX_AGENTS     256     /* per scenario */
#define CLI_MAX_STEPS      1000000 /* per run; keeps a typo from filling the disk */

/* What happens to an agent that leaves the world box. */
typedef enum cli_edges {
    CLI_EDGES_OPEN = 0,   /* nothing: the world box is only drawn */
    CLI_EDGES_RESPAWN = 1 /* it reappears at the centre of the box (seed 002's demo) */
} cli_edges;

/* What a behaviour steers towards (or away from). */
typedef enum cli_target_kind {
    CLI_TARGET_NONE = 0,
    CLI_TARGET_POINT = 1, /* a fixed point */
    CLI_TARGET_AGENT = 2  /* another agent, read at the start of every step */
} cli_target_kind;

typedef struct cli_target {
    cli_target_kind kind;
    steer_vec3 point; /* CLI_TARGET_POINT */
    int agent;        /* CLI_TARGET_AGENT: index into cli_scenario.agents */
} cli_target;

/* One behaviour of an agent with its parameters. Only the fields its kind uses are
 * read (cli_behaviour.c has the table of kinds and their parameters). */
typedef struct cli_behaviour {
    int kind;     /* index into the behaviour table (cli_behaviour_kind_at) */
    float weight; /* weight in its priority group's blend (default 1) */
    int priority; /* groups are tried from the lowest number up (default 0) */
    cli_target target;
    bool has_orientation; /* align: a fixed target orientation instead of an agent */
    float orientation;    /* align: radians */
    bool has_velocity;    /* match_velocity: a fixed velocity instead of an agent */
    steer_vec3 velocity;  /* match_velocity */
    float time_to_target; /* match_velocity */
    float catch_radius;   /* pursue: the run reports when the agent gets this close */
    steer_arrive_params arrive;
    steer_leave_params leave;
    steer_align_params align;
    steer_pursue_params pursue;
    steer_wander_params wander;
    steer_wander_target_params wander_target;
    steer_approach_walk_params approach; /* seed 000's walker */
    int every;     /* grid behaviours: steps between moves (one cell a move) */
    bool diagonal; /* grid behaviours: 8-connected moves (false: 4-connected) */
    int lookahead; /* grid_evade: free cells that make a step "not a dead end" */
    size_t offset; /* where the behaviour starts in the file, for later error messages */
} cli_behaviour;

/* One agent as the file describes it: its initial state and limits, and what steers it. */
typedef struct cli_agent_def {
    char name[CLI_NAME_MAX];
    steer_agent agent; /* initial state, limits, model, space and facing */
    float epsilon;     /* priority steering threshold (default 1e-3) */
    int behaviour_count;
    cli_behaviour behaviours[CLI_MAX_BEHAVIOURS];
} cli_agent_def;

/* The tile map grid behaviours move on (docs/scenarios.md, "grid"). Rows of the map go
 * down the picture: cell (x, y) of the text lies at origin + (x, -y) cells in the plane. */
typedef struct cli_grid_map {
    bool present;
    steer_grid grid;        /* cells owned by the scenario */
    steer_grid_frame frame; /* origin: the top-left corner of the map as printed */
} cli_grid_map;

/* A whole scenario. Owns `agents` and the grid's cells; free with cli_scenario_free. */
typedef struct cli_scenario {
    char name[64];
    char description[400];
    steer_model model;
    steer_space space;
    steer_vec3 world_min, world_max; /* world box, world units */
    cli_edges edges;
    int steps; /* how many steps a run makes (--steps overrides) */
    float dt;  /* seconds per step; under the Reynolds model only the time column uses it */
    uint64_t seed;
    int agent_count;
    cli_agent_def *agents;
    cli_grid_map grid;
} cli_scenario;

/* Releases what a loaded scenario owns and zeroes it. Safe on a zeroed scenario. */
void cli_scenario_free(cli_scenario *s);

/* The two coordinates of a point in the scenario's plane, as drawn: (x, y) for XY,
 * (x, z) for XZ and 3D (seen from above). */
void cli_plane_coords(steer_space space, steer_vec3 p, double *u, double *v);

/* World position of a grid cell's centre, and the cell holding a world point (rows go
 * down the picture: see cli_grid_map). */
steer_vec3 cli_grid_center(const cli_scenario *s, steer_cell c);
steer_cell cli_grid_cell_of(const cli_scenario *s, steer_vec3 p);

/* Index of the agent called `name`, or -1. */
int cli_scenario_find_agent(const cli_scenario *s, const char *name);

#endif /* CLI_SCENARIO_H */
