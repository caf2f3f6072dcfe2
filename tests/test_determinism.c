/* SPDX-License-Identifier: MIT */
/* The determinism guarantee (docs/determinism.md): OpenSteer's boids scenario, stepped
 * in a steer_world, ends in the same state - the same steer_world_state_hash - for 1, 2,
 * 3 and 8 workers, and that state equals a golden value fixed here. CI builds this with
 * gcc RelWithDebInfo (-O2) and with gcc and clang Debug (-O0, sanitizers), so one
 * golden value checks compilers and optimisation levels as well as thread counts.
 *
 * A crowd scenario does the same for the ORCA filter: a lattice of walkers
 * crossing to their mirror points through the centre. To add a scenario, write its setup
 * like boids_make and add a line to det_scenarios with its golden value.
 */
#include "boids.h"
#include "pool.h"
#include "steer/steer.h"
#include "test.h"

#include <inttypes.h>

/* ---- the golden values: the ONE place they live ---------------------------------------
 * The state hash after the scenario's steps. They change whenever the step's arithmetic
 * changes (a new operation order, a new behaviour term): that is expected, and then the
 * new value is printed by the failing check ("got 0x..."). Regenerate: build, run
 *     build/tests/test_determinism
 * and copy the printed value here, after making sure every worker count agreed (the
 * same_for_every_worker_count case) - a value that differs between worker counts or
 * compilers is a bug, never a new golden value. */
#define DET_GOLDEN_BOIDS UINT64_C(0x0ce9550e41f0503c)
#define DET_GOLDEN_CROWD UINT64_C(0xabf8a2ea03aa660a)
/* Recipe kinds added since, one scenario each (kind_make). */
#define DET_GOLDEN_LEAVE             UINT64_C(0xbed260365c83bce4)
#define DET_GOLDEN_ALIGN             UINT64_C(0x4d1c8c1ff2afbaaf)
#define DET_GOLDEN_FACE              UINT64_C(0xd8405446c1416c23)
#define DET_GOLDEN_MATCH_VELOCITY    UINT64_C(0xca20212209b0f3b9)
#define DET_GOLDEN_INTERPOSE         UINT64_C(0xa5ca562bff59de51)
#define DET_GOLDEN_OFFSET_PURSUIT    UINT64_C(0xcd70cf8a5dba10f2)
#define DET_GOLDEN_CONTAIN           UINT64_C(0x6f62523a48bb9808)
#define DET_GOLDEN_AVOID_OBSTACLES   UINT64_C(0xe1a9bf1adfc25447)
#define DET_GOLDEN_FOLLOW_WALL       UINT64_C(0xb0a1dbae8a030926)
#define DET_GOLDEN_HIDE              UINT64_C(0x7943dffa47963e2f)
#define DET_GOLDEN_FOLLOW_PATH       UINT64_C(0x0f4db9822a86b84a)
#define DET_GOLDEN_WANDER_TARGET     UINT64_C(0xdbb430deae480961)
#define DET_GOLDEN_FOLLOW_FLOW_FIELD UINT64_C(0x7829581dfd875547)
#define DET_GOLDEN_APPROACH          UINT64_C(0xe0d18402a07a1c16)
#define DET_GOLDEN_NAVIGATE          UINT64_C(0xfaa1e25cddb75193)
#define DET_GOLDEN_FORMATION         UINT64_C(0xf0cb096b374fb893)

enum { DET_BOIDS_AGENTS = 2000, DET_BOIDS_STEPS = 200 };
enum { DET_CROWD_SIDE = 20, DET_CROWD_AGENTS = 400, DET_CROWD_STEPS = 200 };

/* The ball's radius for n agents: 50 for 1000, density kept for other n. Computed in
 * float from exact constants so it is the same bits everywhere (cbrt of 2 in double is
 * correctly rounded by glibc but not promised by C; 2000 agents need 50 * 2^(1/3)). */
static float boids_radius(int n)
{
    return n == 2000 ? 62.996052f : 50.0f;
}

static steer_world *boids_make(int agents, steer_pool *pool)
{
    return steer_boids_world(agents, boids_radius(agents), true, steer_pool_parallel_for, pool);
}

/* The crossing of bench/bench_crowd.c at a small size: walkers of radius 1.5 and max
 * speed 2 on a lattice of spacing 4, each arriving at its mirror point through the
 * centre, with the ORCA filter (steer_orca_default()) on; they meet at the centre within
 * the run. */
static steer_world *crowd_make(int agents, steer_pool *pool)
{
    steer_world_def def = steer_world_default();
    def.capacity = agents;
    def.seed = 1u;
    def.parallel_for = steer_pool_parallel_for;
    def.parallel_user = pool;
    steer_world *w = steer_world_create(&def);
    if (w == NULL) return NULL;
    steer_recipe r = steer_recipe_default();
    r.items[r.count++] = steer_recipe_item_make(STEER_BEHAVIOUR_ARRIVE, 1.0f);
    r.crowd = true;
    int recipe = steer_world_add_recipe(w, &r);
    float half = 0.5f * (float)(DET_CROWD_SIDE - 1);
    for (int i = 0; i < agents; i++) {
        steer_world_agent_def d = steer_world_agent_default();
        d.agent.position = steer_v3(4.0f * ((float)(i % DET_CROWD_SIDE) - half),
                                    4.0f * ((float)(i / DET_CROWD_SIDE) - half), 0.0f);
        d.agent.radius = 1.5f;
        d.agent.max_speed = 2.0f;
        d.agent.max_accel = 8.0f;
        d.target = steer_scale(d.agent.position, -1.0f);
        d.recipe = recipe;
        if (steer_world_add(w, &d, NULL) != STEER_WORLD_OK) {
            steer_world_destroy(w);
            return NULL;
        }
    }
    return w;
}

/* The shared resources of kind_make: circles and walls among the walkers, and a 3 x 3
 * flow field turning around the centre. */
static const steer_circle det_circles[] = {
    {{6.0f, 6.0f, 0.0f}, 3.0f}, {{-14.0f, 2.0f, 0.0f}, 4.0f}, {{20.0f, -18.0f, 0.0f}, 2.5f}};
static const steer_segment det_walls[] = {{{-30.0f, 25.0f, 0.0f}, {30.0f, 27.0f, 0.0f}},
                                          {{-25.0f, -30.0f, 0.0f}, {-23.0f, 20.0f, 0.0f}}};
static const steer_obstacles det_obstacles = {det_circles, 3, det_walls, 2, NULL, 0};
static steer_vec3 det_flow_cells[9] = {{3, -3, 0}, {3, 0, 0},   {3, 3, 0},  {0, -3, 0}, {0, 0, 0},
                                       {0, 3, 0},  {-3, -3, 0}, {-3, 0, 0}, {-3, 3, 0}};

static const steer_vec3 det_corners[] = {{-30, -20, 0}, {25, -30, 0}, {30, 30, 0}, {-20, 25, 0}};

/* A 90 x 90 floor with square pillars where the circles stand, as a navigation mesh. */
static const steer_vec3 det_floor[] = {
    {-45, -45, 0}, {45, -45, 0}, {45, 45, 0},  {-45, 45, 0}, /* outline */
    {4, 4, 0},     {8, 4, 0},    {8, 8, 0},    {4, 8, 0},    /* pillars */
    {-17, -1, 0},  {-11, -1, 0}, {-11, 5, 0},  {-17, 5, 0},
    {18, -20, 0},  {22, -20, 0}, {22, -16, 0}, {18, -16, 0}};
static const int32_t det_floor_rings[] = {4, 4, 4, 4};

/* Registers them, a closed path through the lattice and the floor, and names the one
 * `kind` reads. */
static void det_resources(steer_world *w, steer_recipe_item *it)
{
    static steer_flow_field flow;
    static steer_path path;
    static steer_path_node nodes[4];
    steer_flow_field_init(&flow, det_flow_cells, 3, 3, steer_v3(-40.0f, -40.0f, 0.0f), 40.0f,
                          STEER_SPACE_XY);
    steer_path_init(&path, nodes, 4, det_corners, 4, true, 2.0f);
    static uint64_t mesh_memory[4096], query_memory[4096];
    static steer_navmesh mesh;
    static steer_navmesh_query query;
    static steer_world_navmesh floor;
    if (floor.mesh == NULL) {
        steer_navmesh_build_outline(&mesh, mesh_memory, sizeof mesh_memory, det_floor,
                                    det_floor_rings, 4, STEER_SPACE_XY, NULL);
        steer_navmesh_query_init(&query, query_memory, sizeof query_memory,
                                 steer_navmesh_edge_count(&mesh));
        floor.mesh = &mesh;
        floor.query = &query;
    }
    steer_resource obstacles, field, route, walkable;
    steer_world_add_obstacles(w, &det_obstacles, &obstacles);
    steer_world_add_flow_field(w, &flow, &field);
    steer_world_add_path(w, &path, &route);
    steer_world_add_navmesh(w, &floor, &walkable);
    if (it->kind == STEER_BEHAVIOUR_NAVIGATE) it->resource = walkable;
    if (it->kind == STEER_BEHAVIOUR_FOLLOW_PATH) it->resource = route;
    if (it->kind == STEER_BEHAVIOUR_AVOID_OBSTACLES || it->kind == STEER_BEHAVIOUR_FOLLOW_WALL ||
        it->kind == STEER_BEHAVIOUR_HIDE)
        it->resource = obstacles;
    if (it->kind == STEER_BEHAVIOUR_FOLLOW_FLOW_FIELD) it->resource = field;
}

/* One recipe kind at its default parameters on crowd_make's lattice (without the
 * filter), turning as they steer (STEER_FACING_STEERED) and circling the centre at first:
 * each walker has a point a few units away as its target point and the walker 37 places
 * on as its target agent; 400 agents, 200 steps. */
static steer_world *kind_make(steer_behaviour_kind kind, steer_pool *pool)
{
    steer_world_def def = steer_world_default();
    def.capacity = DET_CROWD_AGENTS;
    def.parallel_for = steer_pool_parallel_for;
    def.parallel_user = pool;
    def.walkers = true;
    steer_world *w = steer_world_create(&def);
    if (w == NULL) return NULL;
    steer_recipe r = steer_recipe_default();
    r.items[r.count] = steer_recipe_item_make(kind, 1.0f);
    det_resources(w, &r.items[r.count++]);
    int recipe = steer_world_add_recipe(w, &r);
    float half = 0.5f * (float)(DET_CROWD_SIDE - 1);
    steer_handle h[DET_CROWD_AGENTS];
    for (int i = 0; i < DET_CROWD_AGENTS; i++) {
        steer_world_agent_def d = steer_world_agent_default();
        float x = 4.0f * ((float)(i % DET_CROWD_SIDE) - half);
        float y = 4.0f * ((float)(i / DET_CROWD_SIDE) - half);
        d.agent.position = steer_v3(x, y, 0.0f);
        d.agent.velocity = steer_v3(0.25f * y, -0.25f * x, 0.0f);
        d.agent.orientation = 0.01f * (float)i;
        d.agent.facing = STEER_FACING_STEERED;
        d.target = steer_v3(x + (float)(i % 5) - 1.0f, y - 2.5f, 0.0f);
        d.recipe = recipe;
        if (steer_world_add(w, &d, &h[i]) != STEER_WORLD_OK) {
            steer_world_destroy(w);
            return NULL;
        }
    }
    for (int i = 0; i < DET_CROWD_AGENTS; i++)
        steer_world_set_target_agent(w, h[i], h[(i + 37) % DET_CROWD_AGENTS]);
    return w;
}

typedef struct det_scenario {
    const char *name;
    steer_world *(*make)(int agents, steer_pool *pool); /* NULL: kind_make(kind) */
    int agents, steps;
    uint64_t golden;
    steer_behaviour_kind kind;
} det_scenario;

/* A kind_make scenario: its name, and KIND for DET_GOLDEN_KIND and STEER_BEHAVIOUR_KIND. */
#define DET_KIND(name, KIND)                                                                       \
    {                                                                                              \
        name, NULL, DET_CROWD_AGENTS, DET_CROWD_STEPS, DET_GOLDEN_##KIND, STEER_BEHAVIOUR_##KIND   \
    }

static const det_scenario det_scenarios[] = {
    {"boids", boids_make, DET_BOIDS_AGENTS, DET_BOIDS_STEPS, DET_GOLDEN_BOIDS,
     STEER_BEHAVIOUR_NONE},
    {"crowd", crowd_make, DET_CROWD_AGENTS, DET_CROWD_STEPS, DET_GOLDEN_CROWD,
     STEER_BEHAVIOUR_NONE},
    DET_KIND("leave", LEAVE),
    DET_KIND("align", ALIGN),
    DET_KIND("face", FACE),
    DET_KIND("match_velocity", MATCH_VELOCITY),
    DET_KIND("interpose", INTERPOSE),
    DET_KIND("offset_pursuit", OFFSET_PURSUIT),
    DET_KIND("contain", CONTAIN),
    DET_KIND("avoid_obstacles", AVOID_OBSTACLES),
    DET_KIND("follow_wall", FOLLOW_WALL),
    DET_KIND("hide", HIDE),
    DET_KIND("follow_flow_field", FOLLOW_FLOW_FIELD),
    DET_KIND("follow_path", FOLLOW_PATH),
    DET_KIND("wander_target", WANDER_TARGET),
    DET_KIND("approach", APPROACH),
    DET_KIND("navigate", NAVIGATE),
    DET_KIND("formation", FORMATION),
};
#define DET_SCENARIO_COUNT ((int)(sizeof det_scenarios / sizeof det_scenarios[0]))

static const int det_workers[] = {1, 2, 3, 8};
#define DET_WORKER_COUNTS ((int)(sizeof det_workers / sizeof det_workers[0]))

/* The hash after the scenario's steps with `workers` workers; *moved tells whether the
 * state changed at all (a hash of a world that never moved proves nothing). 0 with
 * *ok false when the world could not be made. */
static uint64_t det_run(const det_scenario *sc, int workers, bool *ok, bool *moved)
{
    steer_pool *pool = steer_pool_create(workers);
    steer_world *w = pool == NULL       ? NULL
                     : sc->make != NULL ? sc->make(sc->agents, pool)
                                        : kind_make(sc->kind, pool);
    *ok = w != NULL && steer_world_count(w) == sc->agents;
    uint64_t start = steer_world_state_hash(w), hash = 0;
    for (int s = 0; *ok && s < sc->steps; s++)
        *ok = steer_world_step(w, 1.0f / 60.0f) == STEER_WORLD_OK;
    if (*ok) hash = steer_world_state_hash(w);
    *moved = hash != start;
    steer_world_destroy(w);
    steer_pool_destroy(pool);
    return hash;
}

/* Every hash of every scenario, computed once: [scenario][worker count]. */
static uint64_t det_hashes[DET_SCENARIO_COUNT][DET_WORKER_COUNTS];
static bool det_done, det_ok, det_moved;

static void det_compute(void)
{
    if (det_done) return;
    det_done = det_ok = det_moved = true;
    for (int i = 0; i < DET_SCENARIO_COUNT; i++)
        for (int k = 0; k < DET_WORKER_COUNTS; k++) {
            bool ok, moved;
            det_hashes[i][k] = det_run(&det_scenarios[i], det_workers[k], &ok, &moved);
            det_ok = det_ok && ok;
            det_moved = det_moved && moved;
        }
}

static void same_for_every_worker_count(void)
{
    det_compute();
    CHECK(det_ok);
    CHECK(det_moved);
    for (int i = 0; i < DET_SCENARIO_COUNT; i++)
        for (int k = 1; k < DET_WORKER_COUNTS; k++)
            CHECK_MSG(det_hashes[i][k] == det_hashes[i][0],
                      "%s: %d workers give 0x%016" PRIx64 ", 1 worker 0x%016" PRIx64,
                      det_scenarios[i].name, det_workers[k], det_hashes[i][k], det_hashes[i][0]);
}

static void equals_golden_hash(void)
{
    det_compute();
    CHECK(det_ok);
    for (int i = 0; i < DET_SCENARIO_COUNT; i++)
        CHECK_MSG(det_hashes[i][0] == det_scenarios[i].golden,
                  "%s after %d steps: got 0x%016" PRIx64 ", golden 0x%016" PRIx64
                  " (if the step's arithmetic changed on purpose and every worker count agrees, "
                  "set the golden value in tests/test_determinism.c to UINT64_C(0x%016" PRIx64 "))",
                  det_scenarios[i].name, det_scenarios[i].steps, det_hashes[i][0],
                  det_scenarios[i].golden, det_hashes[i][0]);
}

/* The hash sees every bit of the state: one agent nudged by one ulp changes it. */
static void hash_sees_one_ulp(void)
{
    steer_pool *pool = steer_pool_create(1);
    steer_world *w = boids_make(50, pool);
    CHECK(w != NULL);
    uint64_t before = steer_world_state_hash(w);
    steer_handle h = steer_world_handle_at(w, 17);
    steer_agent a;
    CHECK(steer_world_get_agent(w, h, &a) == STEER_WORLD_OK);
    a.position.x = nextafterf(a.position.x, INFINITY);
    CHECK(steer_world_set_agent(w, h, &a) == STEER_WORLD_OK);
    uint64_t after = steer_world_state_hash(w);
    steer_world_destroy(w);
    steer_pool_destroy(pool);
    CHECK(before != after);
}

TEST_MAIN(TEST(hash_sees_one_ulp), TEST(same_for_every_worker_count), TEST(equals_golden_hash))
