// SPDX-License-Identifier: MIT
/* Agents that share a goal in a dense crowd come to rest (the world's settled state,
 * steer_recipe.settle): 24, 40 and 120 crowd walkers sent to one point, at 1 and 2
 * workers. After they arrive, the speed reversals along the way to the goal and the mean
 * speed are bounded; every walker ends within the disc a packed crowd of them needs; no
 * two bodies ever overlap; 1 and 2 workers give the same bits. */
#include "pool.h"
#include "steer/steer.h"
#include "test.h"

#include <inttypes.h>
#include <math.h>

#define RADIUS    0.4f
#define MAX_SPEED 2.0f
#define DT        (1.0f / 60.0f)
#define ARRIVE_S  40 /* seconds to arrive */
#define WATCH_S   20 /* seconds watched after that */
/* A speed along the way to the goal counts as a direction once above this (units/s). */
#define REVERSAL_SPEED (0.02f * MAX_SPEED)

typedef struct settle_result {
    int reversals;    /* summed over the walkers, during the watch */
    float mean_speed; /* over the walkers and the watch's steps */
    float farthest;   /* of any walker from the goal at the end */
    float packed;     /* radius of the disc the walkers fill when packed hexagonally */
    int overlaps;     /* pair-steps closer than the radius sum (less 1%) */
    int settled;      /* walkers steer_world_agent_settled reports at the end */
    bool restored;    /* a snapshot taken on arrival continues to the same end */
    uint64_t hash;
} settle_result;

/* The walkers' recipe: arrive (target radius 0.3, slow radius 2) through the crowd
 * filter with a 3 s horizon, settling as steer_recipe_default sets it. */
static steer_recipe walker_recipe(void)
{
    steer_recipe r = steer_recipe_default();
    r.items[r.count++] = steer_recipe_item_make(STEER_BEHAVIOUR_ARRIVE, 1.0f);
    r.items[0].arrive.target_radius = 0.3f;
    r.items[0].arrive.slow_radius = 2.0f;
    r.crowd = true;
    r.orca.time_horizon = 3.0f;
    return r;
}

/* n walkers in a block 24 units from the goal (spacing 1.2: dense), all sent to it;
 * `release` is the recipe's settle_release. */
static settle_result run_crowd_with(int n, int workers, bool settle, float release)
{
    settle_result res = {0, 0.0f, 0.0f, 0.0f, 0, 0, false, 0};
    steer_pool *pool = steer_pool_create(workers);
    steer_world_def def = steer_world_default();
    def.capacity = n;
    def.parallel_for = steer_pool_parallel_for;
    def.parallel_user = pool;
    steer_world *w = steer_world_create(&def);
    steer_recipe r = walker_recipe();
    r.settle = settle;
    r.settle_release = release;
    int recipe = steer_world_add_recipe(w, &r);
    steer_vec3 goal = steer_v3(12.0f, 0.0f, 0.0f);
    int columns = (int)ceilf(sqrtf((float)n));
    steer_handle h[120];
    for (int i = 0; i < n; i++) {
        steer_world_agent_def d = steer_world_agent_default();
        d.agent.position = steer_v3(-12.0f - 1.2f * (float)(i % columns),
                                    1.2f * ((float)(i / columns) - 0.5f * (float)columns), 0.0f);
        d.agent.max_speed = MAX_SPEED;
        d.agent.max_accel = 8.0f;
        d.agent.radius = RADIUS;
        d.recipe = recipe;
        d.target = goal;
        steer_world_add(w, &d, &h[i]);
    }
    static unsigned char snap[1 << 16];
    size_t snap_size = 0u;
    static float along[120];
    static bool moving[120];
    double speed_sum = 0.0;
    int watched = 0;
    for (int s = 0; s < (ARRIVE_S + WATCH_S) * 60; s++) {
        steer_world_step(w, DT);
        steer_agent a[120];
        for (int i = 0; i < n; i++) steer_world_get_agent(w, h[i], &a[i]);
        for (int i = 0; i < n; i++)
            for (int j = i + 1; j < n; j++)
                if (steer_distance(a[i].position, a[j].position) < 0.99f * 2.0f * RADIUS)
                    res.overlaps++;
        if (s == ARRIVE_S * 60 - 1 &&
            steer_world_snapshot_write(w, snap, sizeof snap, &snap_size) != STEER_SNAPSHOT_OK)
            snap_size = 0u;
        if (s < ARRIVE_S * 60) continue;
        for (int i = 0; i < n; i++) {
            steer_vec3 to = steer_normalize(steer_sub(goal, a[i].position));
            float v = steer_dot(a[i].velocity, to);
            speed_sum += steer_length(a[i].velocity);
            if (fabsf(v) < REVERSAL_SPEED) continue;
            if (moving[i] && (v > 0.0f) != (along[i] > 0.0f)) res.reversals++;
            along[i] = v;
            moving[i] = true;
        }
        watched++;
    }
    for (int i = 0; i < n; i++) {
        steer_agent a;
        steer_world_get_agent(w, h[i], &a);
        float d = steer_distance(a.position, goal);
        res.farthest = d > res.farthest ? d : res.farthest;
        res.settled += steer_world_agent_settled(w, h[i]) ? 1 : 0;
    }
    res.mean_speed = (float)(speed_sum / ((double)watched * n));
    /* n discs of radius r packed hexagonally cover 0.9069 of the disc they fill */
    res.packed = RADIUS * sqrtf((float)n / 0.9069f);
    res.hash = steer_world_state_hash(w);
    /* The settled states are saved: restored on arrival, the world ends the same. */
    if (steer_world_restore(w, snap, snap_size) == STEER_SNAPSHOT_OK) {
        for (int s = 0; s < WATCH_S * 60; s++) steer_world_step(w, DT);
        res.restored = steer_world_state_hash(w) == res.hash;
    }
    steer_world_destroy(w);
    steer_pool_destroy(pool);
    return res;
}

static settle_result run_crowd(int n, int workers, bool settle)
{
    return run_crowd_with(n, workers, settle, 1.0f);
}

static void shared_goal_crowds_come_to_rest(void)
{
    static const int sizes[] = {24, 40, 120};
    for (int k = 0; k < 3; k++) {
        int n = sizes[k];
        settle_result off = run_crowd(n, 1, false);
        settle_result one = run_crowd(n, 1, true);
        settle_result two = run_crowd(n, 2, true);
        fprintf(
            stderr,
            "  %d walkers: settled: %d reversals, mean speed %.4f, farthest %.2f (packed "
            "disc %.2f), %d overlaps, %d settled; without: %d reversals, mean speed %.4f, farthest "
            "%.2f\n",
            n, one.reversals, (double)one.mean_speed, (double)one.farthest, (double)one.packed,
            one.overlaps, one.settled, off.reversals, (double)off.mean_speed, (double)off.farthest);
        /* At rest: at most one reversal per ten walkers over the 20 s, a mean speed under
         * 1% of the top speed; every walker within 2.5 times the radius of the disc they
         * would fill packed; no overlap. */
        CHECK_MSG(one.reversals * 10 <= n, "%d walkers: %d reversals", n, one.reversals);
        CHECK_MSG(one.mean_speed <= 0.01f * MAX_SPEED, "%d walkers: mean speed %g", n,
                  (double)one.mean_speed);
        CHECK_MSG(one.farthest <= 2.5f * one.packed, "%d walkers: one ends %g from the goal", n,
                  (double)one.farthest);
        CHECK(one.overlaps == 0 && two.overlaps == 0);
        CHECK_MSG(one.settled == n, "%d walkers: %d settled", n, one.settled);
        CHECK(one.restored);
        CHECK_MSG(two.hash == one.hash, "%d walkers: 2 workers 0x%016" PRIx64 ", 1 0x%016" PRIx64,
                  n, two.hash, one.hash);
    }
}

/* A release distance that is not a positive number reads as the default, 1 radius. */
static void bad_release_reads_as_one_radius(void)
{
    uint64_t one = run_crowd_with(24, 1, true, 1.0f).hash;
    CHECK(run_crowd_with(24, 1, true, NAN).hash == one);
    CHECK(run_crowd_with(24, 1, true, -2.0f).hash == one);
    CHECK(run_crowd_with(24, 1, true, 0.0f).hash == one);
    CHECK(run_crowd_with(24, 1, true, 3.0f).hash != one);
}

/* A walker that does not give way (responsibility 0) crosses a settled crowd to a goal of
 * its own: the settled walkers make way, those pushed further than the release distance
 * head back for the goal, and once it has passed the crowd is at rest again. */
static void settled_crowd_lets_a_walker_through(void)
{
    steer_world_def def = steer_world_default();
    def.capacity = 25;
    steer_world *w = steer_world_create(&def);
    steer_recipe r = walker_recipe();
    int crowd = steer_world_add_recipe(w, &r);
    r.orca.responsibility = 0.0f;
    int stubborn = steer_world_add_recipe(w, &r);
    steer_vec3 goal = steer_v3(0.0f, 0.0f, 0.0f);
    steer_handle h[24], passer;
    for (int i = 0; i < 24; i++) {
        steer_world_agent_def d = steer_world_agent_default();
        d.agent.position = steer_v3(-8.0f - 1.2f * (float)(i % 6), 1.2f * (float)(i / 6) - 1.8f, 0);
        d.agent.max_speed = MAX_SPEED;
        d.agent.max_accel = 8.0f;
        d.agent.radius = RADIUS;
        d.recipe = crowd;
        d.target = goal;
        steer_world_add(w, &d, &h[i]);
    }
    for (int s = 0; s < 40 * 60; s++) steer_world_step(w, DT);
    int settled = 0;
    for (int i = 0; i < 24; i++) settled += steer_world_agent_settled(w, h[i]) ? 1 : 0;
    CHECK(settled == 24);
    steer_world_agent_def d = steer_world_agent_default();
    d.agent.position = steer_v3(0.5f, -12.0f, 0.0f);
    d.agent.max_speed = MAX_SPEED;
    d.agent.max_accel = 8.0f;
    d.agent.radius = RADIUS;
    d.recipe = stubborn;
    d.target = steer_v3(0.5f, 12.0f, 0.0f);
    steer_world_add(w, &d, &passer);
    int released = 0, overlaps = 0;
    double late_speed = 0.0;
    for (int s = 0; s < 40 * 60; s++) {
        steer_world_step(w, DT);
        steer_agent a[24], p;
        steer_world_get_agent(w, passer, &p);
        for (int i = 0; i < 24; i++) {
            steer_world_get_agent(w, h[i], &a[i]);
            released += steer_world_agent_settled(w, h[i]) ? 0 : 1;
            if (steer_distance(a[i].position, p.position) < 0.99f * 2.0f * RADIUS) overlaps++;
            for (int j = 0; j < i; j++)
                if (steer_distance(a[i].position, a[j].position) < 0.99f * 2.0f * RADIUS)
                    overlaps++;
            if (s >= 30 * 60) late_speed += steer_length(a[i].velocity);
        }
    }
    late_speed /= 24.0 * 10.0 * 60.0;
    settled = 0;
    for (int i = 0; i < 24; i++) settled += steer_world_agent_settled(w, h[i]) ? 1 : 0;
    steer_agent p;
    steer_world_get_agent(w, passer, &p);
    fprintf(stderr,
            "  a walker through 24 settled: %d walker-steps unsettled, mean speed %.4f in the "
            "last 10 s, %d settled at the end, the walker %.2f from its goal, %d overlaps\n",
            released, late_speed, settled, (double)steer_distance(p.position, d.target), overlaps);
    CHECK(released > 0); /* some were pushed away and walked back */
    CHECK(settled == 24 && late_speed <= 0.01 * MAX_SPEED && overlaps == 0);
    CHECK(steer_distance(p.position, d.target) <= 0.5f);
    steer_world_destroy(w);
}

TEST_MAIN(TEST(shared_goal_crowds_come_to_rest), TEST(bad_release_reads_as_one_radius),
          TEST(settled_crowd_lets_a_walker_through))
