/* SPDX-License-Identifier: MIT */
/* cli_record.h - what the picture needs from a run, kept while it goes.
 *
 * A trail is kept for every agent, thinned to at most CLI_TRAIL_POINTS points (every
 * n-th step; enough that a long trail keeps its curves, few enough to draw quickly),
 * and all the trails together to at most CLI_RECORD_POINTS.
 * A big scene (over CLI_RECORD_TRAILS agents) keeps the trails of an even sample only
 * (every listed agent, and every n-th boid or crowd member); every agent's first and
 * last state is kept. Plus
 * a few force samples, the random targets a wanderer picked and the first and last
 * states. The jumps of agents that reappear at the centre break their trail.
 */
#ifndef CLI_RECORD_H
#define CLI_RECORD_H

#include "cli_sim.h"

typedef struct cli_track_point {
    float u, v; /* position in the picture's plane (cli_plane_coords) */
    bool jump;  /* the agent reappeared here: no line from the previous point */
    int step;   /* of the run */
    float h;    /* height: y in xz and 3d scenarios, z in xy */
} cli_track_point;

typedef struct cli_force_mark {
    float u, v;   /* where */
    float fu, fv; /* the combined linear steering, in the plane */
} cli_force_mark;

typedef struct cli_track {
    cli_track_point *points;
    int point_count, point_capacity;
    cli_force_mark *forces;
    int force_count, force_capacity;
    steer_vec3 *goals; /* each new random target, in order */
    int goal_count, goal_capacity;
    steer_agent first, last;
} cli_track;

#define CLI_RECORD_TRAILS 2000
#define CLI_TRAIL_POINTS  40000
#define CLI_RECORD_POINTS 4000000

typedef struct cli_record {
    const cli_scenario *scenario;
    int steps;        /* of the run */
    uint64_t seed;    /* of the run, for the legend */
    int point_stride; /* keep every n-th step */
    int force_stride;
    int trail_every;   /* boids and members: the trail of every n-th one is kept (1: all) */
    int trail_count;   /* trails kept */
    cli_track *tracks; /* one per agent */
} cli_record;

/* Prepares a record for a run of `steps` steps. */
bool cli_record_init(cli_record *r, const cli_scenario *s, int steps, uint64_t seed,
                     cli_error *err);

/* The observer (cli_sim.h); user is the cli_record. */
bool cli_record_observe(void *user, const cli_frame *frame, cli_error *err);

/* True when the trail of agent i is kept. */
bool cli_record_has_trail(const cli_record *r, int i);

void cli_record_free(cli_record *r);

#endif /* CLI_RECORD_H */
