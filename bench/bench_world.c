/* SPDX-License-Identifier: MIT */
/* World benchmark: OpenSteer's boids scenario (or wanderers) stepped in a steer_world,
 * so the figures compare with other libraries. Prints one line:
 *
 *   bench scenario=<name> n=<N> threads=<T> steps=<S> ns_per_agent_step=<x>
 *         steps_per_s=<y> avg_neighbors=<z>
 *
 * (on one line), each figure the median over REPS timed repetitions of S steps after one
 * untimed warm-up repetition. `make bench ARGS="..."` builds it in Release and runs it;
 * docs/performance.md has the figures. The clock is read here, never in the library. */
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

enum { REPS = 5 };

typedef struct bench_options {
    const char *scenario;
    long n;
    int threads;
    int steps;          /* per repetition; 0: chosen from n */
    bool to_completion; /* crowd scenarios: collisions and arrivals from a full run */
} bench_options;

static void usage(FILE *out)
{
    fprintf(out,
            "usage: bench_world --scenario boids|wander|circle|crossing --n N --threads T\n"
            "                   [--steps S] [--to-completion]\n"
            "  boids   OpenSteer's boids in 3D: separation, alignment, cohesion, wander\n"
            "  wander  the same agents with wander only\n"
            "  circle, crossing  ORCA crowds (bench_crowd.c); timed over their first 100 / 50\n"
            "          steps; --to-completion takes collisions= and arrived= from a full run\n"
            "  --steps steps per timed repetition (default: about 4 million agent-steps)\n"
            "Prints the medians of %d repetitions after a warm-up.\n",
            REPS);
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
    o->steps = 0;
    o->to_completion = false;
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
        } else if (strcmp(a, "--steps") == 0 && parse_long(next, 1, 1000000, &v)) {
            o->steps = (int)v;
        } else {
            fprintf(stderr, "bench_world: bad or incomplete option '%s'\n", a);
            return 2;
        }
    }
    bool known = o->scenario != NULL &&
                 (strcmp(o->scenario, "boids") == 0 || strcmp(o->scenario, "wander") == 0 ||
                  bench_crowd_known(o->scenario));
    if (!known || o->n <= 0) {
        fprintf(stderr,
                "bench_world: --scenario boids|wander|circle|crossing and --n are required\n");
        return 2;
    }
    if (o->steps == 0 && !bench_crowd_known(o->scenario)) {
        long s = 4000000L / o->n;
        o->steps = (int)(s < 10 ? 10 : (s > 1000 ? 1000 : s));
    }
    return 0;
}

static steer_world *make_world(const bench_options *o, steer_pool *pool)
{
    float radius = 50.0f * (float)cbrt((double)o->n / 1000.0);
    return steer_boids_world((int)o->n, radius, strcmp(o->scenario, "boids") == 0,
                             steer_pool_parallel_for, pool);
}

/* Seconds for `steps` steps. */
static double run_steps(steer_world *w, int steps)
{
    double t0 = bench_now_s();
    for (int s = 0; s < steps; s++) steer_world_step(w, 1.0f / 60.0f);
    return bench_now_s() - t0;
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
        return bench_crowd_run(o.scenario, o.n, o.threads, o.steps, REPS, o.to_completion);
    steer_pool *pool = steer_pool_create(o.threads);
    steer_world *w = pool != NULL ? make_world(&o, pool) : NULL;
    if (w == NULL) {
        fprintf(stderr, "bench_world: out of memory for %ld agents\n", o.n);
        return 1;
    }
    run_steps(w, o.steps); /* warm-up: caches, page faults, the first sort */
    double ns[REPS], rate[REPS], neighbours[REPS];
    for (int r = 0; r < REPS; r++) {
        double t = run_steps(w, o.steps);
        ns[r] = t * 1e9 / ((double)o.steps * (double)o.n);
        rate[r] = (double)o.steps / t;
        neighbours[r] = steer_world_stats_get(w).avg_neighbours;
    }
    printf("bench scenario=%s n=%ld threads=%d steps=%d ns_per_agent_step=%.2f "
           "steps_per_s=%.2f avg_neighbors=%.2f\n",
           o.scenario, o.n, o.threads, o.steps, median(ns, REPS), median(rate, REPS),
           median(neighbours, REPS));
    steer_world_destroy(w);
    steer_pool_destroy(pool);
    return 0;
}
