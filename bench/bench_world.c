/* SPDX-License-Identifier: MIT */
/* World benchmark: OpenSteer's boids scenario (or wanderers) stepped in a steer_world,
 * so the figures compare with other libraries. Prints one line:
 *
 *   bench scenario=<name> n=<N> threads=<T> warmup=<W> steps=<S> ns_per_agent_step=<x>
 *         steps_per_s=<y> avg_neighbors=<z> avg_within_radius=<r>
 *
 * (on one line), each figure the median over REPS repetitions. Each repetition builds
 * the flock afresh, steps it W times untimed and times the next S, so every repetition
 * and every N time the same steps of the flock's life (the world is deterministic).
 * `make bench ARGS="..."` builds it in Release and runs it; docs/performance.md has the
 * figures. The clock is read here, never in the library. */
#define _POSIX_C_SOURCE 199309L
#include "bench_crowd.h"
#include "bench_stats.h"
#include "boids.h"
#include "pool.h"
#include "steer/steer.h"

#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>

enum { REPS = 5, FLOCK_WARMUP = 100, FLOCK_STEPS = 100 };

/* OpenSteer's boids look for neighbours within the largest of their three radii
 * (cohesion's, shared/boids.c) and count every agent there, whatever the view cones. */
#define FLOCK_NEIGHBOUR_RADIUS 9.0f

typedef struct bench_options {
    const char *scenario;
    long n;
    int threads;
    int warmup;         /* flock scenes: untimed steps before each timed repetition */
    int steps;          /* per repetition; 0: the scene's default */
    bool to_completion; /* crowd scenarios: collisions and arrivals from a full run */
    long run_steps;     /* crowd scenarios: ...or from a run of this many steps */
} bench_options;

static void usage(FILE *out)
{
    fprintf(out,
            "usage: bench_world --scenario boids|wander|arrive|circle|crossing --n N --threads T\n"
            "                   [--warmup W] [--steps S] [--to-completion | --run-steps K]\n"
            "  boids   OpenSteer's boids in 3D: separation, alignment, cohesion, wander\n"
            "  wander  the same agents with wander only\n"
            "  arrive  the same agents each arriving at another's starting point\n"
            "          each repetition builds the flock, steps it W times untimed (default\n"
            "          %d) and times the next S (default %d), whatever N\n"
            "  circle, crossing  ORCA crowds (bench_crowd.c); timed over their first 100 / 50\n"
            "          steps; --to-completion takes collisions= and arrived= from a full run,\n"
            "          --run-steps K from a run of K steps (collisions: overlapping pairs\n"
            "          summed over its steps)\n"
            "  --steps steps per timed repetition\n"
            "Prints the medians of %d repetitions. avg_neighbors: others per agent that\n"
            "passed at least one of its behaviours' neighbourhood tests (radius and view\n"
            "cone) in the last timed step; avg_within_radius (flock scenes): others within\n"
            "%.0f units (the cohesion radius), cones ignored, OpenSteer's count, same step.\n",
            FLOCK_WARMUP, FLOCK_STEPS, REPS, (double)FLOCK_NEIGHBOUR_RADIUS);
}

static bool parse_long(const char *s, long lo, long hi, long *out)
{
    char *end = NULL;
    long v = s != NULL ? strtol(s, &end, 10) : 0;
    if (s == NULL || *s == '\0' || *end != '\0' || v < lo || v > hi) return false;
    *out = v;
    return true;
}

/* 0: run; 1: --help shown; 2: bad arguments. */
static int parse(int argc, char **argv, bench_options *o)
{
    o->scenario = NULL;
    o->n = 0;
    o->threads = 1;
    o->warmup = FLOCK_WARMUP;
    o->steps = 0;
    o->to_completion = false;
    o->run_steps = 0;
    long v = 0;
    /* Every option but --help takes a value: step over both. */
    for (int i = 1; i < argc; i += 2) {
        const char *a = argv[i], *next = i + 1 < argc ? argv[i + 1] : NULL;
        if (strcmp(a, "--help") == 0 || strcmp(a, "-h") == 0) return 1;
        if (strcmp(a, "--to-completion") == 0) { /* the one option without a value */
            o->to_completion = true;
            i--;
        } else if (strcmp(a, "--scenario") == 0 && next != NULL) {
            o->scenario = next;
        } else if (strcmp(a, "--n") == 0 && parse_long(next, 1, 1L << 26, &v)) {
            o->n = v;
        } else if (strcmp(a, "--threads") == 0 && parse_long(next, 1, 256, &v)) {
            o->threads = (int)v;
        } else if (strcmp(a, "--run-steps") == 0 && parse_long(next, 1, 100000000, &v)) {
            o->run_steps = v;
        } else if (strcmp(a, "--warmup") == 0 && parse_long(next, 0, 1000000, &v)) {
            o->warmup = (int)v;
        } else if (strcmp(a, "--steps") == 0 && parse_long(next, 1, 1000000, &v)) {
            o->steps = (int)v;
        } else {
            fprintf(stderr, "bench_world: bad or incomplete option '%s'\n", a);
            return 2;
        }
    }
    bool known = o->scenario != NULL &&
                 (strcmp(o->scenario, "boids") == 0 || strcmp(o->scenario, "wander") == 0 ||
                  strcmp(o->scenario, "arrive") == 0 || bench_crowd_known(o->scenario));
    if (!known || o->n <= 0) {
        fprintf(stderr, "bench_world: --scenario boids|wander|arrive|circle|crossing and --n are "
                        "required\n");
        return 2;
    }
    if (o->steps == 0 && !bench_crowd_known(o->scenario)) o->steps = FLOCK_STEPS;
    return 0;
}

/* The arrive scene: the wanderers' agents, each arriving (steer_arrive's defaults) at
 * the starting point of the agent half the flock on, so the goals are spread over the
 * same ball. */
static steer_world *make_arrive_world(steer_world *w)
{
    steer_recipe r = steer_recipe_default();
    r.items[r.count++] = steer_recipe_item_make(STEER_BEHAVIOUR_ARRIVE, 1.0f);
    int recipe = steer_world_add_recipe(w, &r), n = steer_world_count(w);
    for (int k = 0; k < n && recipe >= 0; k++) {
        steer_handle h = steer_world_handle_at(w, k);
        steer_agent other;
        if (steer_world_get_agent(w, steer_world_handle_at(w, (k + n / 2) % n), &other) !=
                STEER_WORLD_OK ||
            steer_world_set_recipe(w, h, recipe) != STEER_WORLD_OK ||
            steer_world_set_target(w, h, other.position) != STEER_WORLD_OK)
            recipe = -1;
    }
    if (recipe >= 0) return w;
    steer_world_destroy(w);
    return NULL;
}

static steer_world *make_world(const bench_options *o, steer_pool *pool)
{
    float radius = 50.0f * (float)cbrt((double)o->n / 1000.0);
    steer_world *w = steer_boids_world((int)o->n, radius, strcmp(o->scenario, "boids") == 0,
                                       steer_pool_parallel_for, pool);
    if (w == NULL || strcmp(o->scenario, "arrive") != 0) return w;
    return make_arrive_world(w);
}

/* Seconds for `steps` steps. */
static double run_steps(steer_world *w, int steps)
{
    double t0 = bench_now_s();
    for (int s = 0; s < steps; s++) steer_world_step(w, 1.0f / 60.0f);
    return bench_now_s() - t0;
}

/* Mean number of others within FLOCK_NEIGHBOUR_RADIUS of each agent, now. */
static double within_radius(steer_world *w)
{
    if (steer_world_update_index(w) != STEER_WORLD_OK) return -1.0;
    double sum = 0.0;
    int count = steer_world_count(w);
    for (int k = 0; k < count; k++) {
        steer_agent a;
        steer_world_get_agent(w, steer_world_handle_at(w, k), &a);
        /* The count includes the agent itself, at distance 0. */
        sum += steer_world_query(w, a.position, FLOCK_NEIGHBOUR_RADIUS, ~0u, NULL, 0) - 1;
    }
    return count > 0 ? sum / count : 0.0;
}

/* One repetition: a fresh flock, its warm-up, then the timed steps. */
static bool flock_rep(const bench_options *o, steer_pool *pool, double *ns, double *rate,
                      double *neighbours, double *within)
{
    steer_world *w = make_world(o, pool);
    if (w == NULL) return false;
    run_steps(w, o->warmup);
    double t = run_steps(w, o->steps);
    *ns = t * 1e9 / ((double)o->steps * (double)o->n);
    *rate = (double)o->steps / t;
    *neighbours = steer_world_stats_get(w).avg_neighbours;
    *within = within_radius(w);
    steer_world_destroy(w);
    return true;
}

int main(int argc, char **argv)
{
    bench_options o;
    int rc = parse(argc, argv, &o);
    if (rc != 0) {
        usage(rc == 1 ? stdout : stderr);
        return rc == 1 ? 0 : 2;
    }
    if (bench_crowd_known(o.scenario))
        return bench_crowd_run(o.scenario, o.n, o.threads, o.steps, REPS, o.to_completion,
                               o.run_steps);
    steer_pool *pool = steer_pool_create(o.threads);
    double ns[REPS], rate[REPS], neighbours[REPS], within[REPS];
    for (int r = 0; r < REPS; r++) {
        if (pool == NULL || !flock_rep(&o, pool, &ns[r], &rate[r], &neighbours[r], &within[r])) {
            fprintf(stderr, "bench_world: out of memory for %ld agents\n", o.n);
            steer_pool_destroy(pool);
            return 1;
        }
    }
    printf("bench scenario=%s n=%ld threads=%d warmup=%d steps=%d ns_per_agent_step=%.2f "
           "steps_per_s=%.2f avg_neighbors=%.2f avg_within_radius=%.2f\n",
           o.scenario, o.n, o.threads, o.warmup, o.steps, median(ns, REPS), median(rate, REPS),
           median(neighbours, REPS), median(within, REPS));
    steer_pool_destroy(pool);
    return 0;
}
