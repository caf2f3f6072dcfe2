/* SPDX-License-Identifier: MIT */
/* Group moves over a navigation mesh: walkers that navigate (the navigate item) with the
 * crowd filter, in one room, sent with one steer_world_group_move to a point in the
 * other room beyond a door. Each must reach its own spot on the mesh, no two may ever
 * overlap, and all must come to rest; the same bits at 1, 2 and 8 workers. */
#include "pool.h"
#include "steer/steer.h"
#include "test.h"

#include <inttypes.h>

static unsigned char work[1 << 20];

enum { MAX_UNITS = 40 };

/* The two rooms of tests/navmesh_levels.h (room A 0..4 x 0..4, a door 4..5 x 1.5..2.5,
 * room B 5..9 x 0..4) scaled by `scale`. */
typedef struct rooms {
    steer_navmesh mesh;
    void *memory;
    void *query_memory;
    steer_navmesh_query query;
    steer_world_navmesh nav;
} rooms;

static bool rooms_make(rooms *r, float scale)
{
    static const steer_vec3 v[] = {{0, 0, 0}, {4, 0, 0}, {4, 1.5f, 0}, {4, 2.5f, 0},
                                   {4, 4, 0}, {0, 4, 0}, {5, 1.5f, 0}, {5, 2.5f, 0},
                                   {5, 0, 0}, {9, 0, 0}, {9, 4, 0},    {5, 4, 0}};
    static const int32_t first[] = {0, 6, 10, 16};
    static const int32_t idx[] = {0, 1, 2, 3, 4, 5, 2, 6, 7, 3, 8, 9, 10, 11, 7, 6};
    steer_vec3 scaled[12];
    for (int i = 0; i < 12; i++) scaled[i] = steer_scale(v[i], scale);
    size_t bytes = steer_navmesh_bytes(12, 3, 16);
    r->memory = malloc(bytes);
    if (steer_navmesh_build(&r->mesh, r->memory, bytes, scaled, 12, first, idx, 3, STEER_SPACE_XY,
                            NULL) != STEER_NAVMESH_OK)
        return false;
    int edges = steer_navmesh_edge_count(&r->mesh);
    size_t qbytes = steer_navmesh_query_bytes(edges);
    r->query_memory = malloc(qbytes);
    if (!steer_navmesh_query_init(&r->query, r->query_memory, qbytes, edges)) return false;
    r->nav = (steer_world_navmesh){&r->mesh, &r->query};
    return true;
}

static void rooms_free(rooms *r)
{
    free(r->query_memory);
    free(r->memory);
}

/* What a run measured. */
typedef struct group_run {
    steer_group_status status;
    int arrived;     /* units within REACH of their spots at the end */
    float worst;     /* furthest any unit ended from its spot */
    int overlaps;    /* pair-steps closer than 0.99 of the sum of radii */
    float rest_time; /* seconds until every unit is within REACH and slower than 0.05, -1: never */
    float spot_gap;  /* least distance between two spots, less the sum of radii */
    float spot_off;  /* furthest a spot lies from the mesh */
    int swaps;       /* trades steer_world_group_unstick made */
    float left_mesh; /* furthest a walker's centre went off the mesh */
    uint64_t hash;
} group_run;

#define REACH 0.25f

/* `units` walkers of radius `radius` in a block in room A, sent with one group move to
 * `point` in room B; `seconds` of steps at 60 Hz. */
static void run_group_into(group_run *out, int units, float scale, float radius, steer_vec3 point,
                           int workers, int seconds, bool with_walls)
{
    group_run res = {.status = STEER_GROUP_OK, .rest_time = -1.0f, .spot_gap = 1e9f};
    rooms r;
    CHECK(rooms_make(&r, scale));
    steer_pool *pool = steer_pool_create(workers);
    steer_world_def def = steer_world_default();
    def.capacity = MAX_UNITS;
    def.parallel_for = steer_pool_parallel_for;
    def.parallel_user = pool;
    steer_world *w = steer_world_create(&def);
    steer_resource floor;
    CHECK(steer_world_add_navmesh(w, &r.nav, &floor) == STEER_WORLD_OK);
    steer_recipe rec = steer_recipe_default();
    rec.items[0] = steer_recipe_item_make(STEER_BEHAVIOUR_NAVIGATE, 1.0f);
    rec.items[0].resource = floor;
    rec.items[0].arrive.target_radius = 0.1f;
    rec.items[0].arrive.slow_radius = 1.0f;
    rec.count = 1;
    rec.crowd = true;
    /* The filter's default 10 s horizon makes a walker on its spot give way to every one
     * still coming up behind it, as if they would walk on through it: 2 s lets the block
     * form (docs/groups.md). */
    rec.orca.time_horizon = 2.0f;
    rec.orca.time_horizon_obstacles = 1.0f;
    int recipe = steer_world_add_recipe(w, &rec);
    CHECK(recipe >= 0);
    /* the mesh's boundary as the filter's walls: it then keeps the bodies off them */
    steer_segment walls[16];
    int nw = steer_navmesh_walls_near(&r.mesh, steer_v3(0, 0, 0), 1e6f, walls, 16, NULL);
    if (with_walls) steer_world_set_walls(w, walls, nw);
    steer_handle h[MAX_UNITS];
    int cols = units <= 8 ? 2 : 5;
    float pitch = 2.0f * radius + 0.3f;
    for (int i = 0; i < units; i++) {
        steer_world_agent_def d = steer_world_agent_default();
        d.agent.position = steer_v3(0.5f * scale + pitch * (float)(i % cols),
                                    0.5f * scale + pitch * (float)(i / cols), 0.0f);
        d.agent.max_speed = 2.0f;
        d.agent.max_accel = 8.0f;
        d.agent.radius = radius;
        d.recipe = recipe;
        d.target = d.agent.position;
        CHECK(steer_world_add(w, &d, &h[i]) == STEER_WORLD_OK);
    }
    steer_vec3 dest[MAX_UNITS];
    res.status = steer_world_group_move(w, h, units, point, NULL, dest, work, sizeof work);
    for (int i = 0; i < units; i++) {
        steer_vec3 on;
        steer_navmesh_nearest(&r.mesh, dest[i], &on);
        float off = steer_distance(on, dest[i]);
        if (off > res.spot_off) res.spot_off = off;
        for (int j = i + 1; j < units; j++) {
            float gap = steer_distance(dest[i], dest[j]) - 2.0f * radius;
            if (gap < res.spot_gap) res.spot_gap = gap;
        }
    }
    for (int s = 0; s < 60 * seconds; s++) {
        if (s % 30 == 0) { /* twice a second, as a game might */
            int swaps = 0;
            steer_world_group_unstick(w, h, units, dest, REACH, &swaps);
            res.swaps += swaps;
        }
        steer_world_step(w, 1.0f / 60.0f);
        steer_agent a[MAX_UNITS];
        bool rest = true;
        for (int i = 0; i < units; i++) {
            steer_world_get_agent(w, h[i], &a[i]);
            steer_vec3 on;
            steer_navmesh_nearest(&r.mesh, a[i].position, &on);
            if (steer_distance(on, a[i].position) > res.left_mesh)
                res.left_mesh = steer_distance(on, a[i].position);
            rest = rest && steer_distance(a[i].position, dest[i]) <= REACH &&
                   steer_length(a[i].velocity) <= 0.05f;
        }
        if (rest && res.rest_time < 0.0f) res.rest_time = (float)(s + 1) / 60.0f;
        if (!rest) res.rest_time = -1.0f;
        for (int i = 0; i < units; i++)
            for (int j = i + 1; j < units; j++)
                res.overlaps +=
                    steer_distance(a[i].position, a[j].position) < 0.99f * 2.0f * radius;
    }
    for (int i = 0; i < units; i++) {
        steer_agent a;
        steer_world_get_agent(w, h[i], &a);
        float d = steer_distance(a.position, dest[i]);
        res.arrived += d <= REACH ? 1 : 0;
        if (d > res.worst) res.worst = d;
    }
    res.hash = steer_world_state_hash(w);
    steer_world_destroy(w);
    steer_pool_destroy(pool);
    rooms_free(&r);
    *out = res;
}

static group_run run_group(int units, float scale, float radius, steer_vec3 point, int workers,
                           int seconds, bool with_walls)
{
    group_run res = {.status = STEER_GROUP_EMPTY, .rest_time = -1.0f};
    run_group_into(&res, units, scale, radius, point, workers, seconds, with_walls);
    return res;
}

static void report(const char *what, int units, group_run g)
{
    fprintf(stderr,
            "  %s: %d of %d within %.2f (worst %.3f), at rest after %.2f s, %d overlapping "
            "pair-steps, %d trades; spots %.3f apart at least, %.4f off the mesh at most; "
            "walkers %.2f off the mesh at most; state hash %016" PRIx64 "\n",
            what, g.arrived, units, (double)REACH, (double)g.worst, (double)g.rest_time, g.overlaps,
            g.swaps, (double)g.spot_gap, (double)g.spot_off, (double)g.left_mesh, g.hash);
}

/* Eight walkers of radius 0.2 through the 1-wide door of the two rooms to (8.2, 2), 0.8
 * from the far wall: all within 0.25 of their spots and at rest within 30 s (measured
 * 7.58 s, no trade). The open-field move instead puts spots 0.15 off the mesh and the
 * walkers take 60 s to come to rest. */
static void eight_through_the_door(void)
{
    group_run one = run_group(8, 1.0f, 0.2f, steer_v3(8.2f, 2.0f, 0.0f), 1, 60, false);
    report("eight", 8, one);
    CHECK(one.status == STEER_GROUP_OK);
    CHECK(one.arrived == 8 && one.overlaps == 0);
    CHECK(one.rest_time > 0.0f && one.rest_time <= 30.0f);
    CHECK(one.spot_off <= 1e-4f && one.spot_gap >= 0.0f);
    CHECK(run_group(8, 1.0f, 0.2f, steer_v3(8.2f, 2.0f, 0.0f), 2, 60, false).hash == one.hash);
    CHECK(run_group(8, 1.0f, 0.2f, steer_v3(8.2f, 2.0f, 0.0f), 8, 60, false).hash == one.hash);
}

/* Forty walkers of radius 0.3 through the rooms scaled by 2.5 (a door 2.5 wide) to a
 * point near room B's far wall, so part of the block would stand off the mesh: all on
 * their spots and at rest within 30 s (measured 25.5 s, 29 trades; without trades 34.5 s). The
 * open-field move instead: 34 of 40 on their spots after 90 s. */
static void forty_through_the_door(void)
{
    steer_vec3 point = steer_v3(20.0f, 5.0f, 0.0f);
    group_run one = run_group(40, 2.5f, 0.3f, point, 1, 90, false);
    report("forty", 40, one);
    CHECK(one.status == STEER_GROUP_OK);
    CHECK(one.arrived == 40 && one.overlaps == 0);
    CHECK(one.rest_time > 0.0f && one.rest_time <= 30.0f);
    CHECK(one.spot_off <= 1e-4f && one.spot_gap >= 0.0f);
    CHECK(run_group(40, 2.5f, 0.3f, point, 2, 90, false).hash == one.hash);
    CHECK(run_group(40, 2.5f, 0.3f, point, 8, 90, false).hash == one.hash);
}

/* The failure trading fixes, in the open: eight walkers stand on a ring of spots 0.7
 * apart round an empty centre spot (radius 0.3: gaps of 0.1, too narrow to pass);
 * a ninth, sent to the centre from 4 units away, is walled off. Traded, the ring walker
 * in its way steps into the centre and the ninth takes its place: all nine stand on
 * spots. `trade` false: the ninth stays outside. */
static int walled_in_run(bool trade, int *swaps, float *worst)
{
    steer_world_def def = steer_world_default();
    def.capacity = 9;
    steer_world *w = steer_world_create(&def);
    steer_recipe rec = steer_recipe_default();
    rec.items[rec.count++] = steer_recipe_item_make(STEER_BEHAVIOUR_ARRIVE, 1.0f);
    rec.items[0].arrive.target_radius = 0.1f;
    rec.items[0].arrive.slow_radius = 1.0f;
    rec.crowd = true;
    rec.orca.time_horizon = 2.0f;
    int recipe = steer_world_add_recipe(w, &rec);
    steer_handle h[9];
    steer_vec3 dest[9];
    for (int i = 0; i < 9; i++) {
        int k = i < 4 ? i : i + 1; /* the ring: every cell of the 3 x 3 block but the centre */
        steer_world_agent_def d = steer_world_agent_default();
        d.agent.position = steer_v3(0.7f * (float)(k % 3 - 1), 0.7f * (float)(k / 3 - 1), 0.0f);
        if (i == 8) d.agent.position = steer_v3(-4.0f, 0.2f, 0.0f);
        d.agent.max_speed = 2.0f;
        d.agent.max_accel = 8.0f;
        d.agent.radius = 0.3f;
        d.recipe = recipe;
        dest[i] = i == 8 ? steer_v3(0, 0, 0) : d.agent.position;
        d.target = dest[i];
        steer_world_add(w, &d, &h[i]);
    }
    *swaps = 0;
    for (int s = 0; s < 60 * 30; s++) {
        if (trade && s % 30 == 0) {
            int n = 0;
            if (steer_world_group_unstick(w, h, 9, dest, REACH, &n) != STEER_GROUP_OK) n = -100;
            *swaps += n;
        }
        steer_world_step(w, 1.0f / 60.0f);
    }
    int there = 0;
    *worst = 0.0f;
    for (int i = 0; i < 9; i++) {
        steer_agent a;
        steer_world_get_agent(w, h[i], &a);
        float d = steer_distance(a.position, dest[i]);
        there += d <= REACH ? 1 : 0;
        if (d > *worst) *worst = d;
    }
    steer_world_destroy(w);
    return there;
}

static void a_walled_in_spot_is_traded(void)
{
    int swaps = 0, none = 0;
    float worst = 0.0f, stuck = 0.0f;
    int traded = walled_in_run(true, &swaps, &worst);
    int kept = walled_in_run(false, &none, &stuck);
    fprintf(stderr,
            "  walled in: traded %d on spots (%d trades, worst %.3f); kept %d (worst %.3f)\n",
            traded, swaps, (double)worst, kept, (double)stuck);
    CHECK(traded == 9 && swaps >= 1 && worst <= 0.1f + 1e-3f); /* measured: 1 trade */
    CHECK(kept < 9);                                           /* measured: 8, one 1.2 out */
}

/* The filter does not read the navmesh: pressed by the others, a walker's centre can
 * leave the mesh at the door's corners (above: up to 0.19 and 0.86). The mesh's
 * boundary given as the filter's walls (steer_world_set_walls) keeps every body on it,
 * at the cost of time: the door is narrower by a body. */
static void the_mesh_walls_keep_everyone_on_the_mesh(void)
{
    group_run eight = run_group(8, 1.0f, 0.2f, steer_v3(8.2f, 2.0f, 0.0f), 1, 60, true);
    report("eight, mesh walls", 8, eight);
    CHECK(eight.arrived == 8 && eight.overlaps == 0 && eight.left_mesh <= 0.01f);
    CHECK(eight.rest_time > 0.0f && eight.rest_time <= 30.0f);
    group_run forty = run_group(40, 2.5f, 0.3f, steer_v3(20.0f, 5.0f, 0.0f), 1, 120, true);
    report("forty, mesh walls", 40, forty);
    CHECK(forty.arrived == 40 && forty.overlaps == 0 && forty.left_mesh <= 0.01f);
    CHECK(forty.rest_time > 0.0f && forty.rest_time <= 90.0f);
}

/* What a formation run measured. */
typedef struct march_run {
    float worst_end; /* furthest a member ended from its slot */
    float left_mesh; /* furthest a member's centre went off the mesh */
    int overlaps;    /* pair-steps closer than 0.99 of the sum of radii */
    uint64_t hash;
} march_run;

/* An anchor navigates from room A to room B of the rooms scaled by 2.5 (a door 2.5 wide),
 * paced by its members; nine members hold a box 2 apart (4 wide: it cannot pass the door
 * as it stands), with the crowd filter and the mesh's boundary as its walls. `walk`: the
 * members' recipe has a navigate item beside the formation item, so they walk the mesh
 * to their slots when the way is not straight. */
static march_run run_march(bool walk, int workers)
{
    march_run res = {0.0f, 0.0f, 0, 0};
    rooms r;
    if (!rooms_make(&r, 2.5f)) return res;
    steer_pool *pool = steer_pool_create(workers);
    steer_world_def def = steer_world_default();
    def.capacity = 16;
    def.parallel_for = steer_pool_parallel_for;
    def.parallel_user = pool;
    steer_world *w = steer_world_create(&def);
    steer_resource floor;
    steer_world_add_navmesh(w, &r.nav, &floor);
    steer_segment walls[16];
    steer_world_set_walls(
        w, walls, steer_navmesh_walls_near(&r.mesh, steer_v3(0, 0, 0), 1e6f, walls, 16, NULL));
    steer_recipe lead = steer_recipe_default();
    lead.items[0] = steer_recipe_item_make(STEER_BEHAVIOUR_NAVIGATE, 1.0f);
    lead.items[0].resource = floor;
    lead.items[1] = steer_recipe_item_make(STEER_BEHAVIOUR_LOOK_WHERE_GOING, 1.0f);
    lead.count = 2;
    steer_recipe hold = steer_recipe_default();
    hold.items[hold.count++] = steer_recipe_item_make(STEER_BEHAVIOUR_FORMATION, 1.0f);
    if (walk) {
        hold.items[hold.count] = steer_recipe_item_make(STEER_BEHAVIOUR_NAVIGATE, 1.0f);
        hold.items[hold.count++].resource = floor;
    }
    hold.crowd = true;
    hold.orca.time_horizon = 2.0f;
    hold.orca.time_horizon_obstacles = 1.0f;
    steer_world_agent_def d = steer_world_agent_default();
    d.agent.facing = STEER_FACING_STEERED;
    d.agent.position = steer_v3(4.0f, 5.0f, 0.0f);
    d.recipe = steer_world_add_recipe(w, &lead);
    d.layer = 0u; /* nobody avoids the anchor */
    d.target = steer_v3(18.0f, 5.0f, 0.0f);
    steer_handle anchor, m[9];
    steer_world_add(w, &d, &anchor);
    d.recipe = steer_world_add_recipe(w, &hold);
    d.layer = 1u;
    d.agent.max_speed = 3.0f;
    d.agent.radius = 0.3f;
    for (int i = 0; i < 9; i++) {
        d.agent.position = steer_v3(2.0f + (float)(i % 3), 4.0f + (float)(i / 3), 0.0f);
        steer_world_add(w, &d, &m[i]);
    }
    steer_formation_slot slots[9];
    int slot_of[9] = {-1, -1, -1, -1, -1, -1, -1, -1, -1};
    steer_formation_pattern(STEER_FORMATION_BOX, 9, 2.0f, slots, 9);
    steer_world_formation_assign(w, anchor, m, 9, NULL, slots, 9, slot_of, false, NULL, work,
                                 sizeof work);
    for (int s = 0; s < 60 * 60; s++) {
        steer_world_formation_pace(w, anchor, m, 9, slots, 9, slot_of, 2.0f, 0.5f, NULL, NULL);
        steer_world_step(w, 1.0f / 60.0f);
        steer_agent a[9];
        for (int i = 0; i < 9; i++) {
            steer_world_get_agent(w, m[i], &a[i]);
            steer_vec3 on;
            steer_navmesh_nearest(&r.mesh, a[i].position, &on);
            if (steer_distance(on, a[i].position) > res.left_mesh)
                res.left_mesh = steer_distance(on, a[i].position);
        }
        for (int i = 0; i < 9; i++)
            for (int j = i + 1; j < 9; j++)
                res.overlaps += steer_distance(a[i].position, a[j].position) < 0.99f * 0.6f;
    }
    steer_agent lead_at, a;
    steer_world_get_agent(w, anchor, &lead_at);
    for (int i = 0; i < 9; i++) {
        steer_world_get_agent(w, m[i], &a);
        steer_vec3 p = steer_formation_slot_position(STEER_SPACE_XY, lead_at.position,
                                                     lead_at.orientation, slots[slot_of[i]].offset);
        if (steer_distance(a.position, p) > res.worst_end)
            res.worst_end = steer_distance(a.position, p);
    }
    res.hash = steer_world_state_hash(w);
    steer_world_destroy(w);
    steer_pool_destroy(pool);
    rooms_free(&r);
    return res;
}

/* Members that walk to their slots: through the door and on their slots again beyond it
 * (measured: within 0.001), never off the mesh, never overlapping; 1 and 3 workers agree.
 * With the formation item alone they steer straight at slots beyond the wall and stay
 * behind it (measured: one ends 11.6 from its slot). */
static void a_formation_walks_through_the_door(void)
{
    march_run walk = run_march(true, 1), straight = run_march(false, 1);
    fprintf(stderr,
            "  formation through the door: walking, worst %.3f from its slot at the end, %.2f "
            "off the mesh, %d overlapping pair-steps; formation item alone, worst %.2f\n",
            (double)walk.worst_end, (double)walk.left_mesh, walk.overlaps,
            (double)straight.worst_end);
    CHECK(walk.worst_end <= 0.1f && walk.left_mesh <= 0.01f && walk.overlaps == 0);
    CHECK(straight.worst_end > 1.0f);
    CHECK(run_march(true, 3).hash == walk.hash);
}

/* A callback that trades from inside a step: refused. */
typedef struct busy_probe {
    steer_world *world;
    steer_handle h[2];
    steer_vec3 dest[2];
    steer_group_status status;
} busy_probe;

static steer_steering trade_inside_a_step(void *user, const steer_world *world, steer_handle self,
                                          const steer_agent *agent, steer_steering out)
{
    (void)world, (void)self, (void)agent;
    busy_probe *b = user;
    b->status = steer_world_group_unstick(b->world, b->h, 2, b->dest, 0.25f, NULL);
    return out;
}

/* Bad input to the trades and to a group move on the mesh gives statuses and changes
 * nothing. */
static void bad_input_gives_statuses(void)
{
    rooms r;
    CHECK(rooms_make(&r, 1.0f));
    steer_world_def def = steer_world_default();
    def.capacity = 4;
    steer_world *w = steer_world_create(&def);
    steer_resource floor;
    CHECK(steer_world_add_navmesh(w, &r.nav, &floor) == STEER_WORLD_OK);
    steer_recipe rec = steer_recipe_default();
    rec.items[0] = steer_recipe_item_make(STEER_BEHAVIOUR_NAVIGATE, 1.0f);
    rec.items[0].resource = floor;
    rec.count = 1;
    rec.crowd = true;
    busy_probe b = {w, {{0}}, {{1, 1, 0}, {2, 1, 0}}, STEER_GROUP_OK};
    for (int i = 0; i < 2; i++) {
        steer_world_agent_def d = steer_world_agent_default();
        d.agent.position = steer_v3(1.0f + (float)i, 1.0f, 0.0f);
        d.agent.radius = 0.2f;
        d.recipe = steer_world_add_recipe(w, &rec);
        CHECK(steer_world_add(w, &d, &b.h[i]) == STEER_WORLD_OK);
    }
    steer_vec3 dest[2] = {{1, 1, 0}, {2, 1, 0}}, keep[2] = {{1, 1, 0}, {2, 1, 0}};
    int swaps = 7;
    CHECK(steer_world_group_unstick(w, NULL, 2, dest, 0.25f, &swaps) == STEER_GROUP_EMPTY);
    CHECK(swaps == 0);
    CHECK(steer_world_group_unstick(w, b.h, 0, dest, 0.25f, NULL) == STEER_GROUP_EMPTY);
    CHECK(steer_world_group_unstick(w, b.h, 2, NULL, 0.25f, NULL) == STEER_GROUP_EMPTY);
    CHECK(steer_world_group_unstick(w, b.h, 2, dest, NAN, NULL) == STEER_GROUP_INVALID);
    CHECK(steer_world_group_unstick(w, b.h, 2, dest, -1.0f, NULL) == STEER_GROUP_INVALID);
    CHECK(steer_world_group_unstick(w, b.h, 2, dest, INFINITY, NULL) == STEER_GROUP_INVALID);
    CHECK(steer_world_group_unstick(w, b.h, STEER_GROUP_MAX + 1, dest, 0.25f, NULL) ==
          STEER_GROUP_INVALID);
    dest[1].x = NAN;
    CHECK(steer_world_group_unstick(w, b.h, 2, dest, 0.25f, NULL) == STEER_GROUP_INVALID);
    dest[1] = keep[1];
    steer_handle stale = b.h[1];
    stale.generation += 1u;
    steer_handle with_stale[2] = {b.h[0], stale};
    CHECK(steer_world_group_unstick(w, with_stale, 2, dest, 0.25f, NULL) == STEER_GROUP_STALE);
    CHECK(memcmp(dest, keep, sizeof dest) == 0);
    CHECK(steer_world_set_callback(w, b.h[0], trade_inside_a_step, &b) == STEER_WORLD_OK);
    CHECK(steer_world_step(w, 1.0f / 60.0f) == STEER_WORLD_OK);
    CHECK(b.status == STEER_GROUP_BUSY);
    CHECK(steer_world_set_callback(w, b.h[0], NULL, NULL) == STEER_WORLD_OK);
    /* the move on the mesh: a point not finite, a workspace too small, an agent twice */
    static unsigned char small[64];
    CHECK(steer_world_group_move(w, b.h, 2, steer_v3(NAN, 2, 0), NULL, dest, work, sizeof work) ==
          STEER_GROUP_INVALID);
    CHECK(steer_world_group_move_along(w, b.h, 2, steer_v3(6, 1, 0), steer_v3(6, INFINITY, 0), NULL,
                                       dest, work, sizeof work) == STEER_GROUP_INVALID);
    CHECK(steer_world_group_move(w, b.h, 2, steer_v3(7, 2, 0), NULL, dest, small, sizeof small) ==
          STEER_GROUP_NO_MEMORY);
    steer_handle twice[2] = {b.h[0], b.h[0]};
    CHECK(steer_world_group_move(w, twice, 2, steer_v3(7, 2, 0), NULL, dest, work, sizeof work) ==
          STEER_GROUP_DUPLICATE);
    CHECK(memcmp(dest, keep, sizeof dest) == 0);
    /* exactly the workspace the size function gives is enough; a point off the mesh, or a
     * line crossing a wall, still gives spots on the mesh */
    size_t need = steer_world_group_workspace_size(2, NULL);
    unsigned char *exact = malloc(need);
    CHECK(steer_world_group_move(w, b.h, 2, steer_v3(12, -3, 0), NULL, dest, exact, need) ==
          STEER_GROUP_OK);
    CHECK(steer_world_group_move_along(w, b.h, 2, steer_v3(3, 2, 0), steer_v3(7, 2, 0), NULL, dest,
                                       exact, need) == STEER_GROUP_OK);
    for (int i = 0; i < 2; i++) CHECK(steer_navmesh_locate(&r.mesh, dest[i]) >= 0);
    free(exact);
    steer_world_destroy(w);
    rooms_free(&r);
}

TEST_MAIN(TEST(eight_through_the_door), TEST(forty_through_the_door),
          TEST(bad_input_gives_statuses), TEST(a_formation_walks_through_the_door),
          TEST(the_mesh_walls_keep_everyone_on_the_mesh), TEST(a_walled_in_spot_is_traded))
