/* SPDX-License-Identifier: MIT */
/* cli_sim.h - running a scenario: every agent steered by its behaviours, step by step.
 *
 * Each step reads every agent as it was at the start of the step, so the order of the
 * agents in the file never changes the result; then integrates all of them with the
 * scenario's model. Observers see every state (step 0 is the initial one) and write
 * trajectories or record the picture as the run goes, so a long run needs no memory
 * per step. Runs are deterministic: agent i draws from its own generator, seeded with
 * the scenario's seed on stream i + 1.
 */
#ifndef CLI_SIM_H
#define CLI_SIM_H

#include "cli_error.h"
#include "cli_flock_stats.h"
#include "cli_scenario.h"

/* The state of every agent after one step. */
typedef struct cli_frame {
    int step;                  /* 0 is the initial state */
    double t;                  /* step * dt, seconds */
    int count;                 /* agents */
    const steer_agent *agents; /* states after the step */
    const steer_vec3 *forces;  /* combined linear steering applied in the step (0 at step 0) */
    const bool *respawned;     /* the agent jumped: it left the world box and reappeared at its
                                  centre, or wrapped around to the opposite side */
    const steer_vec3 *goals;   /* a random-target wanderer's current target ... */
    const bool *has_goal;      /* ... when it has one */
} cli_frame;

/* Called for every frame; returning false (after filling err) stops the run. */
typedef bool (*cli_observe_fn)(void *user, const cli_frame *frame, cli_error *err);

typedef struct cli_observer {
    cli_observe_fn fn;
    void *user;
} cli_observer;

/* What happened to one agent. Steps are -1 when the event did not happen. */
typedef struct cli_agent_outcome {
    bool has_arrive;    /* the agent has an arrive behaviour */
    bool arrived;       /* ... and is arrived (inside target_radius, at rest) at the end */
    int arrived_step;   /* first step of the final arrived stretch */
    bool has_catch;     /* the agent pursues with a catch_radius */
    int caught_step;    /* first step its target was within catch_radius */
    int respawns;       /* times it reappeared at the centre */
    bool stuck;         /* a crowd member the world reads STEER_PROGRESS_STUCK at the end */
    bool has_overshoot; /* the agent arrives at a fixed point ... */
    double overshoot;   /* ... the farthest it went past it, along the line from its start
                           to the point (world units, 0 when it never passed it) */
    bool has_path;      /* the agent follows a path ... */
    int laps;           /* ... closed: laps completed */
    double path_s;      /* ... distance along it covered by its cursor, laps included */
    double travelled;   /* path length, world units (jumps not counted) */
    bool rested;        /* a crowd member arrived (or settled) since some step ... */
    double rest_speed;  /* ... its speeds summed over the steps since */
    int rest_steps;     /* ... those steps */
    int reversals;      /* ... times its speed towards its goal changed sign (beyond 5% of
                           its top speed either way) */
    float along;        /* ... that speed when last beyond 2%, or 0 */
    bool has_avoid;     /* the agent avoids the obstacles ... */
    int entries;        /* ... steps after which its body overlapped one (more than 1e-3) */
    bool has_navmesh;   /* the agent navigates the navmesh ... */
    double off_mesh;    /* ... the farthest it strayed from it, world units */
    bool has_wander;    /* the agent has a wander behaviour ... */
    float wander_angle; /* ... whose circle's angle after the last step is this, radians */
} cli_agent_outcome;

typedef struct cli_run_result {
    int steps;
    int agent_count;
    cli_agent_outcome *agents;   /* owned; cli_run_result_free */
    steer_agent *final;          /* owned: the last state of every agent */
    bool has_flock;              /* the scenario has a flock, measured (cli_flock_stats.h) ... */
    cli_flock_stats flock_start; /* ... at step 0 */
    cli_flock_stats flock_end;   /* ... after the last step */
    bool has_group_overlaps;     /* a crowd group moved on the navmesh, measured: ... */
    long group_overlaps;         /* pair-steps two of its members overlapped */
} cli_run_result;

typedef struct cli_run_config {
    int steps;     /* the scenario's when <= 0 */
    uint64_t seed; /* used when use_seed is true, otherwise the scenario's */
    bool use_seed;
    const cli_observer *observers;
    int observer_count;
    void (*progress)(void *user, int done, int total); /* may be NULL */
    void *progress_user;
} cli_run_config;

/* A run made one step at a time, for a caller that shows it as it goes (the web demo):
 * cli_run is open, then advance and read the frame until the last step. Open starts
 * every agent from the scenario with `seed` (the scenario's own: s->seed) and returns
 * NULL when memory runs out (err set); the scenario must outlive the run. Advance makes
 * the next step, failing as cli_run does; the frame (step 0 before the first advance)
 * points into the run and stays valid until the next advance or close. Close takes
 * NULL. */
typedef struct cli_world cli_world;
cli_world *cli_world_open(const cli_scenario *s, uint64_t seed, cli_error *err);
bool cli_world_advance(cli_world *w, cli_error *err);
cli_frame cli_world_frame(const cli_world *w);
void cli_world_close(cli_world *w);

/* Runs the scenario. Fails when memory runs out (CLI_EXIT_RUNTIME) or an observer
 * stops the run (its error). `result` may be NULL; otherwise free it afterwards. */
bool cli_run(const cli_scenario *s, const cli_run_config *config, cli_run_result *result,
             cli_error *err);

void cli_run_result_free(cli_run_result *result);

#endif /* CLI_SIM_H */
