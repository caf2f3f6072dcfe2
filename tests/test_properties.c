/* SPDX-License-Identifier: MIT */
/* Properties over many random seeds: the motion itself, under both models. */
#include "steer/steer.h"
#include "test.h"

/* A random agent for either model, with limits spread over two orders of magnitude. */
static steer_agent random_agent(steer_rng *r, steer_model model)
{
    steer_agent a =
        model == STEER_MODEL_REYNOLDS ? steer_agent_default_reynolds() : steer_agent_default();
    a.space = (steer_space)steer_rng_below(r, 3u);
    a.max_speed = steer_rng_range(r, 0.5f, 20.0f);
    a.max_accel = steer_rng_range(r, 0.5f, 50.0f);
    a.max_force = steer_rng_range(r, 0.05f, 2.0f);
    a.mass = steer_rng_range(r, 0.5f, 3.0f);
    a.position = steer_v3(steer_rng_range(r, -100, 100), steer_rng_range(r, -100, 100),
                          steer_rng_range(r, -100, 100));
    a.position = steer_space_project(a.space, a.position);
    steer_vec3 v =
        steer_v3(steer_rng_range(r, -1, 1), steer_rng_range(r, -1, 1), steer_rng_range(r, -1, 1));
    a.velocity = steer_space_project(a.space, steer_scale(v, a.max_speed * 0.5f));
    return a;
}

static steer_vec3 random_point(steer_rng *r, const steer_agent *a)
{
    steer_vec3 p = steer_v3(steer_rng_range(r, -100, 100), steer_rng_range(r, -100, 100),
                            steer_rng_range(r, -100, 100));
    return steer_space_project(a->space, p);
}

static void seek_never_exceeds_max_speed(void)
{
    steer_rng r = steer_rng_make(1u, 0u);
    for (int trial = 0; trial < 400; trial++) {
        steer_agent a = random_agent(&r, (steer_model)(trial & 1));
        steer_vec3 target = random_point(&r, &a);
        for (int i = 0; i < 300; i++) {
            steer_agent_step(&a, steer_seek(&a, target), 1.0f / 30.0f);
            float speed = steer_length(a.velocity);
            CHECK_MSG(speed <= a.max_speed * (1.0f + 1e-6f), "trial %d step %d speed %g max %g",
                      trial, i, (double)speed, (double)a.max_speed);
        }
    }
}

/* Arrive from rest: the distance never grows (no overshoot), and the agent comes to
 * rest inside target_radius and reports it, under both models and many limits. */
static void arrive_stops_inside_radius_without_overshoot(void)
{
    steer_rng r = steer_rng_make(2u, 0u);
    for (int trial = 0; trial < 1000; trial++) {
        steer_model model = (steer_model)(trial & 1);
        steer_agent a = random_agent(&r, model);
        a.velocity = steer_v3_zero();
        steer_vec3 target = random_point(&r, &a);
        steer_arrive_params p = steer_arrive_default();
        p.target_radius = steer_rng_range(&r, 0.05f, 1.0f);
        p.slow_radius = steer_rng_range(&r, 0.0f, 20.0f);
        p.time_to_target = steer_rng_range(&r, 0.01f, 1.0f);
        p.step = 1.0f / 60.0f;
        float dt = model == STEER_MODEL_REYNOLDS ? 1.0f : p.step;
        float last = steer_distance(a.position, target);
        bool arrived = false;
        int steps = 0;
        for (; steps < 200000 && !arrived; steps++) {
            steer_steering s = steer_arrive(&a, target, &p, &arrived);
            if (arrived) break;
            steer_agent_step(&a, s, dt);
            float d = steer_distance(a.position, target);
            CHECK_MSG(d <= last + 1e-4f, "trial %d model %d step %d: distance grew %g -> %g", trial,
                      (int)model, steps, (double)last, (double)d);
            last = d;
        }
        CHECK_MSG(arrived, "trial %d model %d never arrived: d %g speed %g", trial, (int)model,
                  (double)last, (double)steer_length(a.velocity));
        CHECK(steer_distance(a.position, target) <= p.target_radius);
        CHECK(steer_length(a.velocity) <= p.rest_speed);
    }
}

/* Arrive with a random initial velocity along the line to the target (towards or
 * away, up to half max speed): once inside target_radius the agent never leaves it, and
 * it ends at rest inside. Starts from which no braking could stop in time (speed^2 /
 * (2 * max accel) beyond the distance) are physically bound to overshoot and are
 * skipped. Every other start (sideways velocities too) must still end at rest inside:
 * with a sideways drift and limited acceleration the agent may first pass beside the
 * target, which is physics, not overshoot. */
static void arrive_from_moving_start_stays_once_inside(void)
{
    steer_rng r = steer_rng_make(3u, 0u);
    int skipped = 0;
    for (int trial = 0; trial < 1000; trial++) {
        steer_model model = (steer_model)(trial & 1);
        steer_agent a = random_agent(&r, model);
        steer_vec3 target = random_point(&r, &a);
        steer_arrive_params p = steer_arrive_default();
        p.target_radius = steer_rng_range(&r, 0.05f, 1.0f);
        bool on_line = trial % 4 < 2;
        if (on_line) {
            float along = steer_rng_range(&r, -0.5f, 0.5f) * a.max_speed;
            a.velocity = steer_scale(steer_normalize(steer_sub(target, a.position)), along);
        }
        float dt = model == STEER_MODEL_REYNOLDS ? 1.0f : p.step;
        float accel = model == STEER_MODEL_REYNOLDS ? a.max_force / a.mass : a.max_accel;
        float speed = steer_length(a.velocity);
        if (speed * speed / (2.0f * accel) + speed * dt >= steer_distance(a.position, target)) {
            skipped++;
            continue;
        }
        bool arrived = false, entered = false;
        for (int steps = 0; steps < 200000 && !arrived; steps++) {
            steer_steering s = steer_arrive(&a, target, &p, &arrived);
            steer_agent_step(&a, s, dt);
            float d = steer_distance(a.position, target);
            if (d <= p.target_radius) entered = true;
            CHECK_MSG(!on_line || !entered || d <= p.target_radius,
                      "trial %d model %d left the radius: %g", trial, (int)model, (double)d);
        }
        CHECK_MSG(arrived, "trial %d never arrived", trial);
        CHECK(steer_distance(a.position, target) <= p.target_radius);
    }
    CHECK_MSG(skipped < 300, "%d of 1000 starts skipped", skipped);
}

static void flee_always_increases_distance(void)
{
    steer_rng r = steer_rng_make(4u, 0u);
    for (int trial = 0; trial < 400; trial++) {
        steer_agent a = random_agent(&r, (steer_model)(trial & 1));
        a.velocity = steer_v3_zero();
        steer_vec3 threat = random_point(&r, &a);
        float last = steer_distance(a.position, threat);
        for (int i = 0; i < 200; i++) {
            steer_agent_step(&a, steer_flee(&a, threat), 1.0f / 30.0f);
            float d = steer_distance(a.position, threat);
            CHECK_MSG(d > last, "trial %d step %d: %g -> %g", trial, i, (double)last, (double)d);
            last = d;
        }
    }
}

/* Steps until `a` (pursuing or seeking) gets within 1 unit of a target moving in a
 * straight line; -1 if it never does. */
static int steps_to_catch(steer_agent a, steer_vec3 tp, steer_vec3 tv, bool pursue)
{
    steer_pursue_params p = steer_pursue_default();
    p.max_prediction = 3.0f;
    const float dt = 1.0f / 30.0f;
    for (int i = 0; i < 20000; i++) {
        if (steer_distance(a.position, tp) < 1.0f) return i;
        steer_steering s = pursue ? steer_pursue(&a, tp, tv, &p) : steer_seek(&a, tp);
        steer_agent_step(&a, s, dt);
        tp = steer_add_scaled(tp, tv, dt);
    }
    return -1;
}

static void pursue_intercepts_sooner_than_seek(void)
{
    steer_rng r = steer_rng_make(5u, 0u);
    int sooner = 0, trials = 0;
    for (int trial = 0; trial < 400; trial++) {
        steer_agent a = steer_agent_default();
        a.max_speed = 6.0f;
        a.max_accel = 20.0f;
        /* One draw per statement: the order of a call's arguments is unspecified, and gcc
         * and clang draw them in opposite orders. */
        float tx = steer_rng_range(&r, -40, 40);
        float ty = steer_rng_range(&r, -40, 40);
        steer_vec3 tp = steer_v3(tx, ty, 0);
        float heading = steer_rng_range(&r, -STEER_PI, STEER_PI);
        steer_vec3 tv = steer_scale(steer_space_heading(STEER_SPACE_XY, heading), 3.0f);
        /* Prediction pays off when the target does not come straight at the agent. */
        steer_vec3 away = steer_normalize(steer_sub(tp, a.position));
        if (steer_distance(a.position, tp) < 10.0f || steer_dot(away, tv) < 0.0f) continue;
        trials++;
        int by_pursuit = steps_to_catch(a, tp, tv, true);
        int by_seek = steps_to_catch(a, tp, tv, false);
        CHECK_MSG(by_pursuit >= 0 && by_seek >= 0, "trial %d: no catch", trial);
        CHECK_MSG(by_pursuit <= by_seek, "trial %d: pursue %d steps, seek %d", trial, by_pursuit,
                  by_seek);
        sooner += by_pursuit < by_seek;
    }
    /* Never later (above), and strictly sooner in most trials: 193 of 216 with this seed;
     * the rest tie on chases short enough that both close at full agility. */
    CHECK_MSG(trials > 100 && sooner > trials * 85 / 100, "pursue strictly sooner in only %d of %d",
              sooner, trials);
}

/* The wander force stays within asin(r/d) of forward, so the heading turns smoothly. */
static void wander_heading_change_is_bounded(void)
{
    steer_rng r = steer_rng_make(6u, 0u);
    for (int trial = 0; trial < 50; trial++) {
        steer_agent a = steer_agent_default_reynolds();
        a.velocity = steer_v3(a.max_speed, 0.0f, 0.0f);
        steer_wander_params p = steer_wander_default();
        steer_wander_state st = steer_wander_state_make(&r);
        /* Largest turn one step can make: the force's sideways part over the speed. */
        float bound = asinf(a.max_force / a.mass / (a.max_speed * 0.5f));
        float max_force_angle = asinf(p.circle_radius / p.circle_distance);
        for (int i = 0; i < 2000; i++) {
            steer_vec3 fwd = steer_agent_forward(&a);
            steer_steering s = steer_wander(&a, &p, &st, &r);
            float cos_force = steer_dot(steer_normalize(s.linear), fwd);
            CHECK(cos_force >= cosf(max_force_angle) - 1e-5f);
            steer_vec3 before = steer_normalize(a.velocity);
            steer_integrate_reynolds(&a, s);
            float turn = acosf(steer_clampf(steer_dot(before, steer_normalize(a.velocity)), -1, 1));
            CHECK_MSG(turn <= bound, "trial %d step %d turned %g rad (bound %g)", trial, i,
                      (double)turn, (double)bound);
            CHECK(steer_length(a.velocity) >= a.max_speed * 0.5f);
        }
    }
}

/* Align turns the short way: the orientation moves monotonically towards the target
 * and never travels more than the wrapped difference. */
static void align_never_turns_the_long_way(void)
{
    steer_rng r = steer_rng_make(7u, 0u);
    for (int trial = 0; trial < 1000; trial++) {
        steer_agent a = steer_agent_default();
        a.facing = STEER_FACING_STEERED;
        a.orientation = steer_rng_range(&r, -STEER_PI, STEER_PI);
        a.max_rotation = steer_rng_range(&r, 0.5f, 10.0f);
        a.max_angular_accel = steer_rng_range(&r, 0.5f, 50.0f);
        float target = steer_rng_range(&r, -STEER_PI, STEER_PI);
        float remaining = steer_wrap_angle(target - a.orientation);
        float sign = remaining < 0.0f ? -1.0f : 1.0f;
        float travelled = 0.0f;
        for (int i = 0; i < 5000; i++) {
            float before = a.orientation;
            steer_integrate_kinematic(&a, steer_align(&a, target, NULL), 1.0f / 60.0f);
            float moved = steer_wrap_angle(a.orientation - before);
            CHECK_MSG(moved * sign >= -1e-6f, "trial %d step %d turned the wrong way", trial, i);
            travelled += moved * sign;
        }
        CHECK_MSG(travelled <= fabsf(remaining) + 1e-3f, "trial %d travelled %g of %g", trial,
                  (double)travelled, (double)remaining);
        CHECK(fabsf(steer_wrap_angle(target - a.orientation)) <= 0.011f);
        CHECK(fabsf(a.rotation) < 1e-3f);
    }
}

/* Hash of a wander run: the same seed must give the same bits. */
static uint64_t wander_run_hash(uint64_t seed)
{
    steer_rng r = steer_rng_make(seed, 0u);
    steer_agent a = steer_agent_default_reynolds();
    a.velocity = steer_v3(1.0f, 0.0f, 0.0f);
    steer_wander_state st = steer_wander_state_make(&r);
    uint64_t h = 1469598103934665603ull;
    for (int i = 0; i < 5000; i++) {
        steer_integrate_reynolds(&a, steer_wander(&a, NULL, &st, &r));
        uint32_t bits[2];
        memcpy(&bits[0], &a.position.x, 4);
        memcpy(&bits[1], &a.position.y, 4);
        for (int k = 0; k < 2; k++) h = (h ^ bits[k]) * 1099511628211ull;
    }
    return h;
}

static void same_seed_gives_identical_trajectories(void)
{
    CHECK(wander_run_hash(11u) == wander_run_hash(11u));
    CHECK(wander_run_hash(11u) != wander_run_hash(12u));
}

/* Seconds an agent running at max_speed along +x takes until its velocity points within
 * 1 degree of where the behaviour sends it, 80 degrees to its left (kind 0 seek, 1 flee,
 * 2 pursue, 3 evade, the point 1000 units away, still for pursue and evade). */
static float turn_time(int kind, float max_accel, float max_speed)
{
    steer_agent a = steer_agent_default();
    a.max_accel = max_accel;
    a.max_speed = max_speed;
    a.velocity = steer_v3(max_speed, 0.0f, 0.0f);
    float angle = 80.0f * STEER_PI / 180.0f, sign = kind == 1 || kind == 3 ? -1.0f : 1.0f;
    steer_vec3 p =
        steer_v3(sign * 1000.0f * steer_cos(angle), sign * 1000.0f * steer_sin(angle), 0);
    steer_vec3 want = steer_v3(steer_cos(angle), steer_sin(angle), 0.0f);
    for (int i = 1; i <= 60 * 60; i++) {
        steer_steering s = kind == 0   ? steer_seek(&a, p)
                           : kind == 1 ? steer_flee(&a, p)
                           : kind == 2 ? steer_pursue(&a, p, steer_v3_zero(), NULL)
                                       : steer_evade(&a, p, steer_v3_zero(), NULL);
        steer_agent_step(&a, s, 1.0f / 60.0f);
        if (steer_dot(steer_normalize(a.velocity), want) >= steer_cos(STEER_PI / 180.0f))
            return (float)i / 60.0f;
    }
    return 1e9f;
}

/* max_accel is the agility knob: in the kinematic model seek, flee, pursue and evade
 * reach their desired velocity within time_to_target (0.1 s) where the limit allows, so
 * the time to turn through 80 degrees falls as max_accel rises, until time_to_target
 * binds (it then stays put). Measured at max_speed 5: 3.18 s at max_accel 2, 0.75 s at
 * 10, 0.38 s from 50 up; before, 4.03 s for every max_accel. A faster agent turns more
 * slowly with the same max_accel (the velocity to change is longer). */
static void turn_time_falls_as_max_accel_rises(void)
{
    const float accels[] = {2.0f, 5.0f, 10.0f, 20.0f, 50.0f, 100.0f, 1000.0f};
    for (int kind = 0; kind < 4; kind++) {
        float previous = 1e9f;
        for (int i = 0; i < 7; i++) {
            float t = turn_time(kind, accels[i], 5.0f);
            CHECK_MSG(t < 1e8f, "kind %d max_accel %g never turned", kind, (double)accels[i]);
            if (accels[i] <= 50.0f) /* the limit binds: each step up turns clearly faster */
                CHECK_MSG(t <= 0.8f * previous, "kind %d max_accel %g: %g s after %g s", kind,
                          (double)accels[i], (double)t, (double)previous);
            else /* time_to_target binds: no faster, and within a few time constants */
                CHECK_MSG(t == previous && t <= 0.5f, "kind %d max_accel %g: %g s", kind,
                          (double)accels[i], (double)t);
            previous = t;
        }
        CHECK_NEAR(turn_time(kind, 10.0f, 5.0f), 0.75, 0.02);
        CHECK(turn_time(kind, 10.0f, 10.0f) > turn_time(kind, 10.0f, 5.0f));
    }
}

TEST_MAIN(TEST(seek_never_exceeds_max_speed), TEST(turn_time_falls_as_max_accel_rises),
          TEST(arrive_stops_inside_radius_without_overshoot),
          TEST(arrive_from_moving_start_stays_once_inside), TEST(flee_always_increases_distance),
          TEST(pursue_intercepts_sooner_than_seek), TEST(wander_heading_change_is_bounded),
          TEST(align_never_turns_the_long_way), TEST(same_seed_gives_identical_trajectories))
