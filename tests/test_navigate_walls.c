// SPDX-License-Identifier: MIT
/* A crowd of navigating agents (navigate through the ORCA filter) squeezes from one room
 * to the other through a door one unit wide, the ones behind pressing on the ones in
 * front. The filter takes the mesh's boundary edges near each agent as walls: no agent's
 * centre ever leaves the mesh and no body cuts into a wall by more than a hair, every
 * agent arrives, no two bodies overlap, and 1, 2 and 8 workers give the same bits. The
 * same holds for a crowd crossing a maze of rooms (the navigation benchmark's level). */
#include "navigate_level.h"
#include "navmesh_levels.h"
#include "pool.h"
#include "test.h"

#include "steer/math.h"
#include "steer/world.h"
#include "steer/world_snapshot.h"

#include <math.h>

#define ROWS   4
#define COLS   5
#define N      (ROWS * COLS)
#define RADIUS 0.2f
#define DT     (1.0f / 60.0f)
#define LIMIT  (60 * 60)

typedef struct walls_result {
    int arrived_at; /* the step when every agent was within 0.3 of its goal, or -1 */
    int outside;    /* steps with some agent's centre off the mesh */
    int in_wall;    /* steps with some agent's body across a boundary edge by 2% of its
                       radius or more */
    int overlaps;   /* pair-steps whose bodies overlap by 2% of the radii's sum or more */
    float deepest;  /* the most any body reached across a boundary edge */
    steer_vec3 end[N];
} walls_result;

/* Agent i: a block in room A (0..4 x 0..4) to a block in room B (5..9 x 0..4). */
static steer_vec3 start_of(int i)
{
    return steer_v3(0.6f + 0.6f * (float)(i % COLS), 0.8f + 0.8f * (float)(i / COLS), 0);
}
static steer_vec3 goal_of(int i)
{
    return steer_v3(5.8f + 0.7f * (float)(i % COLS), 0.6f + 0.9f * (float)(i / COLS), 0);
}

/* How far agent at p reaches across the mesh's boundary: its radius less its distance
 * to the nearest boundary edge, when positive; the whole radius plus the way out when
 * its centre is off the mesh. */
static float across_r(const steer_navmesh *mesh, steer_vec3 p, float radius, bool *off)
{
    steer_vec3 on;
    steer_navmesh_nearest(mesh, p, &on);
    float out = steer_distance(on, p);
    *off = out > 1e-4f;
    steer_segment walls[16];
    int n = steer_navmesh_walls_near(mesh, p, radius, walls, 16, NULL);
    float deepest = *off ? radius + out : 0.0f;
    for (int k = 0; k < n; k++) {
        steer_vec3 ab = steer_sub(walls[k].b, walls[k].a), ap = steer_sub(p, walls[k].a);
        float t = steer_dot(ap, ab) / steer_dot(ab, ab);
        t = t < 0.0f ? 0.0f : (t > 1.0f ? 1.0f : t);
        float d = steer_distance(p, steer_add_scaled(walls[k].a, ab, t));
        if (radius - d > deepest) deepest = radius - d;
    }
    return deepest;
}

static float across(const steer_navmesh *mesh, steer_vec3 p, bool *off)
{
    return across_r(mesh, p, RADIUS, off);
}

/* A world of navigating crowd agents on `mesh` with `workers` threads: the navigate
 * item (arrive target radius 0.1) and the crowd filter, its time horizons set when > 0.
 * Returns the recipe, or -1. */
/* Pairs of the n positions closer than 98% of two radii: bodies that overlap. */
static int overlapping_pairs(const steer_vec3 *p, int n, float radius)
{
    int pairs = 0;
    for (int i = 0; i < n; i++)
        for (int j = i + 1; j < n; j++) pairs += steer_distance(p[i], p[j]) < 0.98f * 2.0f * radius;
    return pairs;
}

typedef struct nav_crowd {
    void *query_memory;
    steer_navmesh_query query;
    steer_world_navmesh nav;
    steer_pool *pool;
    steer_world *w;
} nav_crowd;

static int nav_crowd_make(nav_crowd *c, const steer_navmesh *mesh, int workers, int capacity,
                          float horizon, float horizon_walls)
{
    int edges = steer_navmesh_edge_count(mesh);
    size_t bytes = steer_navmesh_query_bytes(edges);
    c->query_memory = malloc(bytes);
    steer_navmesh_query_init(&c->query, c->query_memory, bytes, edges);
    c->nav = (steer_world_navmesh){mesh, &c->query};
    c->pool = steer_pool_create(workers);
    steer_world_def def = steer_world_default();
    def.capacity = capacity;
    def.parallel_for = steer_pool_parallel_for;
    def.parallel_user = c->pool;
    c->w = steer_world_create(&def);
    steer_resource floor = {0};
    if (c->w == NULL || steer_world_add_navmesh(c->w, &c->nav, &floor) != STEER_WORLD_OK) return -1;
    steer_recipe r = steer_recipe_default();
    r.items[0] = steer_recipe_item_make(STEER_BEHAVIOUR_NAVIGATE, 1.0f);
    r.items[0].resource = floor;
    r.items[0].arrive.target_radius = 0.1f;
    r.count = 1;
    r.crowd = true;
    if (horizon > 0.0f) r.orca.time_horizon = horizon;
    if (horizon_walls > 0.0f) r.orca.time_horizon_obstacles = horizon_walls;
    return steer_world_add_recipe(c->w, &r);
}

static void nav_crowd_free(nav_crowd *c)
{
    steer_world_destroy(c->w);
    steer_pool_destroy(c->pool);
    free(c->query_memory);
}

static walls_result run(int workers)
{
    walls_result res = {-1, 0, 0, 0, 0.0f, {{0, 0, 0}}};
    test_mesh level;
    if (test_two_rooms(&level) != STEER_NAVMESH_OK) return res;
    nav_crowd c;
    int recipe = nav_crowd_make(&c, &level.mesh, workers, N, 1.5f, 0.5f);
    steer_world *w = c.w;
    steer_handle h[N];
    for (int i = 0; i < N; i++) {
        steer_world_agent_def d = steer_world_agent_default();
        d.agent.position = start_of(i);
        d.agent.radius = RADIUS;
        /* The back rows faster: they catch up and press on the front. */
        d.agent.max_speed = 1.2f + 0.4f * (float)(i / COLS);
        d.agent.max_accel = 8.0f;
        d.target = goal_of(i);
        d.recipe = recipe;
        if (steer_world_add(w, &d, &h[i]) != STEER_WORLD_OK) recipe = -1;
    }
    for (int step = 1; recipe >= 0 && step <= LIMIT; step++) {
        steer_world_step(w, DT);
        steer_vec3 p[N];
        int there = 0;
        bool outside = false, in_wall = false;
        for (int i = 0; i < N; i++) {
            steer_agent a;
            steer_world_get_agent(w, h[i], &a);
            p[i] = a.position;
            bool off;
            float deep = across(&level.mesh, p[i], &off);
            outside |= off;
            in_wall |= deep >= 0.02f * RADIUS;
            if (deep > res.deepest) res.deepest = deep;
            there += steer_distance(p[i], goal_of(i)) < 0.3f;
        }
        res.overlaps += overlapping_pairs(p, N, RADIUS);
        res.outside += outside;
        res.in_wall += in_wall;
        if (there == N) {
            res.arrived_at = step;
            for (int i = 0; i < N; i++) res.end[i] = p[i];
            break;
        }
    }
    nav_crowd_free(&c);
    free(level.memory);
    return res;
}

static void a_crowd_squeezes_through_the_door_inside_the_mesh(void)
{
    walls_result one = run(1);
    printf("door crowd (%d agents, radius %.1f): all there after %d steps; steps with an agent "
           "off the mesh %d, with a body in a wall %d (deepest %.3f); overlapping pair-steps %d\n",
           N, (double)RADIUS, one.arrived_at, one.outside, one.in_wall, (double)one.deepest,
           one.overlaps);
    CHECK(one.arrived_at > 0);
    CHECK(one.outside == 0);
    CHECK(one.in_wall == 0);
    CHECK(one.overlaps == 0);
    const int workers[] = {2, 8};
    for (int k = 0; k < 2; k++) {
        walls_result more = run(workers[k]);
        CHECK(more.arrived_at == one.arrived_at);
        CHECK(memcmp(more.end, one.end, sizeof one.end) == 0);
    }
}

/* ---- a maze of rooms ------------------------------------------------------------------ */

#define MAZE_N      40
#define MAZE_RADIUS 0.3f
#define MAZE_LIMIT  (120 * 60)

typedef struct maze_result {
    int arrived_at, outside, overlaps;
    steer_vec3 end[MAZE_N];
} maze_result;

/* Forty crowd agents on the benchmark's level of 3 x 3 rooms (12 wide, doors 2.4 wide, a
 * pillar in each room), each to another's start, so the ways cross in every door. */
static maze_result maze_run(int workers)
{
    maze_result res = {-1, 0, 0, {{0, 0, 0}}};
    bench_level level;
    steer_vec3 spot[2 * MAZE_N], unused[2 * MAZE_N];
    if (!bench_level_make(&level, 3, 12.0f)) return res;
    bool ok = bench_level_agents(&level, 11, 2 * MAZE_N, 2.0f * MAZE_RADIUS, spot, unused);
    nav_crowd c;
    int recipe = nav_crowd_make(&c, &level.mesh, workers, MAZE_N, 0.0f, 0.0f);
    if (!ok) recipe = -1;
    steer_world *w = c.w;
    steer_handle h[MAZE_N];
    for (int i = 0; recipe >= 0 && i < MAZE_N; i++) {
        steer_world_agent_def d = steer_world_agent_default();
        d.agent.position = spot[i];
        d.agent.radius = MAZE_RADIUS;
        d.agent.max_speed = 1.5f;
        d.agent.max_accel = 8.0f;
        d.target = spot[MAZE_N + i];
        d.recipe = recipe;
        if (steer_world_add(w, &d, &h[i]) != STEER_WORLD_OK) recipe = -1;
    }
    for (int step = 1; recipe >= 0 && step <= MAZE_LIMIT; step++) {
        steer_world_step(w, DT);
        steer_vec3 p[MAZE_N];
        int there = 0;
        bool outside = false;
        for (int i = 0; i < MAZE_N; i++) {
            steer_agent a;
            steer_world_get_agent(w, h[i], &a);
            p[i] = a.position;
            bool off;
            across_r(&level.mesh, p[i], MAZE_RADIUS, &off);
            outside |= off;
            there += steer_distance(p[i], spot[MAZE_N + i]) < 0.3f;
        }
        res.overlaps += overlapping_pairs(p, MAZE_N, MAZE_RADIUS);
        res.outside += outside;
        if (there == MAZE_N) {
            res.arrived_at = step;
            for (int i = 0; i < MAZE_N; i++) res.end[i] = p[i];
            break;
        }
    }
    nav_crowd_free(&c);
    free(level.memory);
    return res;
}

static void a_crowd_crosses_a_maze_of_rooms(void)
{
    maze_result one = maze_run(1);
    printf("maze of 3 x 3 rooms (%d agents, radius %.1f): all there after %d steps; steps with "
           "an agent off the mesh %d; overlapping pair-steps %d\n",
           MAZE_N, (double)MAZE_RADIUS, one.arrived_at, one.outside, one.overlaps);
    CHECK(one.arrived_at > 0);
    CHECK(one.outside == 0);
    CHECK(one.overlaps == 0);
    const int workers[] = {2, 8};
    for (int k = 0; k < 2; k++) {
        maze_result more = maze_run(workers[k]);
        CHECK(more.arrived_at == one.arrived_at);
        CHECK(memcmp(more.end, one.end, sizeof one.end) == 0);
    }
}

/* ---- a corner out of sight ---------------------------------------------------------- */

/* One crowd agent (radius 0.5, as in bench_navigate) on the benchmark's level of 12 x 12
 * rooms 30 wide, from a start whose path runs 27 units to its first corner past a door's
 * jamb: the corner, moved off its own wall by the body, is then just out of sight behind
 * that jamb. Returns the recipe (or -1) and the agent in *h. */
static int hidden_corner_world(nav_crowd *c, const bench_level *level, steer_handle *h)
{
    int recipe = nav_crowd_make(c, &level->mesh, 1, 1, 0.0f, 0.0f);
    steer_world_agent_def d = steer_world_agent_default();
    d.agent.position = steer_v3(183.75f, 108.75f, 0.0f);
    d.agent.radius = 0.5f;
    d.agent.max_speed = 2.0f;
    d.agent.max_accel = 8.0f;
    d.target = steer_v3(341.25f, 24.75f, 0.0f);
    d.recipe = recipe;
    if (recipe >= 0 && steer_world_add(c->w, &d, h) != STEER_WORLD_OK) return -1;
    return recipe;
}

/* A new plan for that agent picks the same corner, so it must not plan at every step for
 * it (it did, and a few such agents were most of the planning in a crowd of 1,000); it
 * still plans now and then, which shows the corner stays out of sight, and walks on. The
 * plans are counted by the searches of the world's query. A snapshot keeps the plan's
 * sight: the restored world goes on with the same searches and the same positions. */
static void a_hidden_corner_is_not_planned_every_step(void)
{
    bench_level level;
    CHECK(bench_level_make(&level, 12, 30.0f));
    nav_crowd c, copy;
    steer_handle h, unused;
    CHECK(hidden_corner_world(&c, &level, &h) >= 0);
    steer_agent start;
    steer_world_get_agent(c.w, h, &start);
    steer_world_step(c.w, DT); /* the first plan */
    uint32_t searches = c.query.generation;
    enum { STEPS = 64, MORE = 24 };
    for (int s = 0; s < STEPS; s++) steer_world_step(c.w, DT);
    uint32_t plans = c.query.generation - searches;
    steer_agent a;
    steer_world_get_agent(c.w, h, &a);
    float walked = steer_distance(a.position, start.position);
    printf("hidden corner: %u plans in %d steps, walked %.2f\n", (unsigned)plans, STEPS,
           (double)walked);
    CHECK(plans >= 2);                                /* still out of sight */
    CHECK(plans <= STEPS / 8 + 1);                    /* now and then, not every step */
    CHECK(walked > 0.75f * 2.0f * DT * (float)STEPS); /* near full speed, from rest */

    CHECK(hidden_corner_world(&copy, &level, &unused) >= 0);
    size_t bytes = steer_world_snapshot_size(c.w);
    unsigned char *buf = malloc(bytes);
    CHECK(buf != NULL && steer_world_snapshot_write(c.w, buf, bytes, NULL) == STEER_SNAPSHOT_OK);
    CHECK(steer_world_restore(copy.w, buf, bytes) == STEER_SNAPSHOT_OK);
    free(buf);
    uint32_t from = c.query.generation, copy_from = copy.query.generation;
    for (int s = 0; s < MORE; s++) {
        steer_world_step(c.w, DT);
        steer_world_step(copy.w, DT);
    }
    CHECK(c.query.generation - from == copy.query.generation - copy_from);
    steer_agent b;
    steer_world_get_agent(c.w, h, &a);
    steer_world_get_agent(copy.w, h, &b);
    CHECK(memcmp(&a.position, &b.position, sizeof a.position) == 0);
    nav_crowd_free(&copy);
    nav_crowd_free(&c);
    free(level.memory);
}

TEST_MAIN(TEST(a_crowd_squeezes_through_the_door_inside_the_mesh),
          TEST(a_crowd_crosses_a_maze_of_rooms), TEST(a_hidden_corner_is_not_planned_every_step))
