/* SPDX-License-Identifier: MIT */
/* The world step's vector path (src/world_lanes.h) gives the scalar path's bits.
 *
 * Each case steps two worlds built the same way; the second runs the scalar path only
 * (STEER_WORLD_LANES_NONE), as the reference for the first. The agents include the cases
 * the vector path hands back to the scalar one (zero and vertical velocities, limits that
 * are zero, huge or tiny, coincident agents), so both the path and its fallback are
 * compared. Blocks of agents whose steering the vector path does not cover (a callback,
 * a recipe item it lacks, the crowd filter) still have their motion finished on it
 * (steer_world_stats.vector_moves), and are compared the same way. A last case draws
 * hundreds of small worlds whose limits, speeds and places are often extreme (subnormal,
 * squares that overflow, infinite). Under
 * -DSTEER_SCALAR=ON the first world takes the scalar path too, and the cases check only
 * that the fast path is off. */
#include "steer/steer.h"
#include "test.h"

#include <float.h>

/* Private (src/world_internal.h): which build of the vector path a world runs (-1: none,
 * 0: four lanes, 1: AVX2's eight, 2: AVX-512's sixteen), or the widest below it the
 * machine has; returns the one chosen. The cases run every build the machine has, so the
 * narrower ones are checked on wide machines too. */
int steer__world_use_lanes(steer_world *world, int build);

static steer_steering identity(void *user, const steer_world *world, steer_handle self,
                               const steer_agent *agent, steer_steering recipe_output)
{
    (void)user;
    (void)world;
    (void)self;
    (void)agent;
    return recipe_output;
}

static steer_recipe boids_recipe(bool wander, bool seek, bool crowd)
{
    steer_recipe r = steer_recipe_default();
    if (crowd) { /* seeking the origin through the crowd filter */
        r.crowd = true;
        r.items[r.count++] = steer_recipe_item_make(STEER_BEHAVIOUR_SEEK, 1.0f);
        return r;
    }
    steer_recipe_item sep = steer_recipe_item_make(STEER_BEHAVIOUR_SEPARATION, 12.0f);
    sep.neighbourhood.radius = 5.0f;
    sep.neighbourhood.cos_view = -0.707f;
    steer_recipe_item ali = steer_recipe_item_make(STEER_BEHAVIOUR_ALIGNMENT, 8.0f);
    ali.neighbourhood.radius = 7.5f;
    ali.neighbourhood.cos_view = 0.7f;
    steer_recipe_item coh = steer_recipe_item_make(STEER_BEHAVIOUR_COHESION, 8.0f);
    coh.neighbourhood.radius = 9.0f;
    coh.neighbourhood.cos_view = -0.15f;
    r.items[r.count++] = sep;
    r.items[r.count++] = ali;
    r.items[r.count++] = coh;
    if (wander) r.items[r.count++] = steer_recipe_item_make(STEER_BEHAVIOUR_WANDER, 1.0f);
    /* Leaving the target point is not covered by the vector path. */
    if (seek) r.items[r.count++] = steer_recipe_item_make(STEER_BEHAVIOUR_LEAVE, 0.5f);
    return r;
}

/* Agent k of a scene: mostly ordinary flyers, with an unusual one every few (`crowd`:
 * none faster than a crowd agent may be). */
static steer_world_agent_def scene_agent(steer_rng *r, int k, steer_space space, int recipe,
                                         bool crowd)
{
    steer_world_agent_def d = steer_world_agent_default();
    steer_agent *a = &d.agent;
    a->space = space;
    a->facing = STEER_FACING_VELOCITY;
    a->max_speed = 9.0f;
    a->max_accel = 27.0f;
    a->position = steer_space_project(space, steer_v3(steer_rng_range(r, -20.0f, 20.0f),
                                                      steer_rng_range(r, -20.0f, 20.0f),
                                                      steer_rng_range(r, -20.0f, 20.0f)));
    a->velocity = steer_space_project(space, steer_v3(steer_rng_range(r, -3.0f, 3.0f),
                                                      steer_rng_range(r, -3.0f, 3.0f),
                                                      steer_rng_range(r, -3.0f, 3.0f)));
    a->orientation = steer_rng_range(r, -3.0f, 3.0f);
    /* Planar agents live at some height on the up axis, which they keep. */
    float height = steer_rng_range(r, -5.0f, 5.0f);
    if (space == STEER_SPACE_XY) a->position.z = height;
    if (space == STEER_SPACE_XZ) a->position.y = height;
    d.recipe = recipe;
    if (k % 7 == 0) a->velocity = steer_v3_zero();              /* forward from heading */
    if (k % 11 == 0) a->velocity = steer_v3(0.0f, 1e-7f, 0.0f); /* no usable orientation */
    if (k % 13 == 0) a->max_speed = a->max_accel = FLT_MAX;     /* limits that square to inf */
    if (k % 17 == 0) a->max_accel = 0.0f;
    if (k % 19 == 0) a->max_speed = 0.0f;
    if (k % 23 == 0) a->max_accel = 1e-37f; /* a truncation ratio below FLT_MIN */
    if (k % 37 == 0) a->max_accel = 5e-39f; /* subnormal limits: zero, as steer_truncate */
    if (k % 41 == 0) a->max_speed = 5e-39f;
    if (k % 43 == 0) { /* heading -pi, which steer_atan2 gives as +pi (kept: no accel) */
        a->velocity = space == STEER_SPACE_XY ? steer_v3(-1.0f, -1e-30f, 0.0f)
                                              : steer_v3(-1e-30f, 0.0f, -1.0f);
        a->max_accel = 0.0f;
    }
    if (k % 29 == 0) {
        a->model = STEER_MODEL_REYNOLDS;
        a->mass = (float)(k % 3) - 1.0f; /* -1, 0 or 1: the non-positive ones read as 1 */
        a->max_force = 2.0f;
    }
    if (k % 47 == 0) { /* force / mass overflows: the scalar integrator's rule */
        a->model = STEER_MODEL_REYNOLDS;
        a->mass = k % 2 == 0 ? 1e-40f : 1e-37f;
        a->max_force = 100.0f;
    }
    if (k % 53 == 0 && !crowd) { /* a squared speed and limit that both overflow */
        a->max_speed = 1e20f;
        a->velocity = steer_space_project(space, steer_v3(1e20f, -1e20f, 1e20f));
    }
    if (k % 31 == 0) a->facing = STEER_FACING_STEERED; /* not covered: scalar */
    return d;
}

typedef struct scene {
    steer_space space;
    steer_bounds bounds;
    bool wander;
    bool seek;
    int agents;
    int steps;
    bool crowd;
    const steer_recipe *recipe; /* instead of the flock's, with targets (scene_targets) */
    float floor_clearance;      /* steer_world_def.floor_clearance: 0 for none */
} scene;

/* Targets for the agents of a world: points mostly a few to tens of units off, some on
 * the agent itself, some far beyond the float range's comfort, and a target agent for
 * some (followed to its position, which moves; one of them removed later). */
static void scene_targets(steer_world *w, int agents)
{
    steer_rng r = steer_rng_make(5u, 11u);
    for (int k = 0; k < agents; k++) {
        steer_handle h = steer_world_handle_at(w, k);
        steer_agent a;
        CHECK(steer_world_get_agent(w, h, &a) == STEER_WORLD_OK);
        steer_vec3 t =
            steer_v3(steer_rng_range(&r, -30.0f, 30.0f), steer_rng_range(&r, -30.0f, 30.0f),
                     steer_rng_range(&r, -30.0f, 30.0f));
        if (k % 5 == 0) t = a.position; /* on the goal: arrive stops, flee runs forward */
        if (k % 5 == 1) t = steer_add(a.position, steer_v3(0.3f, -0.2f, 0.1f)); /* close */
        if (k % 61 == 0) t = steer_v3(3e38f, -3e38f, 1e38f);
        CHECK(steer_world_set_target(w, h, t) == STEER_WORLD_OK);
        if (k % 3 == 1)
            CHECK(steer_world_set_target_agent(w, h, steer_world_handle_at(w, (k * 7) % agents)) ==
                  STEER_WORLD_OK);
    }
}

static steer_world *scene_world(const scene *s, bool reference)
{
    steer_world_def def = steer_world_default();
    def.capacity = s->agents;
    def.seed = 7u;
    def.bounds = s->bounds;
    def.floor_clearance = s->floor_clearance;
    steer_world *w = steer_world_create(&def);
    if (w == NULL) return NULL;
    steer_recipe r = s->recipe != NULL ? *s->recipe : boids_recipe(s->wander, s->seek, s->crowd);
    int recipe = steer_world_add_recipe(w, &r);
    steer_rng rng = steer_rng_make(99u, 3u);
    steer_vec3 last = steer_v3_zero();
    for (int k = 0; k < s->agents; k++) {
        steer_world_agent_def d = scene_agent(&rng, k, s->space, recipe, s->crowd);
        if (k % 37 == 0) d.agent.position = last; /* coincident with the one before */
        last = d.agent.position;
        /* A callback for some: their blocks work out the steering on the scalar path. */
        if (k % 41 == 0) d.callback = identity;
        if (steer_world_add(w, &d, NULL) != STEER_WORLD_OK) {
            steer_world_destroy(w);
            return NULL;
        }
    }
    if (s->recipe != NULL) scene_targets(w, s->agents);
    if (reference) steer__world_use_lanes(w, -1);
    return w;
}

/* Every agent and its steering equal, bit for bit, in the worlds' common order. */
static bool same_agents(const steer_world *a, const steer_world *b, int n)
{
    for (int i = 0; i < n; i++) {
        steer_agent x, y;
        steer_steering sx, sy;
        if (steer_world_read(a, i, 1, &x, NULL, &sx) != 1) return false;
        if (steer_world_read(b, i, 1, &y, NULL, &sy) != 1) return false;
        if (memcmp(&x.position, &y.position, sizeof x.position) != 0 ||
            memcmp(&x.velocity, &y.velocity, sizeof x.velocity) != 0 ||
            memcmp(&x.orientation, &y.orientation, sizeof x.orientation) != 0 ||
            memcmp(&x.rotation, &y.rotation, sizeof x.rotation) != 0 ||
            memcmp(&sx.linear, &sy.linear, sizeof sx.linear) != 0 ||
            memcmp(&sx.angular, &sy.angular, sizeof sx.angular) != 0)
            return false;
    }
    return true;
}

/* One step of both worlds; whether both stepped and then hold the same bits. */
static bool step_alike(steer_world *fast, steer_world *ref, int agents)
{
    bool fast_ok = steer_world_step(fast, 1.0f / 60.0f) == STEER_WORLD_OK;
    bool ref_ok = steer_world_step(ref, 1.0f / 60.0f) == STEER_WORLD_OK;
    return fast_ok && ref_ok && steer_world_state_hash(fast) == steer_world_state_hash(ref) &&
           same_agents(fast, ref, agents);
}

/* The smallest share of agents per step on each part of the vector path. */
typedef struct shares {
    double whole; /* steering and motion (vector_agents) */
    double moves; /* motion only (vector_moves) */
} shares;

/* Steps both worlds, the first with the given build of the vector path (or the widest
 * below it the machine has); returns the build used and the smallest shares. */
static void run_scene(const scene *s, int build, int *used, shares *least)
{
    steer_world *fast = scene_world(s, false), *ref = scene_world(s, true);
    CHECK(fast != NULL && ref != NULL);
    *used = steer__world_use_lanes(fast, build);
    *least = (shares){1.0, 1.0};
    for (int t = 0; t < s->steps; t++) {
        CHECK_MSG(step_alike(fast, ref, steer_world_count(ref)), "build %d differs at step %d",
                  *used, t);
        /* A target agent leaves: its followers fall back on their target points. */
        if (s->recipe != NULL && t == s->steps / 2)
            for (int k = 0; k < 2; k++)
                CHECK(steer_world_remove(k == 0 ? fast : ref,
                                         steer_world_handle_at(k == 0 ? fast : ref, 28)) ==
                      STEER_WORLD_OK);
        steer_world_stats rs = steer_world_stats_get(ref), fs = steer_world_stats_get(fast);
        CHECK(rs.vector_agents == 0 && rs.vector_moves == 0);
        double whole = (double)fs.vector_agents / s->agents;
        double moves = (double)fs.vector_moves / s->agents;
        if (whole < least->whole) least->whole = whole;
        if (moves < least->moves) least->moves = moves;
    }
    steer_world_destroy(fast);
    steer_world_destroy(ref);
}

#if (defined(__GNUC__) || defined(__clang__)) && !defined(STEER_NO_VECTOR)
#define LANES_EXPECTED 1
#else
#define LANES_EXPECTED 0
#endif

/* Whether this machine runs the instruction set of a wider build of the vector path: the
 * library built with GCC or Clang for x86-64 (not the portable build) must then have that
 * build, so a lost AVX2 or AVX-512 build fails here rather than going untested. */
static bool machine_runs(int build)
{
#if LANES_EXPECTED && defined(__x86_64__)
    __builtin_cpu_init();
    if (build == 1) return __builtin_cpu_supports("avx2");
    if (build == 2) return __builtin_cpu_supports("avx512f");
#endif
    (void)build;
    return false;
}

/* A scene the vector path covers: the same bits as the scalar path with each build the
 * machine has, and over a quarter of the agents take the vector path every step (for their motion
 * only, when `moves_only`), so it is not dormant (none in a scalar build). Over a tenth with
 * targets: one agent in seven has limits under which a seeker's wanted velocity overflows
 * or its limited steering underflows, and hands its block to the scalar path (about a
 * quarter of the agents remain on the vector path with eight lanes). */
static void run_checked(const scene *s, bool moves_only)
{
    for (int build = 0; build < 3; build++) {
        shares least = {0.0, 0.0};
        int used = build;
        run_scene(s, build, &used, &least);
        double on = moves_only ? least.moves : least.whole;
        if (LANES_EXPECTED)
            CHECK(on > (s->recipe != NULL ? 0.1 : 0.25));
        else
            CHECK(on == 0.0 && least.moves == 0.0);
        if (moves_only) CHECK(least.whole == 0.0);
        if (used < build) { /* no wider build: the machine must lack the instruction set */
            CHECK_MSG(!machine_runs(build), "this machine runs build %d, the library lacks it",
                      build);
            break;
        }
    }
}

static void run_covered(const scene *s)
{
    run_checked(s, false);
}

static void test_boids_sphere(void)
{
    scene s = {STEER_SPACE_3D, steer_bounds_none(), true, false, 600, 240, false, NULL, 0.0f};
    s.bounds.kind = STEER_BOUNDS_WRAP_SPHERE;
    s.bounds.radius = 25.0f;
    run_covered(&s);
}

static void test_flock_unbounded_3d(void)
{
    scene s = {STEER_SPACE_3D, steer_bounds_none(), false, false, 400, 200, false, NULL, 0.0f};
    run_covered(&s);
}

/* XY and XZ worlds: their projections, orientation axes and, with `wander`, steer_wander
 * in the plane with its angle wrapping. */
static void run_planar(bool wander)
{
    const steer_space spaces[2] = {STEER_SPACE_XY, STEER_SPACE_XZ};
    for (int k = 0; k < 2; k++) {
        scene s = {spaces[k], steer_bounds_none(), wander, false, 400, 200, false, NULL, 0.0f};
        run_covered(&s);
    }
}

static void test_flock_planar(void)
{
    run_planar(false);
}

static void test_planar_boids(void)
{
    run_planar(true);
}

/* Floors: the neighbour search leaves out agents more than the clearance above or below
 * (on 3D and ground-plane flocks, whose heights spread over several floors), in every
 * build of the search, including the AVX-512 one's pass over a plane of three rows. */
static void test_floors(void)
{
    const steer_space spaces[2] = {STEER_SPACE_3D, STEER_SPACE_XZ};
    for (int k = 0; k < 2; k++) {
        scene s = {spaces[k], steer_bounds_none(), true, false, 400, 120, false, NULL, 2.0f};
        run_covered(&s);
    }
}

static void test_box_bounds(void)
{
    /* The three box kinds, in 3D and on the ground plane; the box is smaller than the
     * start so every kind acts from the first step. */
    const steer_bounds_kind kinds[3] = {STEER_BOUNDS_WRAP_BOX, STEER_BOUNDS_CLAMP_BOX,
                                        STEER_BOUNDS_RESPAWN};
    for (int k = 0; k < 3; k++) {
        for (int planar = 0; planar < 2; planar++) {
            scene s = {planar ? STEER_SPACE_XZ : STEER_SPACE_3D,
                       steer_bounds_none(),
                       true,
                       false,
                       300,
                       120,
                       false,
                       NULL,
                       0.0f};
            s.bounds.kind = kinds[k];
            s.bounds.centre = steer_v3(1.0f, -2.0f, 0.5f);
            s.bounds.half_extents = steer_v3(15.0f, planar ? 0.0f : 12.0f, 18.0f);
            run_covered(&s);
        }
    }
}

static void test_uncovered_recipe_moves(void)
{
    /* A recipe whose steering the path does not cover: worked out on the scalar path,
     * the motion finished on the vector path, with the same results. */
    scene s = {STEER_SPACE_3D, steer_bounds_none(), true, true, 200, 60, false, NULL, 0.0f};
    run_checked(&s, true);
}

static void test_crowd_moves(void)
{
    /* The crowd filter sets each agent's velocity on the scalar path; the motion of its
     * blocks is then finished on the vector path, with the same results. The AVX2 and
     * AVX-512 worlds also run the filter's own AVX2 build (crowd_avx2.c), checked here
     * against the baseline build the reference runs. */
    scene s = {STEER_SPACE_XY, steer_bounds_none(), false, false, 300, 120, true, NULL, 0.0f};
    s.bounds.kind = STEER_BOUNDS_WRAP_BOX;
    s.bounds.half_extents = steer_v3(18.0f, 18.0f, 0.0f);
    run_checked(&s, true);
}

/* Seek, flee and arrive (both kinds, with the step and times varied), pursue and evade
 * (a third of the agents have a target agent), alone and blended with wander, in 3D
 * and in both planes: the same bits as the scalar path, the approaches, the braking and
 * the stops on the goal included. */
static void test_targets(void)
{
    const steer_space spaces[3] = {STEER_SPACE_3D, STEER_SPACE_XY, STEER_SPACE_XZ};
    for (int v = 0; v < 9; v++) {
        steer_recipe r = steer_recipe_default();
        steer_behaviour_kind kind = v == 0   ? STEER_BEHAVIOUR_SEEK
                                    : v == 1 ? STEER_BEHAVIOUR_FLEE
                                    : v == 6 ? STEER_BEHAVIOUR_PURSUE
                                    : v >= 7 ? STEER_BEHAVIOUR_EVADE
                                             : STEER_BEHAVIOUR_ARRIVE;
        steer_recipe_item it = steer_recipe_item_make(kind, 1.0f);
        if (v == 3) it.arrive.cookbook = true;
        if (v == 4) { /* its own step and lag, a wide target radius, no slowing radius */
            it.arrive.step = 0.05f;
            it.arrive.time_to_target = 0.5f;
            it.arrive.target_radius = 2.0f;
            it.arrive.slow_radius = 0.0f;
        }
        if (v == 8) { /* a short look ahead, its own lag */
            it.pursue.max_prediction = 0.2f;
            it.pursue.time_to_target = 0.3f;
        }
        r.items[r.count++] = it;
        if (v == 5) r.items[r.count++] = steer_recipe_item_make(STEER_BEHAVIOUR_WANDER, 0.3f);
        scene s = {spaces[v % 3], steer_bounds_none(), false, false, 300, 150, false, &r, 0.0f};
        run_covered(&s);
    }
}

/* ---- extreme numbers ---------------------------------------------------------------------- */
/* Magnitudes where float arithmetic changes character: zero, subnormal, near FLT_MIN,
 * ordinary, where a square overflows (above about 1.8e19), FLT_MAX and infinity. */
static const float extreme[] = {0.0f,  1e-40f, 1e-37f, 1e-20f, 1.0f,    1e18f,
                                1e19f, 2e19f,  1e20f,  1e30f,  FLT_MAX, INFINITY};
enum { EXTREMES = sizeof extreme / sizeof extreme[0] };

/* An ordinary number in [lo, hi) three times in four, else an extreme one of either sign
 * (a non-negative one when `positive`). */
static float draw(steer_rng *r, float lo, float hi, bool positive)
{
    if (steer_rng_below(r, 4) != 0u) return steer_rng_range(r, lo, hi);
    float x = extreme[steer_rng_below(r, EXTREMES)];
    return positive || steer_rng_below(r, 2) == 0u ? x : -x;
}

/* Drawn worlds of wanderers and flocks whose agents' limits, speeds and places are often
 * extreme: each build of the vector path gives the scalar path's bits at every step
 * (the lanes it cannot reproduce are handed back to the scalar path). */
static void test_extreme_numbers(void)
{
    enum { WORLDS = 600, STEPS = 8 };
    const steer_space spaces[3] = {STEER_SPACE_3D, STEER_SPACE_XY, STEER_SPACE_XZ};
    long vector_agents = 0;
    for (int n = 0; n < WORLDS; n++) {
        steer_rng r = steer_rng_make((uint64_t)n, 5u);
        steer_space space = spaces[n % 3];
        int agents = 16 + (int)steer_rng_below(&r, 49);
        steer_recipe rc = boids_recipe(n % 2 == 0, false, false);
        if (n % 4 == 1) { /* wander alone */
            rc = steer_recipe_default();
            rc.items[rc.count++] = steer_recipe_item_make(STEER_BEHAVIOUR_WANDER, 1.0f);
        }
        if (n % 4 == 3) { /* a target: arrive (the cookbook's one time in two), seek or flee */
            rc = steer_recipe_default();
            steer_behaviour_kind kinds[6] = {STEER_BEHAVIOUR_ARRIVE, STEER_BEHAVIOUR_SEEK,
                                             STEER_BEHAVIOUR_ARRIVE, STEER_BEHAVIOUR_FLEE,
                                             STEER_BEHAVIOUR_PURSUE, STEER_BEHAVIOUR_EVADE};
            rc.items[rc.count] = steer_recipe_item_make(kinds[(n / 4) % 6], 1.0f);
            rc.items[rc.count++].arrive.cookbook = (n / 8) % 2 == 1;
        }
        steer_world *w[2];
        for (int k = 0; k < 2; k++) {
            steer_world_def def = steer_world_default();
            def.capacity = agents;
            def.seed = (uint64_t)n;
            w[k] = steer_world_create(&def);
            CHECK(w[k] != NULL && steer_world_add_recipe(w[k], &rc) == 0);
        }
        for (int a = 0; a < agents; a++) {
            steer_world_agent_def d = steer_world_agent_default();
            d.agent.space = space;
            d.agent.facing = STEER_FACING_VELOCITY;
            d.recipe = 0;
            d.agent.max_speed = draw(&r, 1.0f, 10.0f, true);
            d.agent.max_accel = draw(&r, 1.0f, 30.0f, true);
            d.agent.position = steer_space_project(space, steer_v3(draw(&r, -20.0f, 20.0f, false),
                                                                   draw(&r, -20.0f, 20.0f, false),
                                                                   draw(&r, -20.0f, 20.0f, false)));
            d.agent.velocity = steer_space_project(space, steer_v3(draw(&r, -3.0f, 3.0f, false),
                                                                   draw(&r, -3.0f, 3.0f, false),
                                                                   draw(&r, -3.0f, 3.0f, false)));
            d.target = steer_v3(draw(&r, -20.0f, 20.0f, false), draw(&r, -20.0f, 20.0f, false),
                                draw(&r, -20.0f, 20.0f, false));
            /* A world refuses a state or target that is not finite: such an agent is left
             * out. */
            for (int k = 0; k < 2; k++) steer_world_add(w[k], &d, NULL);
        }
        for (int k = 0; k < 2; k++) { /* every other agent pursues or evades the next */
            int count = steer_world_count(w[k]);
            for (int a = 0; a + 1 < count; a += 2)
                CHECK(steer_world_set_target_agent(w[k], steer_world_handle_at(w[k], a),
                                                   steer_world_handle_at(w[k], a + 1)) ==
                      STEER_WORLD_OK);
        }
        int build = n % 3;
        steer__world_use_lanes(w[0], build);
        steer__world_use_lanes(w[1], -1);
        int live = steer_world_count(w[1]);
        CHECK(steer_world_count(w[0]) == live);
        for (int t = 0; t < STEPS; t++) {
            CHECK_MSG(step_alike(w[0], w[1], live),
                      "world %d (build %d) differs from the scalar path at step %d", n, build, t);
            vector_agents += steer_world_stats_get(w[0]).vector_agents;
        }
        for (int k = 0; k < 2; k++) steer_world_destroy(w[k]);
    }
    if (LANES_EXPECTED) CHECK(vector_agents > 0); /* the vector path was not dormant */
}

int main(int argc, char **argv)
{
    static const test_case cases[] = {
        {"boids_sphere", test_boids_sphere},
        {"flock_unbounded_3d", test_flock_unbounded_3d},
        {"flock_planar", test_flock_planar},
        {"planar_boids", test_planar_boids},
        {"floors", test_floors},
        {"box_bounds", test_box_bounds},
        {"uncovered_recipe_moves", test_uncovered_recipe_moves},
        {"crowd_moves", test_crowd_moves},
        {"targets", test_targets},
        {"extreme_numbers", test_extreme_numbers},
    };
    return test_run(cases, (int)(sizeof cases / sizeof cases[0]), argc, argv);
}
