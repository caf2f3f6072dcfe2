/* SPDX-License-Identifier: MIT */
/* The world's navigate item: agents sharing one navmesh cross from one room to the
 * other through the door, keep to the mesh, follow a new target, and a snapshot taken on
 * the way resumes bit for bit. */
#include "test.h"
#include "navmesh_levels.h"

#include "steer/math.h"
#include "steer/world.h"
#include "steer/world_snapshot.h"

enum { N = 8 };

typedef struct nav_world {
    test_mesh level;
    steer_navmesh_query query;
    void *query_memory;
    steer_world_navmesh nav;
    steer_world *w;
    steer_handle h[N];
} nav_world;

/* Low in room A to high in room B: every way turns at the door's corners. */
static steer_vec3 start_of(int i)
{
    return steer_v3(0.5f + 0.4f * (float)i, 0.4f, 0);
}
static steer_vec3 goal_of(int i)
{
    return steer_v3(5.4f + 0.45f * (float)i, 3.6f, 0);
}

static bool nav_world_make(nav_world *n)
{
    if (test_two_rooms(&n->level) != STEER_NAVMESH_OK) return false;
    int edges = steer_navmesh_edge_count(&n->level.mesh);
    size_t bytes = steer_navmesh_query_bytes(edges);
    n->query_memory = malloc(bytes);
    steer_navmesh_query_init(&n->query, n->query_memory, bytes, edges);
    n->nav = (steer_world_navmesh){&n->level.mesh, &n->query};
    steer_world_def def = steer_world_default();
    def.capacity = 16;
    n->w = steer_world_create(&def);
    steer_resource floor;
    if (n->w == NULL || steer_world_add_navmesh(n->w, &n->nav, &floor) != STEER_WORLD_OK)
        return false;
    steer_recipe r = steer_recipe_default();
    r.items[0] = steer_recipe_item_make(STEER_BEHAVIOUR_NAVIGATE, 1.0f);
    r.items[0].resource = floor;
    r.count = 1;
    int recipe = steer_world_add_recipe(n->w, &r);
    if (recipe < 0) return false;
    for (int i = 0; i < N; i++) {
        steer_world_agent_def d = steer_world_agent_default();
        d.agent.position = start_of(i);
        d.agent.max_speed = 3.0f;
        d.agent.max_accel = 12.0f;
        d.target = goal_of(i);
        d.recipe = recipe;
        if (steer_world_add(n->w, &d, &n->h[i]) != STEER_WORLD_OK) return false;
    }
    return true;
}

static void nav_world_free(nav_world *n)
{
    steer_world_destroy(n->w);
    free(n->query_memory);
    free(n->level.memory);
}

/* Steps until every agent is within 0.3 of its target (or the limit); the furthest any
 * was from the mesh. */
static int run_to_targets(nav_world *n, int limit, float *off, steer_vec3 (*goal)(int))
{
    for (int step = 1; step <= limit; step++) {
        steer_world_step(n->w, 1.0f / 60.0f);
        int there = 0;
        for (int i = 0; i < N; i++) {
            steer_agent a;
            steer_world_get_agent(n->w, n->h[i], &a);
            steer_vec3 on;
            steer_navmesh_nearest(&n->level.mesh, a.position, &on);
            if (steer_distance(on, a.position) > *off) *off = steer_distance(on, a.position);
            there += steer_distance(a.position, goal(i)) < 0.3f;
        }
        if (there == N) return step;
    }
    return -1;
}

static void agents_cross_the_rooms_and_come_back(void)
{
    nav_world n;
    CHECK(nav_world_make(&n));
    float off = 0.0f;
    int steps = run_to_targets(&n, 60 * 30, &off, goal_of);
    printf("navigate: all %d there after %d steps, furthest off the mesh %.4f\n", N, steps,
           (double)off);
    CHECK(steps > 0);
    CHECK(off <= 0.05f);
    for (int i = 0; i < N; i++) steer_world_set_target(n.w, n.h[i], start_of(i));
    off = 0.0f;
    steps = run_to_targets(&n, 60 * 30, &off, start_of);
    CHECK(steps > 0 && off <= 0.05f);
    nav_world_free(&n);
}

/* A snapshot taken half-way, restored into a second world, runs on bit for bit. */
static void a_snapshot_resumes_the_way(void)
{
    nav_world a, b;
    CHECK(nav_world_make(&a) && nav_world_make(&b));
    for (int s = 0; s < 120; s++) steer_world_step(a.w, 1.0f / 60.0f);
    size_t bytes = steer_world_snapshot_size(a.w);
    unsigned char *buf = malloc(bytes);
    CHECK(steer_world_snapshot_write(a.w, buf, bytes, NULL) == STEER_SNAPSHOT_OK);
    CHECK(steer_world_restore(b.w, buf, bytes) == STEER_SNAPSHOT_OK);
    free(buf);
    for (int s = 0; s < 300; s++) {
        steer_world_step(a.w, 1.0f / 60.0f);
        steer_world_step(b.w, 1.0f / 60.0f);
    }
    for (int i = 0; i < N; i++) {
        steer_agent x, y;
        steer_world_get_agent(a.w, a.h[i], &x);
        steer_world_get_agent(b.w, a.h[i], &y);
        CHECK(memcmp(&x.position, &y.position, sizeof x.position) == 0);
        CHECK(memcmp(&x.velocity, &y.velocity, sizeof x.velocity) == 0);
    }
    nav_world_free(&a);
    nav_world_free(&b);
}

static void bad_navmeshes_are_refused(void)
{
    steer_world_def def = steer_world_default();
    steer_world *w = steer_world_create(&def);
    test_mesh t;
    CHECK(test_two_rooms(&t) == STEER_NAVMESH_OK);
    steer_navmesh_query small;
    uint64_t mem[16];
    steer_navmesh_query_init(&small, mem, sizeof mem, 2);
    steer_world_navmesh nm = {&t.mesh, &small};
    steer_resource r;
    CHECK(steer_world_add_navmesh(w, &nm, &r) == STEER_WORLD_INVALID);
    nm.query = NULL;
    CHECK(steer_world_add_navmesh(w, &nm, &r) == STEER_WORLD_INVALID);
    steer_navmesh empty = {0};
    nm.mesh = &empty;
    CHECK(steer_world_add_navmesh(w, &nm, &r) == STEER_WORLD_INVALID);
    /* A navigate item naming no navmesh is refused with its recipe. */
    steer_recipe rec = steer_recipe_default();
    rec.items[0] = steer_recipe_item_make(STEER_BEHAVIOUR_NAVIGATE, 1.0f);
    rec.count = 1;
    CHECK(steer_world_add_recipe(w, &rec) < 0);
    steer_world_destroy(w);
    free(t.memory);
}

TEST_MAIN(TEST(agents_cross_the_rooms_and_come_back), TEST(a_snapshot_resumes_the_way),
          TEST(bad_navmeshes_are_refused))
