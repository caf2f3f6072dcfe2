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

/* n walkers in a block 24 units from the goal (spacing 1.2: dense), all sent to it. */
static settle_result run_crowd(int n, int workers, bool settle)
{
    settle_result res = {0, 0.0f, 0.0f, 0.0f, 0, 0, false, 0};
    steer_pool *pool = steer_pool_create(workers);
    steer_world_def def = steer_world_default();
    def.capacity = n;
    def.parallel_for = steer_pool_parallel_for;
    def.parallel_user = pool;
    steer_world *w = steer_world_create(&def);
    steer_recipe r = steer_recipe_default();
    r.items[r.count++] = steer_recipe_item_make(STEER_BEHAVIOUR_ARRIVE, 1.0f);
    r.items[0].arrive.target_radius = 0.3f;
    r.items[0].arrive.slow_radius = 2.0f;
    r.crowd = true;
    r.orca.time_horizon = 3.0f;
    r.settle = settle;
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

TEST_MAIN(TEST(shared_goal_crowds_come_to_rest))
