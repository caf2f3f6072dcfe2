/* SPDX-License-Identifier: MIT */
/* The world gives bit-identical results for any number of workers, and run to run. */
#include "pool.h"
#include "steer/steer.h"
#include "test.h"

/* A mixed crowd: boids, wanderers, seekers, followers and a callback user, with bounds,
 * so every code path of the step runs under the threads. */
static int add_recipes(steer_world *w, int *ids)
{
    steer_recipe r = steer_recipe_default();
    r.items[r.count++] = steer_recipe_item_make(STEER_BEHAVIOUR_SEPARATION, 12.0f);
    r.items[r.count++] = steer_recipe_item_make(STEER_BEHAVIOUR_ALIGNMENT, 8.0f);
    r.items[r.count++] = steer_recipe_item_make(STEER_BEHAVIOUR_COHESION, 8.0f);
    r.items[r.count++] = steer_recipe_item_make(STEER_BEHAVIOUR_WANDER, 1.0f);
    ids[0] = steer_world_add_recipe(w, &r);
    r = steer_recipe_default();
    r.items[r.count++] = steer_recipe_item_make(STEER_BEHAVIOUR_WANDER, 1.0f);
    ids[1] = steer_world_add_recipe(w, &r);
    r = steer_recipe_default();
    r.items[r.count] = steer_recipe_item_make(STEER_BEHAVIOUR_QUEUE, 1.0f);
    r.items[r.count++].group = 0;
    r.items[r.count] = steer_recipe_item_make(STEER_BEHAVIOUR_FOLLOW_LEADER, 1.0f);
    r.items[r.count++].group = 1;
    r.items[r.count] = steer_recipe_item_make(STEER_BEHAVIOUR_SEPARATION, 4.0f);
    r.items[r.count++].group = 1;
    ids[2] = steer_world_add_recipe(w, &r);
    return 3;
}

static steer_steering nudge(void *user, const steer_world *world, steer_handle self,
                            const steer_agent *agent, steer_steering out)
{
    (void)user;
    steer_handle near[8];
    int n = steer_world_query(world, agent->position, 3.0f, ~0u, near, 8);
    out.linear.y += (float)(n % 3) * 0.25f + (float)(self.index % 2) * 0.1f;
    return out;
}

static uint64_t run(int workers, int agents, int steps)
{
    steer_pool *pool = steer_pool_create(workers);
    steer_world_def def = steer_world_default();
    def.capacity = agents;
    def.seed = 2024u;
    def.bounds.kind = STEER_BOUNDS_WRAP_SPHERE;
    def.bounds.radius = 40.0f;
    def.parallel_for = steer_pool_parallel_for;
    def.parallel_user = pool;
    steer_world *w = steer_world_create(&def);
    int ids[3];
    add_recipes(w, ids);
    steer_rng r = steer_rng_make(11u, 0u);
    steer_handle leader = steer_handle_none();
    for (int i = 0; i < agents; i++) {
        steer_world_agent_def d = steer_world_agent_default();
        d.agent.space = STEER_SPACE_3D;
        d.agent.max_speed = 9.0f;
        d.agent.max_accel = 27.0f;
        d.agent.position = steer_v3(steer_rng_range(&r, -30, 30), steer_rng_range(&r, -30, 30),
                                    steer_rng_range(&r, -30, 30));
        d.agent.velocity = steer_v3(steer_rng_range(&r, -2, 2), steer_rng_range(&r, -2, 2), 1.0f);
        d.recipe = ids[i % 3];
        d.target_agent = leader;
        if (i % 17 == 0) d.callback = nudge;
        steer_handle h;
        steer_world_add(w, &d, &h);
        if (i == 0) leader = h;
    }
    for (int s = 0; s < steps; s++) steer_world_step(w, 1.0f / 60.0f);
    uint64_t hash = steer_world_state_hash(w);
    steer_world_destroy(w);
    steer_pool_destroy(pool);
    return hash;
}

static void same_result_for_any_worker_count(void)
{
    uint64_t one = run(1, 3000, 40);
    static const int workers[] = {2, 3, 8};
    for (int k = 0; k < 3; k++) {
        uint64_t h = run(workers[k], 3000, 40);
        CHECK_MSG(h == one, "%d workers: %016llx, 1 worker: %016llx", workers[k],
                  (unsigned long long)h, (unsigned long long)one);
    }
    /* And run to run with the same worker count. */
    CHECK(run(3, 3000, 40) == run(3, 3000, 40));
}

/* A crowd: ORCA agents crossing a lattice through one another, some with predictive
 * avoidance, one that never yields, and a wall; neighbours and walls read from the
 * snapshot, so the split of agents among workers must not change a bit. */
static uint64_t run_crowd(int workers, int side, int steps)
{
    static const steer_segment wall = {{-3, 9, 0}, {3, 9, 0}};
    steer_pool *pool = steer_pool_create(workers);
    steer_world_def def = steer_world_default();
    def.capacity = side * side;
    def.parallel_for = steer_pool_parallel_for;
    def.parallel_user = pool;
    steer_world *w = steer_world_create(&def);
    steer_world_set_walls(w, &wall, 1);
    steer_recipe r = steer_recipe_default();
    r.crowd = true;
    r.items[r.count++] = steer_recipe_item_make(STEER_BEHAVIOUR_SEEK, 1.0f);
    int orca = steer_world_add_recipe(w, &r);
    r.orca.responsibility = 0.0f;
    int firm = steer_world_add_recipe(w, &r);
    r = steer_recipe_default();
    r.items[r.count] = steer_recipe_item_make(STEER_BEHAVIOUR_AVOID_AGENTS, 1.0f);
    r.items[r.count++].group = 0;
    r.items[r.count] = steer_recipe_item_make(STEER_BEHAVIOUR_SEEK, 1.0f);
    r.items[r.count++].group = 1;
    int predict = steer_world_add_recipe(w, &r);
    for (int i = 0; i < side * side; i++) {
        steer_world_agent_def d = steer_world_agent_default();
        float half = 0.5f * (float)(side - 1);
        d.agent.position =
            steer_v3(4.0f * ((float)(i % side) - half), 4.0f * ((float)(i / side) - half), 0);
        d.agent.radius = 1.5f;
        d.agent.max_speed = 2.0f;
        d.target = steer_scale(d.agent.position, -1.0f);
        d.recipe = i == side ? firm : (i % 7 == 3 ? predict : orca);
        steer_world_add(w, &d, NULL);
    }
    for (int s = 0; s < steps; s++) steer_world_step(w, 0.25f);
    uint64_t hash = steer_world_state_hash(w);
    steer_world_destroy(w);
    steer_pool_destroy(pool);
    return hash;
}

static void crowd_same_result_for_any_worker_count(void)
{
    uint64_t one = run_crowd(1, 30, 60);
    static const int workers[] = {2, 3, 8};
    for (int k = 0; k < 3; k++) {
        uint64_t h = run_crowd(workers[k], 30, 60);
        CHECK_MSG(h == one, "%d workers: %016llx, 1 worker: %016llx", workers[k],
                  (unsigned long long)h, (unsigned long long)one);
    }
    /* Not a frozen crowd: the state moves between steps. */
    CHECK(run_crowd(1, 30, 61) != one);
}

static void count_hits(void *ctx, int begin, int end)
{
    int *hits = ctx;
    for (int i = begin; i < end; i++) hits[i]++;
}

static void pool_covers_every_item_once(void)
{
    static int hits[10007];
    steer_pool *pool = steer_pool_create(4);
    CHECK(pool != NULL && steer_pool_workers(pool) == 4);
    for (int round = 0; round < 50; round++) {
        int count = 10007 - round * 97;
        memset(hits, 0, sizeof hits);
        steer_pool_parallel_for(pool, count, count_hits, hits);
        for (int i = 0; i < 10007; i++) CHECK(hits[i] == (i < count ? 1 : 0));
    }
    steer_pool_destroy(pool);
}

/* Arrivers over several blocks of the progress pass, a third of them unable to move
 * (max speed 0) and some on routes: after 3 s every one of the immobile third reads
 * stuck and nobody else does, the same for any worker count, agent by agent. */
enum { PROGRESS_AGENTS = 7000, PROGRESS_STEPS = 200 };

static void run_progress(int workers, steer_progress *each, int *route_at, int *stuck)
{
    static steer_vec3 route[PROGRESS_AGENTS][3]; /* the world reads them while it steps */
    steer_pool *pool = steer_pool_create(workers);
    steer_world_def def = steer_world_default();
    def.capacity = PROGRESS_AGENTS;
    def.parallel_for = steer_pool_parallel_for;
    def.parallel_user = pool;
    steer_world *w = steer_world_create(&def);
    CHECK(pool != NULL && w != NULL);
    steer_recipe r = steer_recipe_default();
    r.items[r.count++] = steer_recipe_item_make(STEER_BEHAVIOUR_ARRIVE, 1.0f);
    int recipe = steer_world_add_recipe(w, &r);
    steer_handle h[PROGRESS_AGENTS];
    for (int i = 0; i < PROGRESS_AGENTS; i++) {
        steer_world_agent_def d = steer_world_agent_default();
        d.agent.space = STEER_SPACE_XY;
        d.agent.max_speed = i % 3 == 0 ? 0.0f : 4.0f;
        d.agent.max_accel = 20.0f;
        d.agent.position = steer_v3((float)(i % 100) * 3.0f, (float)(i / 100) * 3.0f, 0.0f);
        d.target = steer_add(d.agent.position, steer_v3(4.0f, 3.0f, 0.0f));
        d.recipe = recipe;
        CHECK(steer_world_add(w, &d, &h[i]) == STEER_WORLD_OK);
        if (i % 7 != 1) continue; /* a short square walk from the start */
        route[i][0] = steer_add(d.agent.position, steer_v3(1.0f, 0.0f, 0.0f));
        route[i][1] = steer_add(d.agent.position, steer_v3(1.0f, 1.0f, 0.0f));
        route[i][2] = steer_add(d.agent.position, steer_v3(0.0f, 1.0f, 0.0f));
        CHECK(steer_world_set_route(w, h[i], route[i], 3, 0.5f) == STEER_WORLD_OK);
    }
    for (int s = 0; s < PROGRESS_STEPS; s++)
        CHECK(steer_world_step(w, 1.0f / 60.0f) == STEER_WORLD_OK);
    for (int i = 0; i < PROGRESS_AGENTS; i++) {
        each[i] = steer_world_agent_progress(w, h[i], NULL);
        route_at[i] = steer_world_route_index(w, h[i]);
    }
    *stuck = steer_world_stats_get(w).stuck;
    steer_world_destroy(w);
    steer_pool_destroy(pool);
}

static void progress_same_for_any_worker_count(void)
{
    static steer_progress one[PROGRESS_AGENTS], other[PROGRESS_AGENTS];
    static int route_one[PROGRESS_AGENTS], route_other[PROGRESS_AGENTS];
    int stuck = -1, stuck_other = -1;
    run_progress(1, one, route_one, &stuck);
    int immobile = 0;
    for (int i = 0; i < PROGRESS_AGENTS; i++) {
        CHECK_MSG((one[i] == STEER_PROGRESS_STUCK) == (i % 3 == 0), "agent %d reads %d", i,
                  (int)one[i]);
        immobile += i % 3 == 0;
        /* On a route, the movers are on to its last point, the immobile still at its first. */
        int at = i % 7 != 1 ? -1 : i % 3 == 0 ? 0 : 2;
        CHECK_MSG(route_one[i] == at, "agent %d at route point %d", i, route_one[i]);
    }
    CHECK_MSG(stuck == immobile, "%d stuck, %d immobile", stuck, immobile);
    static const int workers[] = {2, 3};
    for (int k = 0; k < 2; k++) {
        run_progress(workers[k], other, route_other, &stuck_other);
        CHECK(stuck_other == stuck);
        CHECK(memcmp(one, other, sizeof one) == 0 &&
              memcmp(route_one, route_other, sizeof route_one) == 0);
    }
}

TEST_MAIN(TEST(pool_covers_every_item_once), TEST(same_result_for_any_worker_count),
          TEST(crowd_same_result_for_any_worker_count), TEST(progress_same_for_any_worker_count))
