/* SPDX-License-Identifier: MIT */
/* The crowd scenarios of bench_world: `circle` and `crossing`, ORCA agents in
 * a steer_world. bench_world parses the options and calls bench_crowd_run. */
#ifndef STEER_BENCH_CROWD_H
#define STEER_BENCH_CROWD_H

#include <stdbool.h>

/* True for "circle" and "crossing". */
bool bench_crowd_known(const char *scenario);

/* Time the scenario (medians of `reps` fresh runs of its first 100 (circle) or 50
 * (crossing) steps, after one untimed run; `steps` > 0 overrides the count) and print
 * bench_world's line plus " collisions=<c> arrived=<a>": over a fresh run of exactly
 * run_steps steps when run_steps > 0 (collisions: overlapping pairs summed over its
 * steps), else over a run to completion when to_completion is set, else over the last
 * timed run. Returns the exit status. */
int bench_crowd_run(const char *scenario, long n, int threads, int steps, int reps,
                    bool to_completion, long run_steps);

#endif /* STEER_BENCH_CROWD_H */
