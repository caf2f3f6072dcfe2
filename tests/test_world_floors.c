// SPDX-License-Identifier: MIT
/* Floors (steer_world_def.floor_clearance): two agents on floors 3 units apart cross paths
 * in plan view. With a clearance of 1 each walks exactly as it would alone (bit for bit),
 * through the other's ground position; without it they give way to each other. An agent
 * half-way up the ramp between the floors, within the clearance of both, perceives both,
 * and each floor perceives it but not the other floor. A navigating crowd agent walks
 * under a landing of the upper floor whose walls cross its corridor in plan view: with
 * floors on, the crowd filter leaves those walls out. */
#include "test.h"

#include "steer/navmesh.h"

#include "steer/math.h"
#include "steer/world.h"

#include <math.h>

#define DT    (1.0f / 60.0f)
#define STEPS 600
/* A check in a helper that returns a value: reports and goes on. */
#define EXPECT(cond)                                                                               \
    do {                                                                                           \
        if (!(cond)) test_report(__FILE__, __LINE__, #cond);                                       \
    } while (0)

#define UPPER 3.0f /* the upper floor's height (z: the agents are XY ones) */

typedef enum scene_recipe { SCENE_CROWD, SCENE_SEPARATION } scene_recipe;

/* Agent 0 walks west to east on the ground floor, agent 1 south to north on the upper
 * one; both cross (5.2, 5) in plan view at the same moment. */
static const steer_vec3 from[2] = {{0, 5, 0}, {5.2f, 0, UPPER}};
static const steer_vec3 to[2] = {{10, 5, 0}, {5.2f, 10, UPPER}};

/* The recipe: arrive through the crowd filter, or arrive plus separation (the flocking
 * sums' path). */
static steer_recipe scene_recipe_of(scene_recipe kind)
{
    steer_recipe r = steer_recipe_default();
    r.items[r.count] = steer_recipe_item_make(STEER_BEHAVIOUR_ARRIVE, 1.0f);
    r.items[r.count].arrive.target_radius = 0.2f;
    r.items[r.count++].arrive.slow_radius = 1.0f;
    if (kind == SCENE_CROWD) {
        r.crowd = true;
    } else {
        r.items[r.count] = steer_recipe_item_make(STEER_BEHAVIOUR_SEPARATION, 20.0f);
        r.items[r.count++].neighbourhood.radius = 4.0f;
    }
    return r;
}

/* The agents of `which` (bit a: agent a) walk their ways for STEPS steps; track[a][s]
 * is agent a's position after step s. Returns the least distance in plan view (x, y)
 * between the two, or INFINITY when only one walked. */
static float cross(scene_recipe kind, float clearance, unsigned which, steer_vec3 track[2][STEPS])
{
    steer_world_def def = steer_world_default();
    def.capacity = 4;
    def.floor_clearance = clearance;
    steer_world *w = steer_world_create(&def);
    EXPECT(w != NULL);
    steer_recipe r = scene_recipe_of(kind);
    int recipe = steer_world_add_recipe(w, &r);
    EXPECT(recipe >= 0);
    steer_handle h[2] = {steer_handle_none(), steer_handle_none()};
    for (int a = 0; a < 2; a++) {
        if ((which & (1u << a)) == 0u) continue;
        steer_world_agent_def d = steer_world_agent_default();
        d.agent.position = from[a];
        d.agent.max_speed = 2.0f;
        d.agent.radius = 0.4f;
        d.recipe = recipe;
        d.target = to[a];
        EXPECT(steer_world_add(w, &d, &h[a]) == STEER_WORLD_OK);
    }
    float least = INFINITY;
    for (int s = 0; s < STEPS; s++) {
        EXPECT(steer_world_step(w, DT) == STEER_WORLD_OK);
        steer_agent ag[2];
        for (int a = 0; a < 2; a++) {
            if ((which & (1u << a)) == 0u) continue;
            EXPECT(steer_world_get_agent(w, h[a], &ag[a]) == STEER_WORLD_OK);
            track[a][s] = ag[a].position;
        }
        if (which == 3u) {
            float dx = ag[0].position.x - ag[1].position.x;
            float dy = ag[0].position.y - ag[1].position.y;
            float d = sqrtf(dx * dx + dy * dy);
            if (d < least) least = d;
        }
    }
    steer_world_destroy(w);
    return least;
}

static steer_vec3 alone[2][STEPS], both[2][STEPS];

static void floors_apart_walk_as_if_alone(scene_recipe kind, const char *name)
{
    cross(kind, 1.0f, 1u, alone);
    cross(kind, 1.0f, 2u, alone);
    float apart = cross(kind, 1.0f, 3u, both);
    CHECK(memcmp(alone, both, sizeof alone) == 0);
    float together = cross(kind, 0.0f, 3u, both);
    bool differ = memcmp(alone, both, sizeof alone) != 0;
    printf("floors, %s: closest in plan view %.3f with the clearance, %.3f without\n", name,
           (double)apart, (double)together);
    CHECK(apart < 0.25f);   /* overlapping in plan view: through each other's ground position */
    CHECK(together > 0.8f); /* without floors they keep apart: more than the radii's sum */
    CHECK(differ);          /* and their ways are not those they walk alone */
    CHECK(fabsf(both[0][STEPS - 1].x - to[0].x) < 0.3f); /* yet both still arrive */
    CHECK(fabsf(both[1][STEPS - 1].y - to[1].y) < 0.3f);
}

static void crowd_agents_on_two_floors_pass_through(void)
{
    floors_apart_walk_as_if_alone(SCENE_CROWD, "crowd filter");
}

static void separating_agents_on_two_floors_pass_through(void)
{
    floors_apart_walk_as_if_alone(SCENE_SEPARATION, "separation");
}

/* Three agents standing still with separation (radius 4): one on the ground floor at
 * (6, 5, 0), one on the upper at (5, 6, 3), one on the ramp at (5, 5, 1.5). Returns the
 * ramp agent's steering after one step and the mean count of neighbours seen. */
static steer_vec3 ramp_scene(float clearance, double *mean, steer_vec3 *ground)
{
    steer_world_def def = steer_world_default();
    def.capacity = 4;
    def.floor_clearance = clearance;
    steer_world *w = steer_world_create(&def);
    steer_recipe r = steer_recipe_default();
    r.items[r.count] = steer_recipe_item_make(STEER_BEHAVIOUR_SEPARATION, 1.0f);
    r.items[r.count++].neighbourhood.radius = 4.0f;
    int recipe = steer_world_add_recipe(w, &r);
    const steer_vec3 at[3] = {{5, 5, 1.5f}, {6, 5, 0}, {5, 6, UPPER}};
    steer_handle h[3];
    for (int a = 0; a < 3; a++) {
        steer_world_agent_def d = steer_world_agent_default();
        d.agent.position = at[a];
        d.recipe = recipe;
        EXPECT(steer_world_add(w, &d, &h[a]) == STEER_WORLD_OK);
    }
    EXPECT(steer_world_step(w, DT) == STEER_WORLD_OK);
    steer_world_stats st = steer_world_stats_get(w);
    *mean = st.avg_neighbours;
    steer_steering s, g;
    EXPECT(steer_world_get_steering(w, h[0], &s) == STEER_WORLD_OK);
    EXPECT(steer_world_get_steering(w, h[1], &g) == STEER_WORLD_OK);
    *ground = g.linear;
    steer_world_destroy(w);
    return s.linear;
}

static void an_agent_on_the_ramp_perceives_both_floors(void)
{
    double mean;
    steer_vec3 ground;
    /* Clearance 2: the ramp (1.5 from each floor) sees both, each floor the ramp only. */
    steer_vec3 s = ramp_scene(2.0f, &mean, &ground);
    CHECK(s.x < -0.1f && s.y < -0.1f); /* pushed away from both */
    CHECK(fabs(mean - 4.0 / 3.0) < 1e-9);
    CHECK(ground.x > 0.1f && ground.y == 0.0f); /* from the ramp agent only, straight east */
    /* Clearance 1: nobody sees anybody. */
    s = ramp_scene(1.0f, &mean, &ground);
    CHECK(s.x == 0.0f && s.y == 0.0f && mean == 0.0);
    /* Off (0, and what reads as off): everyone sees everyone. */
    const float off[] = {0.0f, -1.0f, NAN, INFINITY};
    for (int k = 0; k < 4; k++) {
        ramp_scene(off[k], &mean, &ground);
        CHECK(mean == 2.0);
        CHECK(ground.y > 0.0f || ground.y < 0.0f); /* the upper floor pushes it too */
    }
}

/* A corridor 0..10 x 0..2 on the ground and, when `upper`, a landing 4..6 x -2..4 three
 * above it, crossing it in plan view (two polygons sharing no edge: two floors). */
static bool floors_mesh(steer_navmesh *mesh, void **memory, bool upper)
{
    static const steer_vec3 v[] = {{0, 0, 0},      {10, 0, 0},     {10, 2, 0},    {0, 2, 0},
                                   {4, -2, UPPER}, {6, -2, UPPER}, {6, 4, UPPER}, {4, 4, UPPER}};
    static const int32_t first[] = {0, 4, 8};
    static const int32_t idx[] = {0, 1, 2, 3, 4, 5, 6, 7};
    int polys = upper ? 2 : 1;
    size_t bytes = steer_navmesh_bytes(upper ? 8 : 4, polys, 4 * polys);
    *memory = malloc(bytes);
    steer_navmesh_report rep;
    return steer_navmesh_build(mesh, *memory, bytes, v, upper ? 8 : 4, first, idx, polys,
                               STEER_SPACE_XY, &rep) == STEER_NAVMESH_OK;
}

/* A crowd agent navigates the corridor's length under the landing; its track. Returns
 * whether it arrived. */
static bool under_the_landing(bool upper, float clearance, steer_vec3 track[STEPS])
{
    steer_navmesh mesh;
    void *memory;
    bool ok = floors_mesh(&mesh, &memory, upper);
    EXPECT(ok);
    int edges = steer_navmesh_edge_count(&mesh);
    size_t bytes = steer_navmesh_query_bytes(edges);
    void *qmem = malloc(bytes);
    steer_navmesh_query query;
    steer_navmesh_query_init(&query, qmem, bytes, edges);
    steer_world_navmesh nav = {&mesh, &query};
    steer_world_def def = steer_world_default();
    def.capacity = 2;
    def.floor_clearance = clearance;
    steer_world *w = steer_world_create(&def);
    steer_resource floor;
    EXPECT(steer_world_add_navmesh(w, &nav, &floor) == STEER_WORLD_OK);
    steer_recipe r = steer_recipe_default();
    r.items[r.count] = steer_recipe_item_make(STEER_BEHAVIOUR_NAVIGATE, 1.0f);
    r.items[r.count].arrive.target_radius = 0.1f;
    r.items[r.count++].resource = floor;
    r.crowd = true;
    r.orca.time_horizon_obstacles = 1.0f; /* the corridor's far end slows it from 2 away */
    steer_world_agent_def d = steer_world_agent_default();
    d.agent.position = steer_v3(0.5f, 1.0f, 0);
    d.agent.max_speed = 2.0f;
    d.agent.radius = 0.3f;
    d.recipe = steer_world_add_recipe(w, &r);
    d.target = steer_v3(9.5f, 1.0f, 0);
    steer_handle h;
    EXPECT(steer_world_add(w, &d, &h) == STEER_WORLD_OK);
    steer_agent a = d.agent;
    for (int s = 0; s < STEPS; s++) {
        steer_world_step(w, DT);
        steer_world_get_agent(w, h, &a);
        track[s] = a.position;
    }
    steer_world_destroy(w);
    free(qmem);
    free(memory);
    return steer_distance(a.position, d.target) < 0.3f;
}

/* The landing's walls cross the corridor in plan view, three above it: with floors on
 * the crowd filter leaves them out (the walk is the one without the landing, bit for
 * bit); without, they stand across the corridor and the agent never gets through. */
static void walls_of_another_floor_do_not_block(void)
{
    static steer_vec3 plain[STEPS], landing[STEPS];
    CHECK(under_the_landing(false, 1.0f, plain));
    CHECK(under_the_landing(true, 1.0f, landing));
    CHECK(memcmp(plain, landing, sizeof plain) == 0);
    bool through = under_the_landing(true, 0.0f, landing);
    printf("floors, landing walls: furthest east without floors %.2f (the landing's wall at 4)\n",
           (double)landing[STEPS - 1].x);
    CHECK(!through);
}

TEST_MAIN(TEST(walls_of_another_floor_do_not_block), TEST(crowd_agents_on_two_floors_pass_through),
          TEST(separating_agents_on_two_floors_pass_through),
          TEST(an_agent_on_the_ramp_perceives_both_floors))
