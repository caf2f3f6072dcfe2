/* SPDX-License-Identifier: MIT */
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
#include "steer/astar.h"
#include "steer/behaviours.h"
#include "steer/combine.h"
#include "steer/grid.h"
#include "steer/integrate.h"
#include "steer/navmesh.h"
#include "steer/obstacles.h"
#include "steer/path.h"
#include "steer/random.h"
#include "steer/wander.h"
#include "steer/world.h"

#include <stddef.h>

#define CLI_NAME_MAX       32      /* agent names, including the terminating NUL */
#define CLI_MAX_BEHAVIOURS 8       /* per agent */
#define CLI_MAX_AGENTS     256     /* listed in "agents" */
#define CLI_MAX_FLOCK      100000  /* boids of a "flock" (on top of the listed agents) */
#define CLI_MAX_CROWD      100000  /* members of a "crowd" (on top of agents and boids) */
#define CLI_MAX_GROUPS     8       /* groups of a "crowd" */
#define CLI_MAX_WALLS      256     /* wall segments a crowd is kept clear of */
#define CLI_MAX_PATHS      16      /* per scenario */
#define CLI_MAX_WAYPOINTS  256     /* per path, as written */
#define CLI_MAX_STEPS      1000000 /* per run; keeps a typo from filling the disk */

/* Sizes and ranges of what a scenario file may hold (docs/scenarios.md). */
#define CLI_MAX_FILE   (64u << 20) /* bytes of a scenario file: 64 MiB */
#define CLI_MAX_NUMBER 1e6         /* magnitude of any real number (coordinates, limits, radii) */
#define CLI_MAX_DT     1.0         /* seconds a step, at most */

/* What happens to an agent that leaves the world box. */
typedef enum cli_edges {
    CLI_EDGES_OPEN = 0,    /* nothing: the world box is only drawn */
    CLI_EDGES_RESPAWN = 1, /* it reappears at the centre of the box (the wander demo) */
    CLI_EDGES_WRAP = 2,    /* it comes back in through the opposite side (boids) */
    CLI_EDGES_CLAMP = 3    /* it is held inside, the outward velocity removed */
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
    steer_approach_walk_params approach; /* the approach walker */
    int every;            /* grid behaviours: steps between moves (one cell a move) */
    bool diagonal;        /* grid behaviours: 8-connected moves (false: 4-connected) */
    bool horizontal_ties; /* grid_chase_line: exact ties take the x step */
    bool fallback;        /* grid chases: A* leads while the straight method is blocked */
    int lookahead;        /* grid_evade: free cells that make a step "not a dead end" */
    int path;             /* follow_path: index into cli_scenario.paths */
    steer_path_follow_params follow;      /* follow_path */
    steer_avoid_params avoid;             /* avoid_obstacles */
    steer_contain_params contain;         /* contain */
    steer_vec3 region_min, region_max;    /* contain: the box (default: the world box) ... */
    bool has_center;                      /* ... or, when "center" is given, the circle */
    steer_vec3 center;                    /* contain */
    float radius;                         /* contain */
    steer_wall_follow_params wall;        /* follow_wall */
    steer_hide_params hide;               /* hide */
    steer_navmesh_follow_params navigate; /* navigate */
    size_t offset; /* where the behaviour starts in the file, for later error messages */
} cli_behaviour;

/* One agent as the file describes it: its initial state and limits, and what steers it. */
typedef struct cli_agent_def {
    char name[CLI_NAME_MAX];
    steer_agent agent; /* initial state, limits, model, space and facing */
    float epsilon;     /* priority steering threshold (default 1e-3) */
    int behaviour_count;
    cli_behaviour *behaviours; /* CLI_MAX_BEHAVIOURS slots in the scenario's behaviour_store
                                  for a listed agent; NULL for boids and crowd members, so
                                  that 100,000 of them stay small */
} cli_agent_def;

/* The tile map grid behaviours move on (docs/scenarios.md, "grid"). Rows of the map go
 * down the picture: cell (x, y) of the text lies at origin + (x, -y) cells in the plane. */
typedef struct cli_grid_map {
    bool present;
    steer_grid grid;        /* cells owned by the scenario */
    steer_grid_frame frame; /* origin: the top-left corner of the map as printed */
} cli_grid_map;

/* A named path (docs/scenarios.md, "paths"): the waypoints as written, and the path the
 * followers use, through the waypoints or through a spline sampled along them. */
typedef struct cli_path {
    char name[CLI_NAME_MAX];
    steer_vec3 *waypoints; /* owned, as written */
    int waypoint_count;
    bool smooth;            /* a centripetal Catmull-Rom spline through the waypoints */
    float spacing;          /* smooth: world units between the spline's samples */
    steer_path_node *nodes; /* owned storage of `path` */
    steer_path path;
} cli_path;

/* The obstacles of a scenario (docs/scenarios.md, "obstacles"); boxes are kept as
 * polygons. `set` points into the arrays, which the scenario owns. */
typedef struct cli_obstacles {
    steer_circle *circles;
    steer_segment *walls;
    steer_polygon *polygons;
    steer_vec3 *points; /* every polygon's vertices, one block */
    int box_count;      /* the last box_count polygons are the boxes */
    steer_obstacles set;
} cli_obstacles;

/* A flock run by the library's batch world (steer/world.h): `count` boids that follow
 * `recipe`, appended to the agents after the listed ones, named boid-0, boid-1, ... At
 * the start of a run each is put at a random point of the spawn box, heading a random
 * way at `speed`, from its own generator. */
typedef struct cli_flock {
    bool present;
    int count;
    int first; /* index of boid-0 in cli_scenario.agents */
    steer_vec3 spawn_min, spawn_max;
    float speed;
    steer_agent boid; /* every boid's limits, model and space (position set at the start) */
    steer_recipe recipe;
    float weights[4]; /* separation, alignment, cohesion, wander as written (legend) */
} cli_flock;

/* One group of a crowd: its members share limits, the arrive that takes each to its own
 * goal, and a responsibility (the share of avoidance they take, 0: they hold their
 * course). Members are placed on a ring (each crossing to the opposite point) or listed
 * one by one with a position and a goal. */
#define CLI_ROUTE_MAX 16 /* waypoints in a crowd group's route */

typedef struct cli_crowd_group {
    char name[CLI_NAME_MAX]; /* members are named <name>-0, <name>-1, ... */
    int first, count;        /* members are cli_scenario.agents[first .. first + count - 1] */
    steer_agent member;      /* limits, model and space of every member */
    steer_arrive_params arrive;
    float responsibility;
    steer_vec3 *starts, *goals;      /* owned, count each */
    steer_vec3 route[CLI_ROUTE_MAX]; /* waypoints every member takes before its goal */
    int route_count;                 /* 0: straight to the goal */
    float route_reach;               /* a waypoint is passed within this distance (1) */
    bool settle; /* members that arrive stop pressing for their goal (steer_recipe.settle) */
    bool moved;  /* goals from a group move (steer_group_move_to/_along) */
    /* "navigate": the members walk the scenario's navmesh (a navigate item); with a
     * "move_to", the run makes the group move on the mesh (steer_world_group_move) and
     * trades the spots of stuck members (steer_world_group_unstick), rewriting `goals` */
    bool navigate;
    bool move_line;            /* the move is along move_a .. move_b, else to move_a */
    steer_vec3 move_a, move_b; /* the "move_to" point, or its line */
    float move_gap;            /* its "gap" */
    /* "formation": the members hold slots round an anchor that follows a path, and their
     * goals are their slots once the anchor rests at its end (docs/groups.md) */
    bool formation;
    int formation_path;               /* index into cli_scenario.paths */
    float formation_speed;            /* the anchor's cruising speed, units/s */
    float formation_turn;             /* its turning rate, radians/s */
    steer_formation_pace_params pace; /* how it waits for its members */
    steer_formation_slot *slots;      /* owned, count */
    int *slot_of;                     /* owned, count: member i's slot */
    steer_vec3 anchor_start;          /* the anchor's pose at the path's start */
    float anchor_orientation;
} cli_crowd_group;

/* A crowd run by the library's batch world with the ORCA filter (steer/crowd.h,
 * docs/crowd.md): members are appended after the listed agents and the boids. When
 * `use_walls` is set, the obstacles' walls and polygon edges are the world's walls. */
typedef struct cli_crowd {
    bool present;
    int first, count; /* every member: agents[first .. first + count - 1] */
    steer_orca_params orca;
    bool use_walls;
    bool navmesh_walls; /* the navmesh's boundary is among the world's walls too */
    int group_count;
    cli_crowd_group groups[CLI_MAX_GROUPS];
    steer_segment *walls; /* owned: the segments the world keeps the crowd clear of */
    int wall_count;
} cli_crowd;

/* The walkable area navigate behaviours move on (docs/scenarios.md, "navmesh"): an
 * outline with holes, triangulated and merged into a navigation mesh at load. */
typedef struct cli_navmesh {
    bool present;
    steer_navmesh mesh;
    void *memory;       /* owned: the mesh's buffer */
    steer_vec3 *points; /* owned: the outline's points, then each hole's */
    int32_t *rings;     /* owned: points per ring, the outline first */
    int ring_count;
} cli_navmesh;

/* A whole scenario. Owns `agents`, the grid's cells, the paths and the obstacles; free
 * with cli_scenario_free. */
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
    cli_behaviour *behaviour_store; /* the listed agents' behaviours, owned */
    cli_grid_map grid;
    int path_count;
    cli_path paths[CLI_MAX_PATHS];
    cli_obstacles obstacles;
    cli_flock flock;
    cli_crowd crowd;
    cli_navmesh navmesh;
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

/* The world box as the library's bounds of kind `kind` (the up axis of a planar space
 * left unbounded). */
steer_bounds cli_world_bounds(const cli_scenario *s, steer_bounds_kind kind);

/* The library's bounds kind that does what `edges` asks of the batch worlds (flock,
 * crowd): wrap, clamp, respawn, or none for open edges. */
steer_bounds_kind cli_edges_bounds_kind(cli_edges edges);

/* Index of the path called `name`, or -1. */
int cli_scenario_find_path(const cli_scenario *s, const char *name);

/* Index of the agent called `name`, or -1. */
int cli_scenario_find_agent(const cli_scenario *s, const char *name);

#endif /* CLI_SCENARIO_H */
