/* SPDX-License-Identifier: MIT */
/* cli_flock_stats.h - how well a flock has formed, measured on one state of its boids.
 *
 * Neighbours are the boids within the flock's neighbour radius (its alignment radius,
 * else its cohesion radius, else 7.5), measured across the edges when the world wraps.
 * A grid of cells one radius wide finds them, so a flock of 100,000 is measured in
 * linear time.
 */
#ifndef CLI_FLOCK_STATS_H
#define CLI_FLOCK_STATS_H

#include "cli_scenario.h"

typedef struct cli_flock_stats {
    double global; /* length of all boids' mean unit velocity: 1 when all fly one way */
    double local;  /* mean over boids with neighbours of the cosine between its heading and
                      its neighbours' mean heading: near 1 inside flocks, whichever way
                      each flies; 0 when no boid has a neighbour */
    int flocks;    /* connected groups of two or more boids, linked by neighbours */
    int alone;     /* boids without a neighbour */
    double radius; /* the neighbour radius used, world units */
} cli_flock_stats;

/* Measures the flock's boids in agents[] (indices s->flock.first ...). False when memory
 * runs out. */
bool cli_flock_measure(const cli_scenario *s, const steer_agent *agents, cli_flock_stats *out);

/* The flock each boid is in, as a rank: rank[k] for boid k (agents[s->flock.first + k])
 * is 1 for the biggest flock, 2 for the next (ties by the lowest boid), ..., and 0 for a
 * lone boid. False when memory runs out. */
bool cli_flock_ranks(const cli_scenario *s, const steer_agent *agents, int *rank);

#endif /* CLI_FLOCK_STATS_H */
