/* SPDX-License-Identifier: MIT */
/* Bad input for every behaviour: NaN and infinity in state, targets and parameters,
 * zero-length vectors, a target on the agent, zero or negative limits and mass. The
 * rule: never NaN, never a crash, and the documented result. */
#include "steer/steer.h"
#include "test.h"

static bool finite_steering(steer_steering s)
{
    return steer_v3_is_finite(s.linear) && steer_is_finite(s.angular);
}

static bool zero_steering(steer_steering s)
{
    return s.linear.x == 0.0f && s.linear.y == 0.0f && s.linear.z == 0.0f && s.angular == 0.0f;
}

/* Every behaviour once, on one agent and target; each result checked by `check`. */
typedef bool (*steering_check)(steer_steering);

static int run_all(const steer_agent *a, steer_vec3 t, steering_check check)
{
    steer_rng rng = steer_rng_make(1u, 0u);
    steer_wander_state ws = {0.0f, {0.0f, 0.0f, 0.0f}};
    steer_wander_target_state wt = {{0.0f, 0.0f, 0.0f}, 0.0f, false};
    bool arrived = true;
    steer_steering out[14] = {
        steer_seek(a, t),
        steer_flee(a, t),
        steer_match_velocity(a, t, 0.1f),
        steer_arrive(a, t, NULL, &arrived),
        steer_leave(a, t, NULL),
        steer_align(a, t.x, NULL),
        steer_face(a, t, NULL),
        steer_look_where_going(a, NULL),
        steer_pursue(a, t, t, NULL),
        steer_evade(a, t, t, NULL),
        steer_wander(a, NULL, &ws, &rng),
        steer_wander_3d(a, NULL, &ws, &rng),
        steer_wander_target(a, NULL, &wt, &rng, 0.1f),
        steer_steering_limit(a, steer_seek(a, t)),
    };
    for (int i = 0; i < 14; i++)
        if (!check(out[i])) return i;
    return -1;
}

static void non_finite_agent_state_gives_zero(void)
{
    const float bad[3] = {NAN, INFINITY, -INFINITY};
    for (int b = 0; b < 3; b++) {
        for (int field = 0; field < 4; field++) {
            steer_agent a = steer_agent_default();
            a.velocity = steer_v3(1.0f, 0.0f, 0.0f);
            if (field == 0) a.position.x = bad[b];
            if (field == 1) a.velocity.y = bad[b];
            if (field == 2) a.orientation = bad[b];
            if (field == 3) a.rotation = bad[b];
            int failed = run_all(&a, steer_v3(3.0f, 4.0f, 0.0f), zero_steering);
            CHECK_MSG(failed < 0, "behaviour %d, bad %d in field %d", failed, b, field);
            steer_agent before = a;
            CHECK(!steer_agent_step(&a, steer_steering_zero(), 0.1f));
            CHECK(memcmp(&before, &a, sizeof a) == 0); /* left untouched */
        }
    }
}

static void non_finite_target_gives_zero(void)
{
    steer_agent a = steer_agent_default();
    a.velocity = steer_v3(1.0f, 0.0f, 0.0f);
    const float bad[3] = {NAN, INFINITY, -INFINITY};
    for (int b = 0; b < 3; b++) {
        steer_vec3 t = steer_v3(1.0f, bad[b], 0.0f);
        /* look_where_going and the wanders take no target; align reads t.x only. */
        CHECK(zero_steering(steer_seek(&a, t)) && zero_steering(steer_flee(&a, t)));
        CHECK(zero_steering(steer_arrive(&a, t, NULL, NULL)));
        CHECK(zero_steering(steer_leave(&a, t, NULL)));
        CHECK(zero_steering(steer_face(&a, t, NULL)));
        CHECK(zero_steering(steer_match_velocity(&a, t, 0.1f)));
        CHECK(zero_steering(steer_pursue(&a, t, steer_v3_zero(), NULL)));
        CHECK(zero_steering(steer_evade(&a, steer_v3_zero(), t, NULL)));
        CHECK(zero_steering(steer_align(&a, bad[b], NULL)));
    }
}

/* The target exactly on the agent: defined directions, no 0/0. */
static void target_on_agent(void)
{
    steer_agent a = steer_agent_default();
    a.position = steer_v3(2.0f, 3.0f, 0.0f);
    CHECK(run_all(&a, a.position, finite_steering) < 0);
    steer_steering s = steer_seek(&a, a.position);
    CHECK(zero_steering(s)); /* at rest on the target: nothing to do */
    s = steer_flee(&a, a.position);
    CHECK(s.linear.x > 0.0f && s.linear.y == 0.0f); /* forward = heading (orientation 0) */
    s = steer_leave(&a, a.position, NULL);
    CHECK(s.linear.x > 0.0f);
    bool arrived = false;
    s = steer_arrive(&a, a.position, NULL, &arrived);
    CHECK(arrived && zero_steering(s));
    a.velocity = steer_v3(0.0f, 2.0f, 0.0f);
    s = steer_arrive(&a, a.position, NULL, &arrived);
    CHECK(!arrived && s.linear.y < 0.0f); /* moving: brakes */
}

static void zero_and_negative_limits(void)
{
    const float limits[4] = {0.0f, -1.0f, NAN, -INFINITY};
    for (int l = 0; l < 4; l++) {
        steer_agent a = steer_agent_default();
        a.velocity = steer_v3(1.0f, 0.5f, 0.0f);
        a.max_speed = a.max_accel = a.max_force = limits[l];
        a.max_rotation = a.max_angular_accel = a.mass = limits[l];
        CHECK(run_all(&a, steer_v3(3.0f, 4.0f, 0.0f), zero_steering) < 0);
        for (int m = 0; m < 2; m++) {
            a.model = (steer_model)m;
            CHECK(steer_agent_step(&a, steer_seek(&a, steer_v3(1, 1, 0)), 0.1f));
            CHECK(steer_agent_state_is_finite(&a));
            CHECK(steer_length(a.velocity) == 0.0f); /* max_speed <= 0: cannot move */
        }
    }
    /* Zero mass with a positive force limit is read as mass 1, not a division by 0. */
    steer_agent r = steer_agent_default_reynolds();
    r.mass = 0.0f;
    steer_steering s = steer_steering_zero();
    s.linear = steer_v3(1.0f, 0.0f, 0.0f);
    CHECK(steer_integrate_reynolds(&r, s));
    CHECK_NEAR(r.velocity.x, 0.6, 1e-6);
}

static void bad_parameters(void)
{
    steer_agent a = steer_agent_default();
    a.velocity = steer_v3(1.0f, 0.0f, 0.0f);
    steer_vec3 t = steer_v3(3.0f, 4.0f, 0.0f);
    const float bad[5] = {0.0f, -1.0f, NAN, INFINITY, -INFINITY};
    for (int b = 0; b < 10; b++) { /* each bad value, then again with the cookbook formulas */
        float x = bad[b % 5];
        steer_arrive_params ap = {x, x, x, x, x, b >= 5};
        steer_leave_params lp = {x, x, x};
        steer_align_params al = {x, x, x, x, b >= 5};
        steer_pursue_params pp = {x, x};
        steer_wander_params wp = {x, x, x};
        steer_wander_target_params wt = {steer_v3(x, x, x), steer_v3(x, 0, x), x};
        steer_wander_state ws = {x, steer_v3(x, x, x)};
        steer_wander_target_state wts = {steer_v3(x, x, x), x, true};
        steer_rng rng = steer_rng_make(1u, 0u);
        bool arrived;
        CHECK_MSG(finite_steering(steer_arrive(&a, t, &ap, &arrived)), "bad %d", b);
        CHECK_MSG(finite_steering(steer_leave(&a, t, &lp)), "bad %d", b);
        CHECK_MSG(finite_steering(steer_align(&a, 2.0f, &al)), "bad %d", b);
        CHECK_MSG(finite_steering(steer_face(&a, t, &al)), "bad %d", b);
        CHECK_MSG(finite_steering(steer_pursue(&a, t, t, &pp)), "bad %d", b);
        CHECK_MSG(finite_steering(steer_evade(&a, t, t, &pp)), "bad %d", b);
        CHECK_MSG(finite_steering(steer_match_velocity(&a, t, x)), "bad %d", b);
        CHECK_MSG(finite_steering(steer_wander(&a, &wp, &ws, &rng)), "bad %d", b);
        CHECK_MSG(finite_steering(steer_wander_3d(&a, &wp, &ws, &rng)), "bad %d", b);
        CHECK_MSG(finite_steering(steer_wander_target(&a, &wt, &wts, &rng, x)), "bad %d", b);
        CHECK(steer_v3_is_finite(wts.target));
    }
}

static void null_state_and_rng(void)
{
    steer_agent a = steer_agent_default();
    steer_rng rng = steer_rng_make(1u, 0u);
    steer_wander_state ws = {0.0f, {0.0f, 0.0f, 0.0f}};
    CHECK(zero_steering(steer_wander(&a, NULL, NULL, &rng)));
    CHECK(zero_steering(steer_wander(&a, NULL, &ws, NULL)));
    CHECK(zero_steering(steer_wander_target(&a, NULL, NULL, &rng, 0.1f)));
    CHECK(zero_steering(steer_blend(&a, NULL, 3)));
    CHECK(zero_steering(steer_priority(NULL, 3, 0.1f, NULL)));
}

/* Zero-length vectors: an agent at rest with no velocity wanders along its heading. */
static void zero_velocity_wander_uses_heading(void)
{
    steer_agent a = steer_agent_default();
    a.orientation = STEER_PI / 2.0f;
    steer_wander_params p = steer_wander_default();
    p.circle_radius = 0.0f;
    steer_wander_state ws = {0.0f, {0.0f, 0.0f, 0.0f}};
    steer_rng rng = steer_rng_make(1u, 0u);
    steer_steering s = steer_wander(&a, &p, &ws, &rng);
    CHECK_NEAR(s.linear.x, 0.0, 1e-6);
    CHECK_NEAR(s.linear.y, 2.0, 1e-6);
}

/* A long random soak of every behaviour with extreme values keeps the state finite. */
static void random_extremes_never_produce_nan(void)
{
    steer_rng r = steer_rng_make(99u, 0u);
    const float scale[4] = {1e-30f, 1.0f, 1e6f, 1e30f};
    for (int trial = 0; trial < 2000; trial++) {
        steer_agent a = steer_agent_default();
        a.model = (steer_model)(trial & 1);
        a.space = (steer_space)steer_rng_below(&r, 3u);
        float s = scale[steer_rng_below(&r, 4u)];
        a.position = steer_v3(steer_rng_range(&r, -s, s), steer_rng_range(&r, -s, s), 0.0f);
        a.velocity = steer_v3(steer_rng_range(&r, -s, s), 0.0f, steer_rng_range(&r, -s, s));
        a.max_speed = s;
        a.max_accel = a.max_force = scale[steer_rng_below(&r, 4u)];
        steer_vec3 t = steer_v3(steer_rng_range(&r, -s, s), steer_rng_range(&r, -s, s), 0.0f);
        int failed = run_all(&a, t, finite_steering);
        CHECK_MSG(failed < 0, "trial %d behaviour %d", trial, failed);
    }
}

TEST_MAIN(TEST(non_finite_agent_state_gives_zero), TEST(non_finite_target_gives_zero),
          TEST(target_on_agent), TEST(zero_and_negative_limits), TEST(bad_parameters),
          TEST(null_state_and_rng), TEST(zero_velocity_wander_uses_heading),
          TEST(random_extremes_never_produce_nan))
