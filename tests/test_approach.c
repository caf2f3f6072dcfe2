/* SPDX-License-Identifier: MIT */
/* The random-approach walker: its worked example from (10,0,10), the properties over
 * 10,000 random walks, the leg bound, the walker behaviour and bad input. */
#include "steer/steer.h"
#include "test.h"

#include <float.h>

static const steer_space spaces[3] = {STEER_SPACE_XY, STEER_SPACE_XZ, STEER_SPACE_3D};

/* The worked example's walk from (10,0,10) to the origin. The draws were solved for: for
 * each leg the deviation fraction that brings the waypoint nearest the example's rounded
 * one, from the previous computed waypoint (the leg length is fixed by the distance, so
 * the error left is the rounding of the example's numbers: 0.0097, 0.0037, 0.0028,
 * 0.0046). The sides alternate left, right, left, right (side draw < 0.5 is left). */
static void worked_example_from_10_0_10(void)
{
    const float dev_draw[4] = {0.816f, 0.352f, 0.588f, 0.825f};
    const float side_draw[4] = {0.25f, 0.75f, 0.25f, 0.75f};
    const steer_vec3 expect[4] = {
        {3.73f, 0.0f, 6.71f}, {2.11f, 0.0f, 3.23f}, {0.96f, 0.0f, 1.68f}, {0.50f, 0.0f, 0.79f}};
    const float steps[5] = {7.07f, 3.84f, 1.93f, 1.00f, 0.94f};
    steer_vec3 w = steer_v3(10.0f, 0.0f, 10.0f), target = steer_v3_zero();
    for (int k = 0; k < 4; k++) {
        steer_approach_leg leg =
            steer_approach_next_drawn(STEER_SPACE_XZ, w, target, NULL, dev_draw[k], side_draw[k]);
        CHECK_MSG(!leg.reaches_target, "leg %d", k);
        CHECK_MSG(steer_distance(leg.waypoint, expect[k]) <= 0.01f, "leg %d: (%g, %g, %g)", k,
                  (double)leg.waypoint.x, (double)leg.waypoint.y, (double)leg.waypoint.z);
        CHECK_NEAR(leg.step, steps[k], 0.005);
        CHECK_NEAR(steer_distance(w, leg.waypoint), leg.step, 1e-4);
        w = leg.waypoint;
    }
    /* Half of the last 0.94 is under the minimum step of 1: straight to the target. */
    steer_approach_leg last =
        steer_approach_next_drawn(STEER_SPACE_XZ, w, target, NULL, 0.5f, 0.5f);
    CHECK(last.reaches_target);
    CHECK(last.waypoint.x == 0.0f && last.waypoint.y == 0.0f && last.waypoint.z == 0.0f);
    CHECK_NEAR(last.step, steps[4], 0.005);
}

/* The example's first leg by hand: d = 14.142, step 7.071, limit (pi/2 * 14.142/30) * 0.5. */
static void first_leg_numbers_by_hand(void)
{
    steer_approach_leg leg = steer_approach_next_drawn(STEER_SPACE_XZ, steer_v3(10.0f, 0.0f, 10.0f),
                                                       steer_v3_zero(), NULL, 1.0f, 0.0f);
    CHECK_NEAR(leg.distance, 14.1421356, 1e-4);
    CHECK_NEAR(leg.step, 7.0710678, 1e-4);
    CHECK_NEAR(leg.max_deviation, 1.5707963 * (14.1421356 / 30.0) * 0.5, 1e-5);
    CHECK_NEAR(leg.deviation, leg.max_deviation, 1e-7);
    /* Beyond the aggro distance the limit is 45 degrees and the step is 10. */
    leg = steer_approach_next_drawn(STEER_SPACE_XZ, steer_v3(100.0f, 0.0f, 0.0f), steer_v3_zero(),
                                    NULL, 1.0f, 1.0f);
    CHECK_NEAR(leg.max_deviation, 0.7853982, 1e-6);
    CHECK_NEAR(leg.deviation, -0.7853982, 1e-6);
    CHECK_NEAR(leg.step, 10.0, 1e-6);
}

/* "Left" is the direction the agent's orientation grows, in every space. */
static void left_turns_like_orientation(void)
{
    for (int k = 0; k < 3; k++) {
        steer_space sp = spaces[k];
        steer_vec3 fwd = steer_space_heading(sp, 0.3f);
        steer_vec3 target = steer_scale(fwd, 40.0f);
        steer_approach_leg leg =
            steer_approach_next_drawn(sp, steer_v3_zero(), target, NULL, 1.0f, 0.0f);
        float o = steer_space_orientation(sp, leg.waypoint, 0.0f);
        CHECK_NEAR(o, 0.3 + 0.7853982, 1e-5);
        leg = steer_approach_next_drawn(sp, steer_v3_zero(), target, NULL, 1.0f, 0.9f);
        CHECK_NEAR(steer_space_orientation(sp, leg.waypoint, 0.0f), 0.3 - 0.7853982, 1e-5);
    }
}

/* Angle between the planar parts of a and b. */
static float planar_angle(steer_space sp, steer_vec3 a, steer_vec3 b)
{
    steer_vec3 up = steer_space_up(sp);
    a = steer_sub(a, steer_scale(up, steer_dot(a, up)));
    b = steer_sub(b, steer_scale(up, steer_dot(b, up)));
    float oa = steer_space_orientation(sp, a, 0.0f), ob = steer_space_orientation(sp, b, 0.0f);
    float d = steer_wrap_angle(oa - ob);
    return d < 0.0f ? -d : d;
}

static float walk_distance(steer_space sp, steer_vec3 a, steer_vec3 b)
{
    return steer_length(steer_space_project(sp, steer_sub(b, a)));
}

static float random_coord(steer_rng *rng, float range)
{
    return steer_rng_range(rng, -range, range);
}

/* One random walk; checks every leg. Returns the legs taken, or -1 after a failure. */
static int check_one_walk(int i, steer_rng *setup)
{
    steer_space sp = spaces[i % 3];
    float range = (i % 10 == 0) ? 500.0f : 60.0f;
    steer_vec3 w = steer_v3(random_coord(setup, range), random_coord(setup, range),
                            random_coord(setup, range));
    steer_vec3 t = steer_v3(random_coord(setup, range), random_coord(setup, range),
                            random_coord(setup, range));
    if (sp == STEER_SPACE_XY) w.z = t.z = 0.0f;
    if (sp == STEER_SPACE_XZ) w.y = t.y = 0.0f;
    steer_rng rng = steer_rng_make((uint64_t)i * 7919u + 1u, (uint64_t)i);
    int bound = steer_approach_max_legs(walk_distance(sp, w, t), NULL);
    for (int legs = 1; legs <= bound; legs++) {
        float d = walk_distance(sp, w, t);
        steer_approach_leg leg = steer_approach_next(sp, w, t, NULL, &rng);
        steer_vec3 offset = steer_sub(leg.waypoint, w);
        if (leg.reaches_target) {
            bool ok =
                leg.waypoint.x == t.x && leg.waypoint.y == t.y && leg.waypoint.z == t.z && d < 1.0f;
            return ok ? legs : -1;
        }
        float step = steer_clampf(d * 0.5f, 1.0f, 10.0f);
        float limit = 1.5707963f * (d < 30.0f ? d / 30.0f : 1.0f) * 0.5f;
        float angle = planar_angle(sp, offset, steer_sub(t, w));
        float next_d = walk_distance(sp, leg.waypoint, t);
        if (fabsf(steer_length(offset) - step) > 1e-4f * (1.0f + step)) return -1;
        if (fabsf(leg.max_deviation - limit) > 1e-5f || angle > limit + 1e-4f) return -1;
        if (next_d > d) return -1;
        w = leg.waypoint;
    }
    return -1; /* not reached within the bound */
}

static void ten_thousand_random_walks(void)
{
    steer_rng setup = steer_rng_make(2024u, 4u);
    int total_legs = 0;
    for (int i = 0; i < 10000; i++) {
        int legs = check_one_walk(i, &setup);
        CHECK_MSG(legs > 0, "walk %d failed a property", i);
        total_legs += legs;
    }
    CHECK(total_legs > 10000); /* the walks really took several legs */
}

/* The worst case (full deviation on every leg) reaches the bound's neighbourhood: the
 * bound is tight, not just large. */
static void leg_bound_values_and_tightness(void)
{
    CHECK(steer_approach_max_legs(14.1421356f, NULL) == 6);
    CHECK(steer_approach_max_legs(30.0f, NULL) == 8);
    CHECK(steer_approach_max_legs(0.0f, NULL) == 1);
    CHECK(steer_approach_max_legs(0.5f, NULL) == 1);
    /* Beyond 30 units every worst-case leg gains at least 30 - worst(30), the bound's
     * closed form (1e-4 is the bound's rounding slack). */
    double gain = 30.0 - sqrt(1000.0 - 600.0 * cos(0.78539816)) * (1.0 + 1e-4);
    int last = 0;
    for (float d = 0.0f; d < 2000.0f; d += 0.37f) {
        int b = steer_approach_max_legs(d, NULL);
        CHECK_MSG(b >= last, "bound decreases at %g", (double)d);
        if (d > 30.0f)
            CHECK_MSG(b == 9 + (int)floor((d - 30.0) / gain), "closed form at %g", (double)d);
        last = b;
    }
    for (float d = 1.0f; d < 300.0f; d += 1.7f) {
        steer_vec3 w = steer_v3(d, 0.0f, 0.0f);
        int legs = 0;
        for (bool done = false; !done && legs < 1000; legs++) {
            steer_approach_leg leg =
                steer_approach_next_drawn(STEER_SPACE_XZ, w, steer_v3_zero(), NULL, 1.0f, 0.0f);
            done = leg.reaches_target;
            w = leg.waypoint;
        }
        int bound = steer_approach_max_legs(d, NULL);
        CHECK_MSG(legs <= bound && legs >= bound - 1 - bound / 5,
                  "distance %g: worst walk %d legs, bound %d", (double)d, legs, bound);
    }
}

static void rng_entry_point_draws_two_per_leg(void)
{
    steer_rng a = steer_rng_make(77u, 1u), b = a;
    steer_vec3 w = steer_v3(-40.0f, 3.0f, 25.0f);
    for (int k = 0; k < 30; k++) {
        float u = steer_rng_float(&b), side = steer_rng_float(&b);
        steer_approach_leg x = steer_approach_next(STEER_SPACE_3D, w, steer_v3_zero(), NULL, &a);
        steer_approach_leg y =
            steer_approach_next_drawn(STEER_SPACE_3D, w, steer_v3_zero(), NULL, u, side);
        CHECK(x.waypoint.x == y.waypoint.x && x.waypoint.y == y.waypoint.y &&
              x.waypoint.z == y.waypoint.z);
        w = x.waypoint; /* keeps drawing two per leg after the target is reached too */
    }
    CHECK(a.state == b.state);
}

static void every_constant_is_a_parameter(void)
{
    steer_approach_params p = steer_approach_default();
    p.min_step = 2.0f;
    p.max_step = 3.0f;
    p.step_factor = 0.25f;
    p.aggro_distance = 10.0f;
    p.max_fov = 1.0f;
    p.fov_scale = 0.2f;
    steer_approach_leg leg = steer_approach_next_drawn(
        STEER_SPACE_XY, steer_v3_zero(), steer_v3(100.0f, 0.0f, 0.0f), &p, 1.0f, 0.0f);
    CHECK_NEAR(leg.step, 3.0, 1e-6);
    CHECK_NEAR(leg.max_deviation, 0.2, 1e-6);
    leg = steer_approach_next_drawn(STEER_SPACE_XY, steer_v3_zero(), steer_v3(5.0f, 0.0f, 0.0f), &p,
                                    1.0f, 0.0f);
    CHECK_NEAR(leg.step, 2.0, 1e-6); /* 5 * 0.25 clamped up to 2 */
    CHECK_NEAR(leg.max_deviation, 1.0 * 0.5 * 0.2, 1e-6);
    leg = steer_approach_next_drawn(STEER_SPACE_XY, steer_v3_zero(), steer_v3(1.9f, 0.0f, 0.0f), &p,
                                    1.0f, 0.0f);
    CHECK(leg.reaches_target);
}

static bool leg_is_finite(steer_approach_leg l)
{
    return steer_v3_is_finite(l.waypoint) && steer_is_finite(l.step) &&
           steer_is_finite(l.deviation) && steer_is_finite(l.max_deviation) &&
           steer_is_finite(l.distance);
}

static void bad_input(void)
{
    const float nan = nanf("");
    steer_vec3 t = steer_v3(1.0f, 2.0f, 3.0f);
    /* Already at the target: a zero-length final leg to it. */
    steer_approach_leg leg = steer_approach_next_drawn(STEER_SPACE_3D, t, t, NULL, 0.5f, 0.5f);
    CHECK(leg.reaches_target && leg.step == 0.0f && leg.waypoint.x == t.x && leg_is_finite(leg));
    /* Non-finite target: stay; non-finite start: go to the target. */
    leg = steer_approach_next_drawn(STEER_SPACE_3D, t, steer_v3(nan, 0.0f, 0.0f), NULL, 0.5f, 0.5f);
    CHECK(!leg.reaches_target && leg.step == 0.0f && leg.waypoint.z == t.z && leg_is_finite(leg));
    leg = steer_approach_next_drawn(STEER_SPACE_3D, steer_v3(INFINITY, 0.0f, 0.0f), t, NULL, 0.5f,
                                    0.5f);
    CHECK(leg.reaches_target && leg.waypoint.y == t.y && leg_is_finite(leg));
    /* NaN draws count as 0: no deviation, turned left. */
    leg = steer_approach_next_drawn(STEER_SPACE_XY, steer_v3_zero(), steer_v3(50.0f, 0.0f, 0.0f),
                                    NULL, nan, nan);
    CHECK(leg.deviation == 0.0f && leg_is_finite(leg));
    /* Nonsense parameters give finite legs. */
    steer_approach_params p = {-1.0f, nan, -3.0f, nan, INFINITY, nan};
    leg = steer_approach_next_drawn(STEER_SPACE_XZ, steer_v3_zero(), steer_v3(5.0f, 0.0f, 5.0f), &p,
                                    1.0f, 0.0f);
    CHECK(leg_is_finite(leg));
    p = steer_approach_default();
    p.max_fov = 100.0f; /* limit clamped to pi */
    leg = steer_approach_next_drawn(STEER_SPACE_XZ, steer_v3_zero(), steer_v3(50.0f, 0.0f, 0.0f),
                                    &p, 1.0f, 0.0f);
    CHECK_NEAR(leg.max_deviation, 3.14159265, 1e-6);
    /* A limit that can turn a leg away from the target has no bound. */
    CHECK(steer_approach_max_legs(50.0f, &p) == -1);
    CHECK(steer_approach_max_legs(-1.0f, NULL) == -1);
    CHECK(steer_approach_max_legs(nan, NULL) == -1);
    CHECK(steer_approach_max_legs(INFINITY, NULL) == -1);
    /* Plans. */
    steer_rng rng = steer_rng_make(1u, 2u);
    steer_vec3 out[3];
    bool reached = true;
    CHECK(steer_approach_plan(STEER_SPACE_XZ, steer_v3_zero(), t, NULL, &rng, NULL, 3, &reached) ==
          0);
    CHECK(!reached);
    CHECK(steer_approach_plan(STEER_SPACE_XZ, steer_v3_zero(), steer_v3(200.0f, 0.0f, 0.0f), NULL,
                              &rng, out, 3, &reached) == 3);
    CHECK(!reached);
    CHECK(steer_approach_plan(STEER_SPACE_XZ, t, t, NULL, &rng, out, 3, &reached) == 1);
    CHECK(reached && out[0].x == t.x);
}

/* ---- the walker behaviour ---------------------------------------------------------- */

static steer_agent walker_agent(steer_vec3 at)
{
    steer_agent a = steer_agent_default();
    a.space = STEER_SPACE_XZ;
    a.position = at;
    return a;
}

/* Runs a walk with the behaviour; returns the steps taken to arrive (or -1). */
static int run_walker(steer_agent *a, steer_vec3 target, const steer_approach_walk_params *p,
                      uint64_t seed, float *widest)
{
    steer_rng rng = steer_rng_make(seed, 9u);
    steer_approach_walker w;
    steer_approach_walker_start(&w, a->space, a->position, target, p, &rng);
    *widest = 0.0f;
    for (int step = 0; step < 60 * 120; step++) {
        bool arrived = false;
        steer_steering s = steer_approach_walk(a, &w, target, p, &rng, &arrived);
        if (!steer_v3_is_finite(s.linear)) return -1;
        if (arrived) return step;
        steer_agent_step(a, s, 1.0f / 60.0f);
        float d = steer_distance(a->position, target);
        if (d > *widest) *widest = d;
    }
    return -1;
}

static void walker_behaviour_arrives_straight_and_smooth(void)
{
    for (int smooth = 0; smooth < 2; smooth++) {
        for (uint64_t seed = 1; seed <= 20; seed++) {
            steer_approach_walk_params p = steer_approach_walk_default();
            p.smooth = smooth != 0;
            p.ahead = smooth ? 4 : 1;
            steer_agent a = walker_agent(steer_v3(10.0f, 0.0f, 10.0f));
            steer_vec3 target = steer_v3(-30.0f, 0.0f, 22.0f);
            float widest;
            int steps = run_walker(&a, target, &p, seed, &widest);
            CHECK_MSG(steps > 0, "smooth %d seed %d never arrived", smooth, (int)seed);
            CHECK(steer_distance(a.position, target) <= p.arrive.target_radius + 1e-4f);
            /* It never strays far behind its start: distance stays near the first one. */
            CHECK_MSG(widest < 41.8f + 2.0f, "smooth %d seed %d widest %g", smooth, (int)seed,
                      (double)widest);
        }
    }
}

/* The smooth walker really follows a curve: its heading never turns by more than a
 * little per frame (straight legs turn sharply at each waypoint). */
static void smooth_walker_turns_gently(void)
{
    float sharpest[2] = {0.0f, 0.0f};
    for (int smooth = 0; smooth < 2; smooth++) {
        steer_approach_walk_params p = steer_approach_walk_default();
        p.smooth = smooth != 0;
        p.ahead = 4;
        p.approach.fov_scale = 1.0f; /* wide wobble so corners matter */
        steer_agent a = walker_agent(steer_v3(60.0f, 0.0f, 0.0f));
        a.max_accel = 40.0f;
        steer_rng rng = steer_rng_make(5u, 5u);
        steer_approach_walker w;
        steer_approach_walker_start(&w, a.space, a.position, steer_v3_zero(), &p, &rng);
        steer_vec3 last_v = steer_v3_zero();
        for (int step = 0; step < 60 * 30; step++) {
            bool arrived;
            steer_steering s = steer_approach_walk(&a, &w, steer_v3_zero(), &p, &rng, &arrived);
            if (arrived || steer_distance(a.position, steer_v3_zero()) < 3.0f) break;
            steer_agent_step(&a, s, 1.0f / 60.0f);
            if (steer_length(last_v) > 3.0f && steer_length(a.velocity) > 3.0f) {
                float t = planar_angle(a.space, last_v, a.velocity);
                if (t > sharpest[smooth]) sharpest[smooth] = t;
            }
            last_v = a.velocity;
        }
    }
    CHECK_MSG(sharpest[1] < sharpest[0], "smooth %g vs straight %g", (double)sharpest[1],
              (double)sharpest[0]);
}

/* A moving target: every new waypoint is drawn towards where the target is now, and the
 * walker arrives once the target stops. */
static void walker_follows_a_moving_target(void)
{
    for (int smooth = 0; smooth < 2; smooth++) {
        steer_approach_walk_params p = steer_approach_walk_default();
        p.smooth = smooth != 0;
        p.ahead = smooth ? 3 : 1;
        steer_agent a = walker_agent(steer_v3(0.0f, 0.0f, 0.0f));
        steer_rng rng = steer_rng_make(11u, 3u);
        steer_approach_walker w;
        steer_vec3 target = steer_v3(40.0f, 0.0f, 0.0f);
        steer_approach_walker_start(&w, a.space, a.position, target, &p, &rng);
        int arrived_at = -1, legs_seen = 0;
        for (int step = 0; step < 60 * 120 && arrived_at < 0; step++) {
            if (step < 60 * 10) target = steer_v3(40.0f, 0.0f, (float)step * 0.05f); /* 3 units/s */
            bool arrived;
            steer_steering s = steer_approach_walk(&a, &w, target, &p, &rng, &arrived);
            if (w.legs != legs_seen) { /* a new waypoint was drawn: from the current target */
                steer_vec3 from = w.plan[w.count - 2], to = w.plan[w.count - 1];
                CHECK_MSG(walk_distance(a.space, to, target) <=
                              walk_distance(a.space, from, target) + 1e-3f,
                          "smooth %d step %d: a leg drawn away from the target", smooth, step);
                legs_seen = w.legs;
            }
            if (arrived) arrived_at = step;
            steer_agent_step(&a, s, 1.0f / 60.0f);
        }
        CHECK_MSG(arrived_at > 60 * 10, "smooth %d arrived at %d", smooth, arrived_at);
        CHECK(steer_distance(a.position, target) <= 0.3f);
    }
}

/* Far apart, where target - from or its square overflows float: the legs head for the
 * target, the waypoints stay finite (the distance used to be inf, and inf * 0 a NaN
 * waypoint), for the planner, the walker and every space. */
static void far_apart_legs(void)
{
    const float big = 3e38f;
    const steer_vec3 from[3] = {{0.0f, 0.0f, 0.0f}, {-big, -big, -big}, {big, 1.0f, -1e20f}};
    const steer_vec3 to[3] = {{1e20f, 1e20f, 1e20f}, {big, big, big}, {-big, -1.0f, 1e20f}};
    for (int sp = 0; sp < 3; sp++) {
        for (int k = 0; k < 3; k++) {
            steer_approach_leg leg =
                steer_approach_next_drawn(spaces[sp], from[k], to[k], NULL, 1.0f, 0.9f);
            CHECK_MSG(leg_is_finite(leg) && !leg.reaches_target, "space %d case %d", sp, k);
            CHECK(leg.distance > 1e20f && leg.step == 10.0f);
            /* It heads for the target: turned by at most the deviation limit. */
            steer_vec3 moved = steer_space_project(spaces[sp], steer_sub(leg.waypoint, from[k]));
            steer_vec3 dir = steer_space_project(spaces[sp], steer_scale(to[k], 1e-20f));
            dir = steer_sub(dir, steer_space_project(spaces[sp], steer_scale(from[k], 1e-20f)));
            if (k == 0) CHECK_NEAR(steer_length(moved), 10.0, 1e-4);
            /* Near +-3e38 a 10-unit leg is below the float spacing: check the plan's
             * direction there with a leg as long as the distance. */
            steer_approach_params long_legs = steer_approach_default();
            long_legs.max_step = FLT_MAX;
            long_legs.step_factor = 0.25f;
            if (k > 0) {
                leg = steer_approach_next_drawn(spaces[sp], from[k], to[k], &long_legs, 1.0f, 0.9f);
                moved = steer_space_project(spaces[sp], steer_sub(steer_scale(leg.waypoint, 1e-20f),
                                                                  steer_scale(from[k], 1e-20f)));
                CHECK(leg_is_finite(leg) && steer_length(moved) > 0.0f);
            }
            float cosang = steer_dot(steer_normalize(moved), steer_normalize(dir));
            CHECK_MSG(cosang >= steer_cos(leg.max_deviation) - 1e-4f, "space %d case %d: %g", sp, k,
                      (double)cosang);
        }
        steer_vec3 plan[8];
        steer_rng rng = steer_rng_make(5u, (uint64_t)sp);
        int n = steer_approach_plan(spaces[sp], from[1], to[1], NULL, &rng, plan, 8, NULL);
        CHECK(n == 8);
        for (int i = 0; i < n; i++) CHECK(steer_v3_is_finite(plan[i]));
        /* The walker moves from the origin; at 3e38 a 10-unit leg is below the float
         * spacing, so there it can only stay finite. */
        for (int k = 0; k < 2; k++) {
            steer_agent a = walker_agent(from[k]);
            a.space = spaces[sp];
            steer_approach_walker w = {0};
            steer_approach_walk_params p = steer_approach_walk_default();
            p.ahead = 3;
            p.smooth = sp == 1;
            steer_steering s = steer_approach_walk(&a, &w, to[k], &p, &rng, NULL);
            CHECK(steer_v3_is_finite(s.linear) && (k == 1 || steer_length(s.linear) > 0.0f));
            for (int i = 0; i < w.count; i++) CHECK(steer_v3_is_finite(w.plan[i]));
        }
    }
}

static void walker_bad_input(void)
{
    steer_agent a = walker_agent(steer_v3(3.0f, 0.0f, 4.0f));
    steer_rng rng = steer_rng_make(1u, 1u);
    steer_approach_walker w = {0};
    bool arrived = true;
    /* Never started: starts itself. Already at the target: arrives. */
    steer_steering s = steer_approach_walk(&a, &w, a.position, NULL, &rng, &arrived);
    CHECK(steer_v3_is_finite(s.linear) && arrived && w.count >= 1);
    s = steer_approach_walk(&a, &w, steer_v3(nanf(""), 0.0f, 0.0f), NULL, &rng, &arrived);
    CHECK(!arrived && s.linear.x == 0.0f && s.linear.z == 0.0f);
    a.position.x = INFINITY;
    s = steer_approach_walk(&a, &w, steer_v3_zero(), NULL, &rng, &arrived);
    CHECK(!arrived && s.linear.x == 0.0f);
    steer_approach_walk_params p = steer_approach_walk_default();
    p.ahead = 1000; /* clamped */
    p.reach_radius = nanf("");
    p.lead = -1.0f;
    a = walker_agent(steer_v3_zero());
    steer_approach_walker_start(&w, a.space, steer_v3(nanf(""), 0.0f, 0.0f),
                                steer_v3(100.0f, 0.0f, 0.0f), &p, &rng);
    CHECK(w.count == 2 && w.ends_at_target); /* a non-finite start starts at the target */
    steer_approach_walker_start(&w, a.space, a.position, steer_v3(500.0f, 0.0f, 0.0f), &p, &rng);
    CHECK(w.count == STEER_APPROACH_AHEAD_MAX + 1);
    /* A caller's walker out of range (a count past the plan array, a NaN point or u) is
     * started afresh from the agent, not read past its array or into NaN steering. */
    for (int bad = 0; bad < 4; bad++) {
        steer_approach_walker_start(&w, a.space, a.position, steer_v3(50.0f, 0.0f, 0.0f), &p, &rng);
        if (bad == 0) w.count = 1000;
        if (bad == 1) w.count = -5;
        if (bad == 2) w.plan[1].x = nanf("");
        if (bad == 3) w.u = nanf("");
        p.smooth = bad == 3;
        s = steer_approach_walk(&a, &w, steer_v3(50.0f, 0.0f, 0.0f), &p, &rng, &arrived);
        CHECK_MSG(steer_v3_is_finite(s.linear) && s.linear.x > 0.0f, "bad %d", bad);
        CHECK(w.count >= 1 && w.count <= STEER_APPROACH_AHEAD_MAX + 1);
        CHECK(steer_v3_is_finite(w.plan[1]) && w.plan[0].x == a.position.x);
    }
}

TEST_MAIN(TEST(worked_example_from_10_0_10), TEST(first_leg_numbers_by_hand),
          TEST(left_turns_like_orientation), TEST(ten_thousand_random_walks),
          TEST(leg_bound_values_and_tightness), TEST(rng_entry_point_draws_two_per_leg),
          TEST(every_constant_is_a_parameter), TEST(bad_input),
          TEST(walker_behaviour_arrives_straight_and_smooth), TEST(smooth_walker_turns_gently),
          TEST(walker_follows_a_moving_target), TEST(far_apart_legs), TEST(walker_bad_input))
