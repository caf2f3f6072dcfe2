/* SPDX-License-Identifier: MIT */
/* The two integration models, planes, facing, and the fixed-step helper. */
#include "steer/steer.h"
#include "test.h"

/* Reynolds' per-frame step: truncate to max_force, divide by mass, truncate velocity, add. */
static void reynolds_step_by_hand(void)
{
    steer_agent a = steer_agent_default_reynolds();
    a.velocity = steer_v3(1.0f, 0.0f, 0.0f);
    a.max_force = 0.6f;
    a.mass = 2.0f;
    a.max_speed = 2.0f;
    steer_steering s = steer_steering_zero();
    s.linear = steer_v3(3.0f, 4.0f, 0.0f); /* |s| = 5 -> (0.36, 0.48) -> /2 -> (0.18, 0.24) */
    CHECK(steer_integrate_reynolds(&a, s));
    CHECK_NEAR(a.velocity.x, 1.18, 1e-6);
    CHECK_NEAR(a.velocity.y, 0.24, 1e-6);
    CHECK_NEAR(a.position.x, 1.18, 1e-6);
    CHECK_NEAR(a.position.y, 0.24, 1e-6);

    /* The velocity is truncated to max_speed after the force is added. */
    a = steer_agent_default_reynolds();
    a.velocity = steer_v3(1.9f, 0.0f, 0.0f);
    a.max_force = 0.6f;
    a.mass = 1.0f;
    a.max_speed = 2.0f;
    s.linear = steer_v3(1.0f, 0.0f, 0.0f);
    CHECK(steer_integrate_reynolds(&a, s));
    CHECK_NEAR(a.velocity.x, 2.0, 1e-6);
    CHECK_NEAR(a.position.x, 2.0, 1e-6);
}

static void kinematic_step_by_hand(void)
{
    steer_agent a = steer_agent_default();
    a.velocity = steer_v3(1.0f, 0.0f, 0.0f);
    a.max_accel = 10.0f;
    a.facing = STEER_FACING_STEERED;
    a.max_angular_accel = 5.0f;
    steer_steering s = steer_steering_zero();
    s.linear = steer_v3(0.0f, 20.0f, 0.0f); /* limited to 10 */
    s.angular = 100.0f;                     /* limited to 5 */
    CHECK(steer_integrate_kinematic(&a, s, 0.1f));
    CHECK_NEAR(a.velocity.x, 1.0, 1e-6);
    CHECK_NEAR(a.velocity.y, 1.0, 1e-6);
    /* Semi-implicit Euler: the new velocity moves the position. */
    CHECK_NEAR(a.position.x, 0.1, 1e-6);
    CHECK_NEAR(a.position.y, 0.1, 1e-6);
    CHECK_NEAR(a.rotation, 0.5, 1e-6);
    CHECK_NEAR(a.orientation, 0.05, 1e-6);
}

static void speed_and_rotation_are_clamped(void)
{
    steer_agent a = steer_agent_default();
    a.facing = STEER_FACING_STEERED;
    a.max_speed = 3.0f;
    a.max_rotation = 1.0f;
    steer_steering s = steer_steering_zero();
    s.linear = steer_v3(10.0f, 0.0f, 0.0f);
    s.angular = 10.0f;
    for (int i = 0; i < 600; i++) {
        CHECK(steer_integrate_kinematic(&a, s, 1.0f / 60.0f));
        CHECK(steer_length(a.velocity) <= 3.0f * (1.0f + 1e-6f));
        CHECK(fabsf(a.rotation) <= 1.0f);
        CHECK(a.orientation > -STEER_PI && a.orientation <= STEER_PI);
    }
}

static void planar_agents_stay_in_their_plane(void)
{
    steer_agent a = steer_agent_default();
    a.space = STEER_SPACE_XZ;
    a.position = steer_v3(0.0f, 2.0f, 0.0f);
    steer_steering s = steer_steering_zero();
    s.linear = steer_v3(1.0f, 5.0f, 1.0f);
    for (int i = 0; i < 60; i++) steer_integrate_kinematic(&a, s, 1.0f / 60.0f);
    CHECK(a.position.y == 2.0f && a.velocity.y == 0.0f);
    CHECK(a.position.x > 0.0f && a.position.z > 0.0f);

    a = steer_agent_default();
    s.linear = steer_v3(1.0f, 1.0f, 5.0f);
    for (int i = 0; i < 60; i++) steer_integrate_kinematic(&a, s, 1.0f / 60.0f);
    CHECK(a.position.z == 0.0f);

    a = steer_agent_default();
    a.space = STEER_SPACE_3D;
    for (int i = 0; i < 60; i++) steer_integrate_kinematic(&a, s, 1.0f / 60.0f);
    CHECK(a.position.z > 0.0f && a.position.y > 0.0f);
}

/* Orientation follows velocity with the convention of each space. */
static void facing_velocity_per_space(void)
{
    steer_agent a = steer_agent_default();
    a.velocity = steer_v3(0.0f, 1.0f, 0.0f); /* XY: +y is orientation pi/2 */
    steer_integrate_kinematic(&a, steer_steering_zero(), 0.01f);
    CHECK_NEAR(a.orientation, STEER_PI / 2, 1e-6);

    a = steer_agent_default();
    a.space = STEER_SPACE_XZ;
    a.velocity = steer_v3(1.0f, 0.0f, 0.0f); /* XZ: atan2(x, z) = pi/2 for +x */
    steer_integrate_kinematic(&a, steer_steering_zero(), 0.01f);
    CHECK_NEAR(a.orientation, STEER_PI / 2, 1e-6);
    steer_vec3 h = steer_agent_heading(&a);
    CHECK_NEAR(h.x, 1.0, 1e-6);
    CHECK_NEAR(h.z, 0.0, 1e-6);

    /* At rest the orientation is kept, not reset to 0. */
    a = steer_agent_default();
    a.orientation = 1.0f;
    steer_integrate_kinematic(&a, steer_steering_zero(), 0.01f);
    CHECK(a.orientation == 1.0f);
}

static void agent_step_dispatches_on_model(void)
{
    steer_agent k = steer_agent_default(), r = steer_agent_default_reynolds();
    k.velocity = r.velocity = steer_v3(1.0f, 0.0f, 0.0f);
    steer_agent_step(&k, steer_steering_zero(), 0.5f);
    steer_agent_step(&r, steer_steering_zero(), 0.5f); /* one whole frame */
    CHECK_NEAR(k.position.x, 0.5, 1e-6);
    CHECK_NEAR(r.position.x, 1.0, 1e-6);
}

/* A game at 30, 60, 144 Hz or with jittery frames runs the same fixed steps. */
static void fixed_step_is_frame_rate_independent(void)
{
    const float frames[4] = {1.0f / 30.0f, 1.0f / 60.0f, 1.0f / 144.0f, 0.0f};
    steer_vec3 reference = steer_v3_zero();
    steer_rng jitter = steer_rng_make(9u, 1u);
    for (int f = 0; f < 4; f++) {
        steer_fixed_step fs = steer_fixed_step_make(1.0f / 60.0f);
        steer_agent a = steer_agent_default();
        int steps = 0;
        float elapsed = 0.0f;
        while (steps < 120) {
            float frame = frames[f] > 0.0f ? frames[f] : steer_rng_range(&jitter, 0.001f, 0.05f);
            elapsed += frame;
            int n = steer_fixed_step_advance(&fs, frame);
            for (int i = 0; i < n && steps < 120; i++, steps++)
                steer_integrate_kinematic(&a, steer_seek(&a, steer_v3(10.0f, 5.0f, 0.0f)), fs.step);
            CHECK(steer_fixed_step_alpha(&fs) >= 0.0f && steer_fixed_step_alpha(&fs) < 1.0f);
        }
        CHECK_MSG(fabsf(elapsed - 2.0f) < 0.06f, "frame set %d elapsed %g", f, (double)elapsed);
        if (f == 0) reference = a.position;
        CHECK(a.position.x == reference.x && a.position.y == reference.y);
    }
}

static void fixed_step_caps_long_frames(void)
{
    steer_fixed_step fs = steer_fixed_step_make(0.01f);
    CHECK(steer_fixed_step_advance(&fs, 10.0f) == fs.max_steps_per_frame);
    CHECK(fs.accumulator == 0.0f);
    CHECK(steer_fixed_step_advance(&fs, NAN) == 0);
    CHECK(steer_fixed_step_advance(&fs, -1.0f) == 0);
    fs = steer_fixed_step_make(-1.0f);
    CHECK_NEAR(fs.step, 1.0 / 60.0, 1e-9);
}

/* A velocity change beyond FLT_MAX (force / a tiny mass, accel * an enormous dt) made
 * an infinite sum, which steer_truncate reads as zero: the agent stopped dead. Now it
 * reaches max_speed along the push; without a push it keeps its velocity. */
static void overflowing_change_reaches_max_speed(void)
{
    const float masses[3] = {1e-40f, 1e-45f, 1e-37f};
    for (int m = 0; m < 3; m++) {
        steer_agent a = steer_agent_default_reynolds();
        a.velocity = steer_v3(0.0f, -1.0f, 0.0f);
        a.mass = masses[m];
        a.max_force = 100.0f;
        steer_steering s = steer_steering_zero();
        s.linear = steer_v3(60.0f, 80.0f, 0.0f);
        CHECK(steer_integrate_reynolds(&a, s));
        CHECK_MSG(steer_agent_state_is_finite(&a), "mass %g", (double)masses[m]);
        CHECK_NEAR(a.velocity.x, 0.6 * a.max_speed, 1e-5);
        CHECK_NEAR(a.velocity.y, 0.8 * a.max_speed, 1e-5);
        a.velocity = steer_v3(0.0f, -1.0f, 0.0f);
        CHECK(steer_integrate_reynolds(&a, steer_steering_zero())); /* 0 * inf: no push */
        CHECK(a.velocity.x == 0.0f && a.velocity.y == -1.0f);
    }
    steer_agent k = steer_agent_default();
    k.max_speed = 1e30f;
    steer_steering s = steer_steering_zero();
    s.linear = steer_v3(0.0f, -10.0f, 0.0f);
    CHECK(steer_integrate_kinematic(&k, s, 1e38f));
    CHECK(k.velocity.x == 0.0f && k.velocity.y == -1e30f);
}

TEST_MAIN(TEST(reynolds_step_by_hand), TEST(kinematic_step_by_hand),
          TEST(overflowing_change_reaches_max_speed), TEST(speed_and_rotation_are_clamped),
          TEST(planar_agents_stay_in_their_plane), TEST(facing_velocity_per_space),
          TEST(agent_step_dispatches_on_model), TEST(fixed_step_is_frame_rate_independent),
          TEST(fixed_step_caps_long_frames))
