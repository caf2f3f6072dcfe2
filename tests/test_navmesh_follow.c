/* SPDX-License-Identifier: MIT */
/* Following a corridor on a navigation mesh: agents reach their goals without leaving
 * the mesh, a pushed agent rejoins its corridor without a search, a lost one searches
 * again; the walls near a point; mesh containment. */
#include "test.h"
#include "navmesh_levels.h"

#include "steer/crowd.h"
#include "steer/integrate.h"
#include "steer/math.h"
#include "steer/random.h"

#include <math.h>
#include <string.h>

typedef struct follower {
    steer_agent agent;
    steer_navmesh_corridor corridor;
    int32_t polygons[64];
    steer_vec3 points[32];
    steer_path_node nodes[32];
} follower;

static void follower_make(follower *f, steer_vec3 at, steer_vec3 goal)
{
    f->agent = steer_agent_default();
    f->agent.position = at;
    f->agent.max_speed = 3.0f;
    f->agent.max_accel = 12.0f;
    f->agent.radius = 0.3f;
    steer_navmesh_corridor_init(&f->corridor, f->polygons, 64, f->points, f->nodes, 32);
    steer_navmesh_corridor_set_goal(&f->corridor, goal);
}

typedef struct run_stats {
    int steps; /* until arrival, or the limit */
    bool arrived;
    float off_mesh; /* furthest the agent was from the mesh */
} run_stats;

static run_stats run(follower *f, const steer_navmesh *m, steer_navmesh_query *q, int limit)
{
    run_stats s = {0, false, 0.0f};
    steer_navmesh_follow_params p = steer_navmesh_follow_default();
    for (s.steps = 0; s.steps < limit && !s.arrived; s.steps++) {
        steer_steering st = steer_navmesh_follow(&f->agent, m, q, &f->corridor, &p, &s.arrived);
        steer_agent_step(&f->agent, st, 1.0f / 60.0f);
        steer_vec3 on;
        steer_navmesh_nearest(m, f->agent.position, &on);
        float d = steer_distance(on, f->agent.position);
        if (d > s.off_mesh) s.off_mesh = d;
    }
    return s;
}

static steer_navmesh_query *query_for(const steer_navmesh *m, void **memory)
{
    static steer_navmesh_query q;
    int edges = steer_navmesh_edge_count(m);
    size_t bytes = steer_navmesh_query_bytes(edges);
    *memory = malloc(bytes);
    steer_navmesh_query_init(&q, *memory, bytes, edges);
    return &q;
}

/* Through the door from one room to the other, arriving, never off the mesh. */
static void walks_through_the_door(void)
{
    test_mesh t;
    void *qm;
    CHECK(test_two_rooms(&t) == STEER_NAVMESH_OK);
    steer_navmesh_query *q = query_for(&t.mesh, &qm);
    follower f;
    follower_make(&f, steer_v3(1, 3.5f, 0), steer_v3(8, 0.5f, 0));
    run_stats s = run(&f, &t.mesh, q, 1800);
    printf("door: %d steps, furthest off the mesh %.4f\n", s.steps, (double)s.off_mesh);
    CHECK(s.arrived);
    CHECK(steer_distance(f.agent.position, steer_v3(8, 0.5f, 0)) <= 0.25f); /* arrive's radius */
    CHECK(s.off_mesh == 0.0f);
    CHECK(f.corridor.searches == 1);
    free(qm);
    free(t.memory);
}

/* Pushed aside into a neighbouring polygon mid-way, the agent rejoins its corridor with
 * no new search; teleported far away it searches again; both still arrive. */
static void pushed_agents_rejoin_and_lost_ones_search(void)
{
    test_mesh t;
    void *qm;
    CHECK(test_room_with_pillar(&t) == STEER_NAVMESH_OK);
    steer_navmesh_query *q = query_for(&t.mesh, &qm);
    follower f;
    follower_make(&f, steer_v3(1, 5, 0), steer_v3(9, 5, 0));
    steer_navmesh_follow_params p = steer_navmesh_follow_default();
    bool arrived = false;
    for (int i = 0; i < 60; i++) {
        steer_steering st = steer_navmesh_follow(&f.agent, &t.mesh, q, &f.corridor, &p, &arrived);
        steer_agent_step(&f.agent, st, 1.0f / 60.0f);
    }
    CHECK(f.corridor.searches == 1);
    /* Push it to the polygon next door to the one it stands on. */
    int here = steer_navmesh_locate(&t.mesh, f.agent.position);
    int32_t next = -1;
    for (int s = t.mesh.first[here]; s < t.mesh.first[here + 1] && next < 0; s++) {
        int nb = t.mesh.neighbours[s];
        bool in_corridor = false;
        for (int i = 0; i < f.corridor.count; i++) in_corridor |= f.corridor.polygons[i] == nb;
        if (nb >= 0 && !in_corridor) next = nb;
    }
    CHECK(next >= 0);
    steer_vec3 c[STEER_NAVMESH_POLY_MAX], mid = steer_v3_zero();
    int n = steer_navmesh_polygon_vertices(&t.mesh, next, c, STEER_NAVMESH_POLY_MAX);
    for (int k = 0; k < n; k++) mid = steer_add_scaled(mid, c[k], 1.0f / (float)n);
    f.agent.position = mid;
    steer_navmesh_follow(&f.agent, &t.mesh, q, &f.corridor, &p, &arrived);
    CHECK(f.corridor.rejoins == 1 && f.corridor.searches == 1);
    CHECK(f.corridor.polygons[0] == next);
    run_stats s = run(&f, &t.mesh, q, 1800);
    CHECK(s.arrived && s.off_mesh <= f.agent.radius);
    /* A new goal and a jump across the room: one more search each. */
    int before = f.corridor.searches;
    steer_navmesh_corridor_set_goal(&f.corridor, steer_v3(5, 9, 0));
    f.agent.position = steer_v3(5, 1, 0);
    s = run(&f, &t.mesh, q, 1800);
    CHECK(s.arrived && f.corridor.searches == before + 1);
    free(qm);
    free(t.memory);
}

/* Random goals in a hall of 9 pillars: every agent arrives and none strays more than
 * 0.05 off the mesh as it rounds the pillars' corners (0.002 when written). */
static void random_goals_in_a_pillar_hall(void)
{
    test_mesh t;
    CHECK(test_pillar_hall(&t, steer_v3(30, 30, 0), steer_v3(5, 5, 0), steer_v3(9, 9, 0),
                           steer_v3(3, 3, 0)) == STEER_NAVMESH_OK);
    void *qm;
    steer_navmesh_query *q = query_for(&t.mesh, &qm);
    steer_rng rng = steer_rng_make(5, 9);
    float worst = 0.0f;
    for (int trial = 0; trial < 40; trial++) {
        steer_vec3 a = test_point_on_mesh(&t.mesh, &rng, steer_v3(1, 1, 0), steer_v3(29, 29, 0));
        steer_vec3 b = test_point_on_mesh(&t.mesh, &rng, steer_v3(1, 1, 0), steer_v3(29, 29, 0));
        follower f;
        follower_make(&f, a, b);
        run_stats s = run(&f, &t.mesh, q, 6000);
        CHECK_MSG(s.arrived, "trial %d: (%g, %g) to (%g, %g)", trial, a.x, a.y, b.x, b.y);
        CHECK_MSG(s.off_mesh <= 0.05f, "trial %d: %g off", trial, (double)s.off_mesh);
        if (s.off_mesh > worst) worst = s.off_mesh;
    }
    printf("pillar hall: furthest off the mesh %.4f\n", (double)worst);
    free(qm);
    free(t.memory);
}

static void walls_near_a_point(void)
{
    test_mesh t;
    CHECK(test_two_rooms(&t) == STEER_NAVMESH_OK);
    steer_segment w[16];
    bool more;
    /* In the doorway: the door's two sides and the room walls beside it. */
    int n = steer_navmesh_walls_near(&t.mesh, steer_v3(4.5f, 2, 0), 0.75f, w, 16, &more);
    CHECK(!more);
    CHECK(n == 6); /* door sides (0.5 away), the rooms' wall pieces at its ends (0.71) */
    for (int i = 0; i < n; i++) {
        /* walkable on the left: a point just left of the middle is on the mesh */
        steer_vec3 mid = steer_scale(steer_add(w[i].a, w[i].b), 0.5f);
        steer_vec3 d = steer_normalize(steer_sub(w[i].b, w[i].a));
        steer_vec3 left = steer_add_scaled(mid, steer_v3(-d.y, d.x, 0), 0.01f);
        CHECK(steer_navmesh_locate(&t.mesh, left) >= 0);
    }
    CHECK(steer_navmesh_walls_near(&t.mesh, steer_v3(2, 2, 0), 1.0f, w, 16, NULL) == 0);
    CHECK(steer_navmesh_walls_near(&t.mesh, steer_v3(4.5f, 2, 0), 0.6f, w, 16, &more) == 2);
    CHECK(steer_navmesh_walls_near(&t.mesh, steer_v3(4.5f, 2, 0), 0.75f, w, 2, &more) == 2 && more);
    CHECK(steer_navmesh_walls_near(&t.mesh, steer_v3(NAN, 2, 0), 1.0f, w, 16, NULL) == 0);
    CHECK(steer_navmesh_walls_near(&t.mesh, steer_v3(2, 2, 0), NAN, w, 16, NULL) == 0);
    free(t.memory);
}

/* Distance from g to segment a-b, in double. */
static double segment_distance(steer_vec3 a, steer_vec3 b, steer_vec3 g)
{
    double du = (double)b.x - a.x, dv = (double)b.y - a.y, len2 = du * du + dv * dv;
    double t = len2 > 0.0 ? (((double)g.x - a.x) * du + ((double)g.y - a.y) * dv) / len2 : 0.0;
    t = t < 0.0 ? 0.0 : (t > 1.0 ? 1.0 : t);
    double eu = a.x + t * du - g.x, ev = a.y + t * dv - g.y;
    return sqrt(eu * eu + ev * ev);
}

/* Against every boundary edge of the mesh, tested one by one: at random points and
 * radii in a hall of 144 pillars (and on the walls' own ends), every wall clearly within
 * the radius is found, and every wall found is within it. The search skips whole parts
 * of the mesh by the box of their walls. */
static void walls_near_finds_every_wall_in_reach(void)
{
    test_mesh t;
    CHECK(test_slanted_hall(&t, 12) == STEER_NAVMESH_OK);
    const steer_navmesh *m = &t.mesh;
    steer_rng rng = steer_rng_make(42u, 9u);
    steer_segment w[64];
    int checked = 0, missed = 0, wrong = 0;
    for (int i = 0; i < 2000; i++) {
        steer_vec3 g = steer_v3(-2.0f + 104.0f * steer_rng_float(&rng),
                                -2.0f + 104.0f * steer_rng_float(&rng), 0);
        float r = 6.0f * steer_rng_float(&rng);
        if (i % 4 == 0) g = m->vertices[m->indices[i % m->first[m->polygon_count]]];
        bool more = false;
        int n = steer_navmesh_walls_near(m, g, r, w, 64, &more);
        CHECK(!more);
        for (int k = 0; k < n; k++)
            wrong += segment_distance(w[k].a, w[k].b, g) > r * 1.00001 + 1e-6;
        for (int p = 0; p < m->polygon_count; p++)
            for (int s = m->first[p]; s < m->first[p + 1]; s++) {
                if (m->neighbours[s] >= 0) continue;
                int s1 = s + 1 < m->first[p + 1] ? s + 1 : m->first[p];
                steer_vec3 a = m->vertices[m->indices[s]], b = m->vertices[m->indices[s1]];
                if (!(segment_distance(a, b, g) < r * 0.99999)) continue;
                checked++;
                bool found = false;
                for (int k = 0; k < n; k++)
                    found |=
                        memcmp(&w[k].a, &a, sizeof a) == 0 && memcmp(&w[k].b, &b, sizeof b) == 0;
                missed += !found;
            }
    }
    printf("walls near: %d walls within reach checked, %d missed, %d found beyond reach\n", checked,
           missed, wrong);
    CHECK(checked > 2000);
    CHECK(missed == 0);
    CHECK(wrong == 0);
    free(t.memory);
}

/* Heading for a wall, containment brakes along the wall's inward normal; heading along
 * it or away, nothing. */
static void containment_turns_back_before_the_wall(void)
{
    test_mesh t;
    CHECK(test_two_rooms(&t) == STEER_NAVMESH_OK);
    steer_agent a = steer_agent_default();
    a.position = steer_v3(3, 1, 0);
    a.velocity = steer_v3(3, 0, 0);
    steer_steering s = steer_navmesh_contain(&a, &t.mesh, NULL);
    CHECK(s.linear.x < 0.0f && s.linear.y == 0.0f);
    a.velocity = steer_v3(-3, 0, 0);
    s = steer_navmesh_contain(&a, &t.mesh, NULL);
    CHECK(s.linear.x == 0.0f && s.linear.y == 0.0f);
    a.position = steer_v3(3, 2, 0); /* toward the door: the way is open */
    a.velocity = steer_v3(3, 0, 0);
    s = steer_navmesh_contain(&a, &t.mesh, NULL);
    CHECK(s.linear.x == 0.0f);
    a.position = steer_v3(-1, 1, 0); /* off the mesh: back on */
    s = steer_navmesh_contain(&a, &t.mesh, NULL);
    CHECK(s.linear.x > 0.0f);
    a.position = steer_v3(NAN, 1, 0);
    s = steer_navmesh_contain(&a, &t.mesh, NULL);
    CHECK(s.linear.x == 0.0f && s.linear.y == 0.0f);
    free(t.memory);
}

/* The two rooms shrunk by a walker's radius, 0.3, as Recast erodes a mesh: the rooms
 * 0.3..3.7 and 5.3..8.7, the door 1.8..2.2 between them. */
static steer_navmesh_status eroded_rooms(test_mesh *t)
{
    static const steer_vec3 v[] = {{0.3f, 0.3f, 0}, {3.7f, 0.3f, 0}, {3.7f, 1.8f, 0},
                                   {3.7f, 2.2f, 0}, {3.7f, 3.7f, 0}, {0.3f, 3.7f, 0},
                                   {5.3f, 1.8f, 0}, {5.3f, 2.2f, 0}, {5.3f, 0.3f, 0},
                                   {8.7f, 0.3f, 0}, {8.7f, 3.7f, 0}, {5.3f, 3.7f, 0}};
    size_t bytes = steer_navmesh_bytes(12, 3, 16);
    t->memory = malloc(bytes);
    return steer_navmesh_build(&t->mesh, t->memory, bytes, v, 12, test_door_first,
                               test_door_indices, 3, STEER_SPACE_XY, &t->report);
}

/* Eight walkers cross from one room to the other through the door, single file. Each
 * follows its corridor on the eroded mesh, and ORCA, given the other walkers and the
 * walls near it (steer_navmesh_walls_near on the rooms' full mesh), turns the wish into
 * the velocity it moves at. All arrive; none leaves the eroded mesh by more than 0.1 (so
 * each keeps 0.2 of its 0.3 clearance from the real walls; 0.07 seen) and no two bodies
 * overlap by more than 0.03. */
static void a_crowd_with_mesh_walls_shares_the_door(void)
{
    test_mesh t, walls_of;
    void *qm;
    CHECK(eroded_rooms(&t) == STEER_NAVMESH_OK);
    CHECK(test_two_rooms(&walls_of) == STEER_NAVMESH_OK);
    steer_navmesh_query *q = query_for(&t.mesh, &qm);
    enum { N = 8 };
    static follower f[N];
    for (int i = 0; i < N; i++) {
        float y = 0.6f + 0.9f * (float)(i / 2), x = i % 2 == 0 ? 0.8f : 2.2f;
        follower_make(&f[i], steer_v3(x, y, 0), steer_v3(x + 6.0f, y, 0));
    }
    steer_navmesh_follow_params p = steer_navmesh_follow_default();
    steer_orca_params orca = steer_orca_default();
    orca.time_horizon = 3.0f; /* as the tool's doorway crowd */
    orca.time_horizon_obstacles = 1.5f;
    const float dt = 1.0f / 60.0f;
    float off = 0.0f, overlap = 0.0f;
    int arrived = 0;
    for (int step = 0; step < 60 * 60 && arrived < N; step++) {
        steer_vec3 next[N];
        for (int i = 0; i < N; i++) {
            steer_agent *a = &f[i].agent;
            steer_steering s = steer_navmesh_follow(a, &t.mesh, q, &f[i].corridor, &p, NULL);
            steer_vec3 wish = steer_add_scaled(a->velocity, s.linear, dt);
            steer_crowd_neighbour others[N];
            int n = 0;
            for (int j = 0; j < N; j++)
                if (j != i)
                    others[n++] = (steer_crowd_neighbour){f[j].agent.position, f[j].agent.velocity,
                                                          f[j].agent.radius, 1.0f, (uint32_t)j};
            steer_segment walls[32];
            int w = steer_navmesh_walls_near(&walls_of.mesh, a->position, 2.0f, walls, 32, NULL);
            steer_crowd_view view = {(uint32_t)i, others, n, walls, w};
            next[i] = steer_orca_velocity(a, wish, &orca, &view, dt);
        }
        arrived = 0;
        for (int i = 0; i < N; i++) {
            steer_agent *a = &f[i].agent;
            a->velocity = next[i];
            a->position = steer_add_scaled(a->position, next[i], dt);
            steer_vec3 on;
            steer_navmesh_nearest(&t.mesh, a->position, &on);
            if (steer_distance(on, a->position) > off) off = steer_distance(on, a->position);
            arrived += steer_distance(a->position, f[i].corridor.goal) < 0.3f;
            for (int j = 0; j < i; j++) {
                float gap = 0.6f - steer_distance(a->position, f[j].agent.position);
                if (gap > overlap) overlap = gap;
            }
        }
    }
    printf("door crowd: %d of %d arrived, furthest off the mesh %.4f, deepest overlap %.4f\n",
           arrived, N, (double)off, (double)overlap);
    CHECK(arrived == N);
    CHECK(off <= 0.1f);
    CHECK(overlap <= 0.03f);
    free(qm);
    free(t.memory);
    free(walls_of.memory);
}

TEST_MAIN(TEST(walks_through_the_door), TEST(a_crowd_with_mesh_walls_shares_the_door),
          TEST(pushed_agents_rejoin_and_lost_ones_search), TEST(random_goals_in_a_pillar_hall),
          TEST(walls_near_a_point), TEST(walls_near_finds_every_wall_in_reach),
          TEST(containment_turns_back_before_the_wall))
