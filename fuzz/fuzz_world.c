/* SPDX-License-Identifier: MIT */
/* fuzz_world: sequences of world operations - add, remove, step, query, set agent,
 * target, target agent, recipe, layers, read steering, update the index - with the
 * world's settings, the recipes and every number taken from the input.
 *
 * Two worlds run the same sequence: one single-threaded (no parallel_for), one whose
 * parallel_for cuts the work into chunks of an input-chosen size and runs them last to
 * first. Properties:
 * - both worlds answer every call the same and have the same state hash after every
 *   operation (results never depend on how the work is split, nor on whether the first
 *   world's index was rebuilt on demand by steer_world_update_index);
 * - a model of the handles agrees with the world: count, validity, STALE for removed
 *   handles, FULL only at capacity, BUSY never (no callbacks here);
 * - a step succeeds exactly for finite dt > 0, and after it no agent is faster than its
 *   max_speed;
 * - after every operation no agent state holds a NaN, only the position may be infinite,
 *   an agent on a crowd recipe has its velocity within STEER_CROWD_MAX_SPEED, and the
 *   first world's own snapshot restores into it with the state hash unchanged;
 * - a query returns only live agents of the mask within the radius, and finds every
 *   such agent clearly inside it;
 * - create refuses an unknown bounds kind.
 *
 * Recipes of every kind are built, the ORCA crowd filter included: a recipe's count byte
 * of 200 or more (read modulo 10 for the count, as before) makes it a crowd recipe with
 * every orca setting and up to 4 walls drawn (inputs saved before crowd recipes existed
 * keep their meaning unless that byte was 200 or more);
 * - both worlds hold the same resources (an obstacle set, a flow field and a path, small
 *   fixed data here, plus a removed obstacle set), so every kind of the behaviour table
 *   runs: an item's kind byte of 128 or more (read modulo the kind count, as before) also
 *   draws its obstacle, flow-field and path parameters and names a resource - the one
 *   its kind reads, another kind's, a removed one or the other world's; a kind byte
 *   below 128 names none, as every item did before. A recipe with an item that reads a
 *   resource and does not name a live one of the right kind is refused by both worlds;
 * - a snapshot restored into its own world is accepted and changes nothing (and the world
 *   then steps on like the other); a truncated or bit-flipped copy is refused and changes
 *   nothing.
 */
#include "fuzz_input.h"
#include "steer/steer.h"

enum {
    FUZZ_MAX_CAPACITY = 48,
    FUZZ_MAX_HANDLES = 96,
    FUZZ_MAX_OPS = 64,
    FUZZ_QUERY_MAX = 16,
    FUZZ_MAX_RECIPES = 4,
    FUZZ_MAX_WALLS = 4,
    FUZZ_FIELD_SIDE = 3,
    FUZZ_PATH_POINTS = 4
};

/* What the worlds' resources name: a resource of this kind, the one an item's kind reads,
 * a removed one or the other world's. */
typedef enum fuzz_resource {
    FUZZ_RES_OBSTACLES,
    FUZZ_RES_FLOW_FIELD,
    FUZZ_RES_PATH,
    FUZZ_RES_STALE,
    FUZZ_RES_FOREIGN,
    FUZZ_RES_COUNT
} fuzz_resource;

static const steer_circle fuzz_circles[] = {{{4.0f, 0.0f, 0.0f}, 1.5f},
                                            {{-3.0f, 5.0f, 0.0f}, 0.5f}};
static const steer_segment fuzz_walls[] = {{{-10.0f, -6.0f, 0.0f}, {10.0f, -6.0f, 0.0f}},
                                           {{8.0f, -4.0f, 0.0f}, {8.0f, 6.0f, 0.0f}}};
static const steer_vec3 fuzz_square[] = {
    {-1.0f, -1.0f, 0.0f}, {1.0f, -1.0f, 0.0f}, {1.0f, 1.0f, 0.0f}, {-1.0f, 1.0f, 0.0f}};
static const steer_polygon fuzz_polygons[] = {{fuzz_square, 4}};
static const steer_vec3 fuzz_path_points[FUZZ_PATH_POINTS] = {
    {-8.0f, 0.0f, 0.0f}, {0.0f, 4.0f, 0.0f}, {8.0f, 0.0f, 0.0f}, {0.0f, -4.0f, 1.0f}};

/* The parallel_for of the second world: chunks of `chunk` items, last chunk first. */
typedef struct fuzz_split {
    int chunk;
} fuzz_split;

static void fuzz_split_for(void *user, int count, steer_range_fn fn, void *ctx)
{
    const fuzz_split *sp = user;
    int chunk = sp->chunk > 0 ? sp->chunk : 1;
    int chunks = (count + chunk - 1) / chunk;
    for (int c = chunks - 1; c >= 0; c--) {
        int end = (c + 1) * chunk < count ? (c + 1) * chunk : count;
        fn(ctx, c * chunk, end);
    }
}

/* What the test knows about every handle it was given. */
typedef struct fuzz_world {
    steer_world *w[2];
    fuzz_split split;
    int capacity, recipes;
    steer_handle h[2][FUZZ_MAX_HANDLES];
    bool alive[FUZZ_MAX_HANDLES];
    uint32_t layer[FUZZ_MAX_HANDLES];
    int recipe[FUZZ_MAX_HANDLES]; /* its recipe id, -1 for none */
    bool crowd[FUZZ_MAX_RECIPES]; /* recipe id -> runs the crowd filter */
    steer_segment walls[FUZZ_MAX_WALLS];
    int handles, live;
    /* The resources both worlds hold (they keep the pointers: f holds them). */
    steer_obstacles obstacles;
    steer_vec3 cells[FUZZ_FIELD_SIDE * FUZZ_FIELD_SIDE];
    steer_flow_field field;
    steer_path_node nodes[FUZZ_PATH_POINTS];
    steer_path path;
    steer_resource res[2][FUZZ_RES_COUNT]; /* per world; FOREIGN is the other's */
} fuzz_world;

/* The same resources in both worlds, from fixed data (no input read, so older inputs keep
 * their meaning); STALE is an obstacle set registered and removed first. */
static void fuzz_add_resources(fuzz_world *f)
{
    f->obstacles = (steer_obstacles){fuzz_circles, 2, fuzz_walls, 2, fuzz_polygons, 1};
    for (int i = 0; i < FUZZ_FIELD_SIDE * FUZZ_FIELD_SIDE; i++)
        f->cells[i] = steer_v3((float)(i % 3) - 1.0f, (float)(i / 3) - 1.0f, 0.0f);
    steer_flow_field_init(&f->field, f->cells, FUZZ_FIELD_SIDE, FUZZ_FIELD_SIDE,
                          steer_v3(-4.0f, -4.0f, 0.0f), 4.0f, STEER_SPACE_XY);
    steer_path_init(&f->path, f->nodes, FUZZ_PATH_POINTS, fuzz_path_points, FUZZ_PATH_POINTS, true,
                    1.0f);
    for (int side = 0; side < 2; side++) {
        steer_world *w = f->w[side];
        steer_resource *r = f->res[side];
        bool ok =
            steer_world_add_obstacles(w, &f->obstacles, &r[FUZZ_RES_STALE]) == STEER_WORLD_OK &&
            steer_world_remove_resource(w, r[FUZZ_RES_STALE]) == STEER_WORLD_OK &&
            steer_world_add_obstacles(w, &f->obstacles, &r[FUZZ_RES_OBSTACLES]) == STEER_WORLD_OK &&
            steer_world_add_flow_field(w, &f->field, &r[FUZZ_RES_FLOW_FIELD]) == STEER_WORLD_OK &&
            steer_world_add_path(w, &f->path, &r[FUZZ_RES_PATH]) == STEER_WORLD_OK;
        FUZZ_REQUIRE(ok, "registering the resources in world %d", side);
    }
    f->res[0][FUZZ_RES_FOREIGN] = f->res[1][FUZZ_RES_OBSTACLES];
    f->res[1][FUZZ_RES_FOREIGN] = f->res[0][FUZZ_RES_OBSTACLES];
}

/* The resource a kind reads, or FUZZ_RES_COUNT when it reads none. */
static fuzz_resource fuzz_reads(steer_behaviour_kind kind)
{
    switch (kind) {
    case STEER_BEHAVIOUR_AVOID_OBSTACLES:
    case STEER_BEHAVIOUR_FOLLOW_WALL:
    case STEER_BEHAVIOUR_HIDE:
        return FUZZ_RES_OBSTACLES;
    case STEER_BEHAVIOUR_FOLLOW_FLOW_FIELD:
        return FUZZ_RES_FLOW_FIELD;
    case STEER_BEHAVIOUR_FOLLOW_PATH:
        return FUZZ_RES_PATH;
    default:
        return FUZZ_RES_COUNT;
    }
}

static steer_world_def fuzz_world_def(fuzz_input *in)
{
    steer_world_def def = steer_world_default();
    def.capacity = 1 + fuzz_below(in, FUZZ_MAX_CAPACITY);
    def.max_recipes = 1 + fuzz_below(in, FUZZ_MAX_RECIPES);
    def.seed = fuzz_u32(in);
    def.cell_size = fuzz_float(in);
    def.bounds.kind = (steer_bounds_kind)fuzz_below(in, 5);
    def.bounds.centre = fuzz_vec3(in);
    def.bounds.half_extents = fuzz_vec3(in);
    def.bounds.radius = fuzz_float(in);
    def.walkers = fuzz_bool(in);
    return def;
}

/* The obstacle, flow-field and path parameters of an item (kind byte >= 128 only). */
static void fuzz_resource_params(fuzz_input *in, steer_recipe_item *it)
{
    it->avoid.margin = fuzz_float(in);
    it->avoid.min_look = fuzz_float(in);
    it->avoid.look_time = fuzz_float(in);
    it->avoid.brake_weight = fuzz_float(in);
    it->avoid.step = fuzz_float(in);
    it->wall.distance = fuzz_float(in);
    it->wall.stiffness = fuzz_float(in);
    it->wall.damping = fuzz_float(in);
    it->wall.speed = fuzz_float(in);
    it->wall.side = fuzz_below(in, 5) - 2;
    it->hide.distance_behind = fuzz_float(in);
    it->hide.max_prediction = fuzz_float(in);
    it->predict_time = fuzz_float(in);
    it->time_to_target = fuzz_float(in);
    it->follow.predict_time = fuzz_float(in);
    it->follow.lead = fuzz_float(in);
    it->follow.window = fuzz_float(in);
    it->follow.arrive = fuzz_arrive(in);
}

/* Kinds and groups include values the world must refuse. pick[side] is the resource the
 * item names in each world (FUZZ_RES_COUNT: none). */
static steer_recipe_item fuzz_item(fuzz_input *in, fuzz_resource *pick)
{
    uint8_t kind = fuzz_u8(in);
    steer_recipe_item it = steer_recipe_item_make(
        (steer_behaviour_kind)(kind % (STEER_BEHAVIOUR_KIND_COUNT + 1)), fuzz_float(in));
    *pick = FUZZ_RES_COUNT;
    if (kind >= 128) {
        int r = fuzz_below(in, 8); /* 0-2: the one the kind reads (accepted if it reads one) */
        *pick = r >= 3 ? (fuzz_resource)(r - 3) : fuzz_reads(it.kind);
        if (*pick == FUZZ_RES_COUNT) *pick = FUZZ_RES_OBSTACLES;
        fuzz_resource_params(in, &it);
    }
    it.group = fuzz_below(in, STEER_RECIPE_MAX + 2) - 1;
    it.neighbourhood = fuzz_neighbourhood(in);
    it.arrive = fuzz_arrive(in);
    it.pursue.max_prediction = fuzz_float(in);
    it.wander.circle_distance = fuzz_float(in);
    it.wander.circle_radius = fuzz_float(in);
    it.wander.angle_change = fuzz_float(in);
    it.align.target_radius = fuzz_float(in);
    it.align.slow_radius = fuzz_float(in);
    it.align.time_to_target = fuzz_float(in);
    it.align.step = fuzz_float(in);
    it.queue.ahead = fuzz_neighbourhood(in);
    it.queue.keep = fuzz_float(in);
    it.queue.time_to_target = fuzz_float(in);
    it.leader.behind = fuzz_float(in);
    it.leader.clear_radius = fuzz_float(in);
    it.leader.arrive = fuzz_arrive(in);
    it.leader.evade.max_prediction = fuzz_float(in);
    it.approach.approach.min_step = fuzz_float(in);
    it.approach.approach.max_step = fuzz_float(in);
    it.approach.approach.step_factor = fuzz_float(in);
    it.approach.approach.aggro_distance = fuzz_float(in);
    it.approach.approach.max_fov = fuzz_float(in);
    it.approach.approach.fov_scale = fuzz_float(in);
    it.approach.ahead = fuzz_below(in, STEER_APPROACH_AHEAD_MAX + 4) - 2;
    it.approach.smooth = fuzz_bool(in);
    it.approach.reach_radius = fuzz_float(in);
    it.approach.lead = fuzz_float(in);
    it.approach.arrive = fuzz_arrive(in);
    return it;
}

/* The crowd filter's walls, set on both worlds (they keep the pointer: f holds them). */
static void fuzz_set_walls(fuzz_input *in, fuzz_world *f)
{
    int n = fuzz_below(in, FUZZ_MAX_WALLS + 1);
    for (int k = 0; k < n; k++) {
        f->walls[k].a = fuzz_vec3(in);
        f->walls[k].b = fuzz_vec3(in);
    }
    steer_world_status s0 = steer_world_set_walls(f->w[0], f->walls, n);
    steer_world_status s1 = steer_world_set_walls(f->w[1], f->walls, n);
    FUZZ_REQUIRE(s0 == STEER_WORLD_OK && s1 == STEER_WORLD_OK, "set_walls: %d, %d", (int)s0,
                 (int)s1);
}

static void fuzz_add_recipe(fuzz_input *in, fuzz_world *f)
{
    steer_recipe r = steer_recipe_default();
    uint8_t count = fuzz_u8(in);
    r.count = count % (STEER_RECIPE_MAX + 2);
    r.crowd = count >= 200;
    fuzz_resource pick[STEER_RECIPE_MAX];
    bool misnamed = false; /* an item reads a resource and names no live one of its kind */
    for (int i = 0; i < r.count && i < STEER_RECIPE_MAX; i++) {
        r.items[i] = fuzz_item(in, &pick[i]);
        fuzz_resource reads = fuzz_reads(r.items[i].kind);
        bool foreign = pick[i] == FUZZ_RES_FOREIGN &&
                       f->res[0][FUZZ_RES_FOREIGN].world == f->res[0][FUZZ_RES_OBSTACLES].world;
        misnamed = misnamed || (reads != FUZZ_RES_COUNT && pick[i] != reads &&
                                !(foreign && reads == FUZZ_RES_OBSTACLES));
    }
    r.priority_epsilon = fuzz_float(in);
    if (r.crowd) {
        r.orca = fuzz_orca(in);
        fuzz_set_walls(in, f);
    }
    int id[2];
    for (int side = 0; side < 2; side++) {
        for (int i = 0; i < r.count && i < STEER_RECIPE_MAX; i++)
            r.items[i].resource =
                pick[i] < FUZZ_RES_COUNT ? f->res[side][pick[i]] : steer_resource_none();
        id[side] = steer_world_add_recipe(f->w[side], &r);
    }
    int id0 = id[0], id1 = id[1];
    FUZZ_REQUIRE(id0 == id1, "recipe ids %d and %d", id0, id1);
    FUZZ_REQUIRE(!misnamed || id0 == -1, "%s", "recipe naming a wrong resource accepted");
    FUZZ_REQUIRE(id0 == -1 || id0 == f->recipes, "recipe id %d, expected %d", id0, f->recipes);
    if (id0 < 0) return;
    f->crowd[id0] = r.crowd;
    f->recipes++;
}

/* A handle the test was given (live or removed), or the none handle. */
static int fuzz_pick(fuzz_input *in, const fuzz_world *f)
{
    int k = fuzz_below(in, f->handles + 1);
    return k < f->handles ? k : -1;
}

static steer_handle fuzz_handle(const fuzz_world *f, int side, int k)
{
    return k >= 0 ? f->h[side][k] : steer_handle_none();
}

static void fuzz_same(steer_world_status a, steer_world_status b, const char *op)
{
    FUZZ_REQUIRE(a == b, "%s: %d in one world, %d in the other", op, (int)a, (int)b);
    FUZZ_REQUIRE(a != STEER_WORLD_BUSY, "%s: BUSY outside a step", op);
}

static void fuzz_op_add(fuzz_input *in, fuzz_world *f)
{
    steer_world_agent_def d = steer_world_agent_default();
    d.agent = fuzz_agent(in);
    d.recipe = fuzz_below(in, f->recipes + 2) - 1;
    d.layer = fuzz_u32(in);
    d.mask = fuzz_u32(in);
    d.target = fuzz_vec3(in);
    int t = fuzz_pick(in, f);
    steer_handle out[2];
    steer_world_status s[2];
    for (int side = 0; side < 2; side++) {
        d.target_agent = fuzz_handle(f, side, t);
        s[side] = steer_world_add(f->w[side], &d, &out[side]);
    }
    fuzz_same(s[0], s[1], "add");
    FUZZ_REQUIRE((s[0] == STEER_WORLD_FULL) ==
                     (f->live == f->capacity && s[0] != STEER_WORLD_INVALID),
                 "add: status %d with %d of %d agents", (int)s[0], f->live, f->capacity);
    if (s[0] != STEER_WORLD_OK) {
        FUZZ_REQUIRE(out[0].generation == 0 && out[1].generation == 0, "%s",
                     "failed add issued a handle");
        return;
    }
    FUZZ_REQUIRE(out[0].index == out[1].index && out[0].generation == out[1].generation, "%s",
                 "the worlds put the agent in different slots");
    f->live++;
    if (f->handles == FUZZ_MAX_HANDLES) return; /* the world keeps it; we stop tracking */
    f->h[0][f->handles] = out[0];
    f->h[1][f->handles] = out[1];
    f->alive[f->handles] = true;
    f->layer[f->handles] = d.layer;
    f->recipe[f->handles] = d.recipe;
    f->handles++;
}

static void fuzz_op_remove(fuzz_input *in, fuzz_world *f)
{
    int k = fuzz_pick(in, f);
    steer_world_status s0 = steer_world_remove(f->w[0], fuzz_handle(f, 0, k));
    steer_world_status s1 = steer_world_remove(f->w[1], fuzz_handle(f, 1, k));
    fuzz_same(s0, s1, "remove");
    bool alive = k >= 0 && f->alive[k];
    FUZZ_REQUIRE((s0 == STEER_WORLD_OK) == alive, "remove: status %d for a handle %s", (int)s0,
                 alive ? "alive" : "stale or none");
    if (alive) {
        f->alive[k] = false;
        f->live--;
    }
}

/* Every tracked agent: only the position may be non-finite (never NaN), an agent on a
 * crowd recipe stays in the filter's speed domain, and, after a step (`stepped`), no
 * agent is faster than its max_speed. */
static void fuzz_check_agents(const fuzz_world *f, bool stepped)
{
    for (int k = 0; k < f->handles; k++) {
        steer_agent a;
        steer_world_status s = steer_world_get_agent(f->w[0], f->h[0][k], &a);
        FUZZ_REQUIRE((s == STEER_WORLD_OK) == f->alive[k], "get_agent %d: status %d", k, (int)s);
        FUZZ_REQUIRE(steer_world_is_valid(f->w[1], f->h[1][k]) == f->alive[k], "is_valid %d", k);
        if (s != STEER_WORLD_OK) continue;
        /* Only the position may overflow (steer_world_step): snapshots rely on it. */
        FUZZ_REQUIRE(!isnan(a.position.x) && !isnan(a.position.y) && !isnan(a.position.z) &&
                         fuzz_vec3_is_finite(a.velocity) && isfinite(a.orientation) &&
                         isfinite(a.rotation),
                     "agent %d holds NaN or a non-finite velocity or angle", k);
        double speed =
            sqrt((double)a.velocity.x * a.velocity.x + (double)a.velocity.y * a.velocity.y +
                 (double)a.velocity.z * a.velocity.z);
        bool crowd = f->recipe[k] >= 0 && f->crowd[f->recipe[k]];
        FUZZ_REQUIRE(!crowd || speed <= STEER_CROWD_MAX_SPEED * sqrt(3.0) * (1.0 + 1e-5),
                     "crowd agent %d: speed %g outside the filter's domain", k, speed);
        double limit = a.max_speed > 0.0f ? (double)a.max_speed : 0.0;
        FUZZ_REQUIRE(!stepped || !isfinite(a.max_speed) || !steer_agent_state_is_finite(&a) ||
                         speed <= limit * (1.0 + 1e-5) + 1e-30,
                     "agent %d: speed %g over max_speed %g", k, speed, (double)a.max_speed);
    }
}

static void fuzz_op_step(fuzz_input *in, fuzz_world *f)
{
    float dt = fuzz_float(in);
    steer_world_status s0 = steer_world_step(f->w[0], dt);
    steer_world_status s1 = steer_world_step(f->w[1], dt);
    fuzz_same(s0, s1, "step");
    bool good = isfinite(dt) && dt > 0.0f;
    FUZZ_REQUIRE((s0 == STEER_WORLD_OK) == good, "step dt %g: status %d", (double)dt, (int)s0);
    if (good) fuzz_check_agents(f, true);
}

static double fuzz_distance(steer_vec3 a, steer_vec3 b)
{
    double dx = (double)a.x - b.x, dy = (double)a.y - b.y, dz = (double)a.z - b.z;
    return sqrt(dx * dx + dy * dy + dz * dz);
}

static int fuzz_find(const fuzz_world *f, steer_handle h)
{
    for (int k = 0; k < f->handles; k++)
        if (f->alive[k] && f->h[0][k].index == h.index && f->h[0][k].generation == h.generation)
            return k;
    return -1;
}

static void fuzz_op_query(fuzz_input *in, fuzz_world *f)
{
    steer_vec3 c = fuzz_vec3(in);
    float r = fuzz_float(in);
    uint32_t mask = fuzz_u32(in);
    int cap = fuzz_below(in, FUZZ_QUERY_MAX + 1);
    steer_handle out[FUZZ_QUERY_MAX], out1[FUZZ_QUERY_MAX];
    int n = steer_world_query(f->w[0], c, r, mask, out, cap);
    int n1 = steer_world_query(f->w[1], c, r, mask, out1, cap);
    FUZZ_REQUIRE(n == n1 && n >= 0 && n <= f->live, "query: %d and %d of %d live", n, n1, f->live);
    bool finite = fuzz_vec3_is_finite(c) && isfinite(r) && r >= 0.0f;
    FUZZ_REQUIRE(finite || n == 0, "query with bad input found %d", n);
    for (int i = 0; i < n && i < cap; i++) {
        steer_agent a;
        FUZZ_REQUIRE(steer_world_get_agent(f->w[0], out[i], &a) == STEER_WORLD_OK,
                     "result %d stale", i);
        FUZZ_REQUIRE(fuzz_distance(a.position, c) <= (double)r * (1.0 + 1e-5) + 1e-6,
                     "result %d at %g, radius %g", i, fuzz_distance(a.position, c), (double)r);
        int k = fuzz_find(f, out[i]);
        FUZZ_REQUIRE(k < 0 || (f->layer[k] & mask) != 0u, "result %d outside the mask", i);
    }
    if (!finite || n > cap) return;
    /* Every tracked agent clearly inside must be there. */
    for (int k = 0; k < f->handles; k++) {
        steer_agent a;
        if (!f->alive[k] || (f->layer[k] & mask) == 0u ||
            steer_world_get_agent(f->w[0], f->h[0][k], &a) != STEER_WORLD_OK ||
            !(fuzz_distance(a.position, c) < (double)r * (1.0 - 1e-5) - 1e-6))
            continue;
        bool found = false;
        for (int i = 0; i < n; i++) found = found || fuzz_find(f, out[i]) == k;
        FUZZ_REQUIRE(found, "agent %d at %g inside radius %g not found", k,
                     fuzz_distance(a.position, c), (double)r);
    }
}

static void fuzz_op_set(fuzz_input *in, fuzz_world *f, int what)
{
    int k = fuzz_pick(in, f);
    steer_agent a = fuzz_agent(in);
    steer_vec3 t = fuzz_vec3(in);
    int other = fuzz_pick(in, f);
    int recipe = fuzz_below(in, f->recipes + 2) - 1;
    uint32_t layer = fuzz_u32(in), mask = fuzz_u32(in);
    steer_world_status s[2];
    for (int side = 0; side < 2; side++) {
        steer_world *w = f->w[side];
        steer_handle h = fuzz_handle(f, side, k);
        if (what == 0) s[side] = steer_world_set_agent(w, h, &a);
        if (what == 1) s[side] = steer_world_set_target(w, h, t);
        if (what == 2) s[side] = steer_world_set_target_agent(w, h, fuzz_handle(f, side, other));
        if (what == 3) s[side] = steer_world_set_recipe(w, h, recipe);
        if (what == 4) s[side] = steer_world_set_layers(w, h, layer, mask);
    }
    fuzz_same(s[0], s[1], "set");
    bool alive = k >= 0 && f->alive[k];
    FUZZ_REQUIRE(alive || s[0] != STEER_WORLD_OK, "set %d accepted a stale handle", what);
    if (what == 4 && s[0] == STEER_WORLD_OK) f->layer[k] = layer;
    if (what == 3 && s[0] == STEER_WORLD_OK) f->recipe[k] = recipe;
}

static void fuzz_op_read(fuzz_input *in, const fuzz_world *f)
{
    int k = fuzz_pick(in, f);
    steer_steering st[2];
    steer_world_status s0 = steer_world_get_steering(f->w[0], fuzz_handle(f, 0, k), &st[0]);
    steer_world_status s1 = steer_world_get_steering(f->w[1], fuzz_handle(f, 1, k), &st[1]);
    fuzz_same(s0, s1, "get_steering");
    if (s0 == STEER_WORLD_OK)
        FUZZ_REQUIRE(memcmp(&st[0].linear, &st[1].linear, sizeof st[0].linear) == 0 &&
                         !fuzz_steering_has_nan(st[0]),
                     "steering of %d differs between the worlds or is NaN", k);
}

/* Snapshot w[0], restore a damaged copy (refused, nothing changes), then the intact one
 * (the hash is unchanged, and from here w[0] must keep stepping exactly like w[1]). */
static void fuzz_op_snapshot(fuzz_input *in, fuzz_world *f)
{
    size_t size = steer_world_snapshot_size(f->w[0]), written = 0;
    unsigned char *buf = malloc(size > 0 ? size : 1);
    if (buf == NULL) return;
    FUZZ_REQUIRE(steer_world_snapshot_write(f->w[0], buf, size, &written) == STEER_SNAPSHOT_OK &&
                     written == size,
                 "snapshot of %zu bytes wrote %zu", size, written);
    uint64_t before = steer_world_state_hash(f->w[0]);
    size_t cut = (size_t)fuzz_below(in, (int)size);
    unsigned char bit = (unsigned char)(1u << fuzz_below(in, 8));
    bool truncate = fuzz_bool(in);
    if (!truncate) buf[cut] ^= bit;
    steer_snapshot_status st = steer_world_restore(f->w[0], buf, truncate ? cut : size);
    FUZZ_REQUIRE(st != STEER_SNAPSHOT_OK && steer_world_state_hash(f->w[0]) == before,
                 "damaged snapshot (byte %zu): status %d", cut, (int)st);
    if (!truncate) buf[cut] ^= bit;
    st = steer_world_restore(f->w[0], buf, size);
    FUZZ_REQUIRE(st == STEER_SNAPSHOT_OK && steer_world_state_hash(f->w[0]) == before,
                 "restoring its own snapshot: status %d", (int)st);
    free(buf);
}

/* The world's own snapshot restores into it and changes nothing (after every op). */
static void fuzz_own_snapshot(steer_world *w, int op)
{
    size_t size = steer_world_snapshot_size(w), written = 0;
    unsigned char *buf = malloc(size > 0 ? size : 1);
    if (buf == NULL) return;
    uint64_t before = steer_world_state_hash(w);
    steer_snapshot_status st = steer_world_snapshot_write(w, buf, size, &written);
    FUZZ_REQUIRE(st == STEER_SNAPSHOT_OK && written == size, "op %d: snapshot status %d", op,
                 (int)st);
    st = steer_world_restore(w, buf, size);
    FUZZ_REQUIRE(st == STEER_SNAPSHOT_OK && steer_world_state_hash(w) == before,
                 "op %d: the world refused its own snapshot: status %d", op, (int)st);
    free(buf);
}

static void fuzz_op(fuzz_input *in, fuzz_world *f)
{
    int op = fuzz_below(in, 12);
    switch (op) {
    case 0:
    case 1:
        fuzz_op_add(in, f);
        break;
    case 2:
        fuzz_op_remove(in, f);
        break;
    case 3:
    case 4:
        fuzz_op_step(in, f);
        break;
    case 5:
        fuzz_op_query(in, f);
        break;
    case 6:
        fuzz_op_set(in, f, fuzz_below(in, 5));
        break;
    case 7:
        fuzz_op_read(in, f);
        break;
    case 8:
        fuzz_add_recipe(in, f);
        break;
    case 9:
        fuzz_op_snapshot(in, f);
        break;
    case 10:
        /* The first world only: an up-to-date index changes no answer and no result. */
        FUZZ_REQUIRE(steer_world_update_index(f->w[0]) == STEER_WORLD_OK &&
                         steer_world_stats_get(f->w[0]).index_current,
                     "update_index");
        break;
    default: {
        FUZZ_REQUIRE(steer_world_count(f->w[0]) == f->live && steer_world_count(f->w[1]) == f->live,
                     "count %d/%d, expected %d", steer_world_count(f->w[0]),
                     steer_world_count(f->w[1]), f->live);
        break;
    }
    }
    FUZZ_REQUIRE(steer_world_state_hash(f->w[0]) == steer_world_state_hash(f->w[1]),
                 "op %d: the worlds' states differ", op);
    fuzz_check_agents(f, false);
    fuzz_own_snapshot(f->w[0], op);
}

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size)
{
    fuzz_input in = fuzz_input_make(data, size);
    steer_world_def def = fuzz_world_def(&in);
    fuzz_world *f = calloc(1, sizeof *f);
    if (f == NULL) return 0;
    f->capacity = def.capacity;
    f->split.chunk = 1 + fuzz_below(&in, 8);
    f->w[0] = steer_world_create(&def);
    def.parallel_for = fuzz_split_for;
    def.parallel_user = &f->split;
    f->w[1] = steer_world_create(&def);
    FUZZ_REQUIRE(f->w[0] != NULL && f->w[1] != NULL, "create failed for capacity %d", def.capacity);
    /* A kind no world could save is refused at creation (no input consumed, so the
     * corpus keeps its meaning). */
    def.bounds.kind = (steer_bounds_kind)((int)def.bounds.kind + 5);
    FUZZ_REQUIRE(steer_world_create(&def) == NULL, "create accepted bounds kind %d",
                 (int)def.bounds.kind);
    fuzz_add_resources(f);
    int recipes = fuzz_below(&in, 3);
    for (int i = 0; i < recipes; i++) fuzz_add_recipe(&in, f);
    for (int op = 0; op < FUZZ_MAX_OPS && fuzz_input_left(&in); op++) fuzz_op(&in, f);
    steer_world_destroy(f->w[0]);
    steer_world_destroy(f->w[1]);
    free(f);
    return 0;
}
