/* SPDX-License-Identifier: MIT */
/* Every behaviour's formula against hand-computed numbers, plus the combinators. */
#include "steer/steer.h"
#include "test.h"

/* An agent whose acceleration limit is too high to clip, so formulas show through. */
static steer_agent unclipped(void)
{
    steer_agent a = steer_agent_default();
    a.max_accel = 1000.0f;
    a.max_angular_accel = 1000.0f;
    return a;
}

/* Kinematic seek and flee reach the desired velocity within time_to_target (0.1 s):
 * (desired - velocity) / 0.1, limited to max_accel. Reynolds' per-frame seek is
 * desired - velocity, limited to max_force (tests/test_properties.c replays its runs). */
static void seek_and_flee_by_hand(void)
{
    steer_agent a = unclipped();
    a.velocity = steer_v3(1.0f, 0.0f, 0.0f);
    steer_steering s = steer_seek(&a, steer_v3(0.0f, 10.0f, 0.0f));
    CHECK_NEAR(s.linear.x, -10.0, 1e-5); /* (desired (0,5) - velocity (1,0)) / 0.1 */
    CHECK_NEAR(s.linear.y, 50.0, 1e-5);
    s = steer_flee(&a, steer_v3(0.0f, 10.0f, 0.0f));
    CHECK_NEAR(s.linear.x, -10.0, 1e-5);
    CHECK_NEAR(s.linear.y, -50.0, 1e-5);
    steer_seek_params p = steer_seek_default();
    p.time_to_target = 0.5f;
    s = steer_seek_with(&a, steer_v3(0.0f, 10.0f, 0.0f), &p);
    CHECK_NEAR(s.linear.x, -2.0, 1e-5);
    CHECK_NEAR(s.linear.y, 10.0, 1e-5);
    p.time_to_target = -1.0f; /* reads as 0.1 */
    CHECK_NEAR(steer_flee_with(&a, steer_v3(0.0f, 10.0f, 0.0f), &p).linear.y, -50.0, 1e-5);
    steer_pursue_params pp = {0.0f, 0.5f}; /* no prediction: seek with time_to_target 0.5 */
    CHECK_NEAR(steer_pursue(&a, steer_v3(0.0f, 10.0f, 0.0f), a.velocity, &pp).linear.y, 10.0, 1e-5);
    a.max_accel = 2.0f; /* limited to max_accel */
    CHECK_NEAR(steer_length(steer_seek(&a, steer_v3(0.0f, 10.0f, 0.0f)).linear), 2.0, 1e-6);
    steer_agent r = steer_agent_default_reynolds(); /* max_speed 6, max_force 0.6 */
    r.max_force = 100.0f;
    r.velocity = steer_v3(1.0f, 0.0f, 0.0f);
    s = steer_seek(&r, steer_v3(0.0f, 10.0f, 0.0f));
    CHECK_NEAR(s.linear.x, -1.0, 1e-6); /* desired (0,6) - velocity (1,0), per frame */
    CHECK_NEAR(s.linear.y, 6.0, 1e-6);
    s = steer_seek_with(&r, steer_v3(0.0f, 10.0f, 0.0f), &p); /* time_to_target not used */
    CHECK_NEAR(s.linear.y, 6.0, 1e-6);
}

static void arrive_outside_and_inside_slow_radius(void)
{
    steer_agent a = unclipped();
    steer_arrive_params p = steer_arrive_default(); /* slow 3, time_to_target 0.1 */
    bool arrived = true;
    steer_steering s = steer_arrive(&a, steer_v3(10.0f, 0.0f, 0.0f), &p, &arrived);
    CHECK_NEAR(s.linear.x, 5.0 / 0.1, 1e-4); /* full max_speed 5 */
    CHECK(!arrived);
    s = steer_arrive(&a, steer_v3(2.0f, 0.0f, 0.0f), &p, &arrived);
    CHECK_NEAR(s.linear.x, (5.0 * 2.0 / 3.0) / 0.1, 1e-4); /* max_speed * d / slow */
    CHECK(!arrived);
}

static void arrive_inside_target_radius_brakes_and_reports(void)
{
    steer_agent a = unclipped();
    a.velocity = steer_v3(1.0f, 0.0f, 0.0f);
    steer_arrive_params p = steer_arrive_default();
    bool arrived = true;
    steer_steering s = steer_arrive(&a, steer_v3(0.1f, 0.0f, 0.0f), &p, &arrived);
    CHECK_NEAR(s.linear.x, -1.0 * 60.0, 1e-3); /* desired 0: brake within one step */
    CHECK(!arrived);                           /* inside, but still moving */
    a.velocity = steer_v3_zero();
    s = steer_arrive(&a, steer_v3(0.1f, 0.0f, 0.0f), &p, &arrived);
    CHECK(arrived);
    CHECK(steer_length(s.linear) == 0.0f);
}

/* The cookbook's target speed is capped by the speed from which the agent can still stop. */
static void arrive_caps_speed_by_braking_distance(void)
{
    steer_agent a = steer_agent_default();
    a.max_accel = 1.0f;
    a.velocity = steer_v3(1.7f, 0.0f, 0.0f);
    steer_arrive_params p = steer_arrive_default();
    p.slow_radius = 0.0f; /* the cookbook's rule alone would ask for max_speed 5 */
    double acc = 0.8, h = 1.0 / 60.0, d = 2.0;
    double stop = sqrt(2 * acc * d) - acc * h / 2;
    steer_steering s = steer_arrive(&a, steer_v3(2.0f, 0.0f, 0.0f), &p, NULL);
    CHECK_NEAR(s.linear.x, (stop - 1.7) / 0.1, 1e-4);
    /* Faster than the stopping speed: brake within one step (here limited to max_accel). */
    a.velocity = steer_v3(1.9f, 0.0f, 0.0f);
    a.max_accel = 100.0f;
    acc = 80.0;
    stop = sqrt(2 * acc * d) - acc * h / 2;
    CHECK(stop > 1.9); /* with the higher limit 1.9 is below the stopping speed again */
    a.max_accel = 1.0f;
    s = steer_arrive(&a, steer_v3(2.0f, 0.0f, 0.0f), &p, NULL);
    CHECK_NEAR(s.linear.x, -1.0, 1e-5);
}

static void leave_between_its_radii(void)
{
    steer_agent a = unclipped();
    steer_leave_params p = steer_leave_default(); /* escape 2, danger 6 */
    a.position = steer_v3(4.0f, 0.0f, 0.0f);
    steer_steering s = steer_leave(&a, steer_v3_zero(), &p);
    CHECK_NEAR(s.linear.x, (5.0 - 4.0 / 6.0 * 5.0) / 0.1, 1e-4);
    a.position = steer_v3(1.0f, 0.0f, 0.0f);
    s = steer_leave(&a, steer_v3_zero(), &p);
    CHECK_NEAR(s.linear.x, 5.0 / 0.1, 1e-4); /* inside escape radius: full speed */
    a.position = steer_v3(7.0f, 0.0f, 0.0f);
    s = steer_leave(&a, steer_v3_zero(), &p);
    CHECK(steer_length(s.linear) == 0.0f); /* beyond danger radius: nothing */
}

/* 3.0 -> -3.0 is 0.283 rad the short way, not 6 rad back. */
static void align_wraps_the_short_way(void)
{
    steer_agent a = unclipped();
    a.facing = STEER_FACING_STEERED;
    a.orientation = 3.0f;
    steer_align_params p = steer_align_default();
    double angle = -6.0 + 2.0 * TEST_PI;
    double target_rotation = 2.0 * TEST_PI * angle / 0.5; /* max_rotation * size / slow */
    steer_steering s = steer_align(&a, -3.0f, &p);
    CHECK_NEAR(s.angular, target_rotation / 0.1, 1e-3);
    CHECK(steer_length(s.linear) == 0.0f);
    /* Outside the slow radius: max_rotation, with the sign of the shorter turn. */
    a.orientation = -3.0f;
    s = steer_align(&a, 2.0f, &p); /* 5 rad back = 1.28 rad forward the other way */
    CHECK_NEAR(s.angular, -2.0 * TEST_PI / 0.1, 1e-3);
    /* Zero tolerance, already aligned: no 0/0. */
    p.target_radius = 0.0f;
    a.orientation = 1.0f;
    s = steer_align(&a, 1.0f, &p);
    CHECK(s.angular == 0.0f);
}

static void face_orientation_per_space(void)
{
    steer_agent a = unclipped();
    a.facing = STEER_FACING_STEERED;
    a.space = STEER_SPACE_XZ;
    steer_align_params p = steer_align_default();
    steer_steering f = steer_face(&a, steer_v3(1.0f, 0.0f, 1.0f), &p);
    steer_steering g = steer_align(&a, STEER_PI / 4.0f, &p); /* atan2(x, z) */
    CHECK(f.angular == g.angular && f.angular > 0.0f);
    a.space = STEER_SPACE_XY;
    f = steer_face(&a, steer_v3(0.0f, 1.0f, 5.0f), &p);
    g = steer_align(&a, STEER_PI / 2.0f, &p);
    CHECK(f.angular == g.angular);
    /* Target on the agent: keep the orientation, brake the spin. */
    a.rotation = 1.0f;
    f = steer_face(&a, a.position, &p);
    CHECK_NEAR(f.angular, -1.0 * 60.0, 1e-3); /* within one step (alpha 1000) */
}

static void look_where_going_and_match_velocity(void)
{
    steer_agent a = unclipped();
    a.facing = STEER_FACING_STEERED;
    a.velocity = steer_v3(0.0f, -2.0f, 0.0f);
    steer_steering s = steer_look_where_going(&a, NULL);
    steer_steering g = steer_align(&a, -STEER_PI / 2.0f, NULL);
    CHECK(s.angular == g.angular && s.angular < 0.0f);
    s = steer_match_velocity(&a, steer_v3(1.0f, 0.0f, 0.0f), 0.5f);
    CHECK_NEAR(s.linear.x, 2.0, 1e-5);
    CHECK_NEAR(s.linear.y, 4.0, 1e-5);
}

static void pursue_predicts_with_cap(void)
{
    steer_agent a = unclipped();
    a.velocity = steer_v3(5.0f, 0.0f, 0.0f);
    steer_pursue_params p = steer_pursue_default(); /* max_prediction 1 */
    steer_vec3 tp = steer_v3(10.0f, 0.0f, 0.0f), tv = steer_v3(0.0f, 1.0f, 0.0f);
    steer_steering s = steer_pursue(&a, tp, tv, &p);
    steer_steering g = steer_seek(&a, steer_v3(10.0f, 1.0f, 0.0f)); /* t = cap = 1 */
    CHECK(s.linear.x == g.linear.x && s.linear.y == g.linear.y);
    p.max_prediction = 5.0f; /* now t = distance / speed = 2 */
    s = steer_pursue(&a, tp, tv, &p);
    g = steer_seek(&a, steer_v3(10.0f, 2.0f, 0.0f));
    CHECK(s.linear.x == g.linear.x && s.linear.y == g.linear.y);
    s = steer_evade(&a, tp, tv, &p);
    g = steer_flee(&a, steer_v3(10.0f, 2.0f, 0.0f));
    CHECK(s.linear.x == g.linear.x && s.linear.y == g.linear.y);
}

/* Reynolds' circle: center = normalize(v) * distance, displacement at wander_angle, then the
 * angle moves by random * change - change / 2. */
static void wander_circle_by_hand(void)
{
    steer_agent a = unclipped();
    a.velocity = steer_v3(2.0f, 0.0f, 0.0f);
    steer_wander_params p = steer_wander_default(); /* 2, 1, 0.5 */
    steer_wander_state st = {0.3f, {0.0f, 0.0f, 0.0f}};
    steer_rng rng = steer_rng_make(5u, 0u), copy = rng;
    steer_steering s = steer_wander(&a, &p, &st, &rng);
    CHECK_NEAR(s.linear.x, 2.0 + cos(0.3), 1e-6);
    CHECK_NEAR(s.linear.y, sin(0.3), 1e-6);
    float r = steer_rng_float(&copy);
    CHECK_NEAR(st.angle, 0.3 + r * 0.5 - 0.25, 1e-6);
}

static void wander_target_redraws_on_interval(void)
{
    steer_agent a = unclipped();
    steer_wander_target_params p = steer_wander_target_default();
    p.interval = 1.0f;
    steer_wander_target_state st = {{0.0f, 0.0f, 0.0f}, 0.0f, false};
    steer_rng rng = steer_rng_make(3u, 0u);
    steer_wander_target(&a, &p, &st, &rng, 0.25f);
    steer_vec3 first = st.target;
    CHECK(st.has_target && first.x >= -50.0f && first.x < 50.0f && first.z == 0.0f);
    for (int i = 0; i < 3; i++) steer_wander_target(&a, &p, &st, &rng, 0.25f);
    CHECK(st.target.x == first.x && st.target.y == first.y); /* 0.75 s: same target */
    steer_steering s = steer_wander_target(&a, &p, &st, &rng, 0.25f);
    CHECK(st.target.x != first.x); /* interval over: a new one */
    steer_steering g = steer_seek(&a, st.target);
    CHECK(s.linear.x == g.linear.x && s.linear.y == g.linear.y);
}

static void blend_weights_and_truncates(void)
{
    steer_agent a = steer_agent_default(); /* max_accel 10 */
    steer_weighted w[3] = {{{{1.0f, 0.0f, 0.0f}, 0.5f}, 2.0f},
                           {{{0.0f, 3.0f, 0.0f}, 1.0f}, 1.0f},
                           {{{NAN, 0.0f, 0.0f}, 0.0f}, 1.0f}};
    steer_steering s = steer_blend(&a, w, 3);
    CHECK_NEAR(s.linear.x, 2.0, 1e-6);
    CHECK_NEAR(s.linear.y, 3.0, 1e-6);
    CHECK_NEAR(s.angular, 2.0, 1e-6);
    w[0].weight = 100.0f;
    s = steer_blend(&a, w, 2);
    CHECK_NEAR(steer_length(s.linear), 10.0, 1e-5);
    CHECK(s.angular == a.max_angular_accel);
}

static void priority_takes_first_significant(void)
{
    steer_steering g[3] = {steer_steering_zero(), steer_steering_zero(), steer_steering_zero()};
    g[0].linear = steer_v3(1e-5f, 0.0f, 0.0f);
    g[1].linear = steer_v3(0.0f, 2.0f, 0.0f);
    g[2].linear = steer_v3(7.0f, 0.0f, 0.0f);
    int chosen = -2;
    steer_steering s = steer_priority(g, 3, 1e-3f, &chosen);
    CHECK(chosen == 1 && s.linear.y == 2.0f);
    g[1].linear = steer_v3_zero();
    g[2].linear = steer_v3(1e-4f, 0.0f, 0.0f);
    s = steer_priority(g, 3, 1e-3f, &chosen);
    CHECK(chosen == 2 && s.linear.x == 1e-4f); /* none significant: the last */
    s = steer_priority(g, 0, 1e-3f, &chosen);
    CHECK(chosen == -1 && steer_length(s.linear) == 0.0f);
    /* Nesting: a priority of blends. */
    steer_agent a = steer_agent_default();
    steer_weighted w[1] = {{g[0], 1.0f}};
    steer_steering nested[2] = {steer_blend(&a, w, 1), steer_seek(&a, steer_v3(5, 0, 0))};
    s = steer_priority(nested, 2, 1e-3f, &chosen);
    CHECK(chosen == 1 && s.linear.x > 0.0f);
}

/* The cookbook's Arrive against the default where they differ, by hand. Agent max_accel 1
 * at 2.5 units/s, 2 units short of the target, slow_radius 3, time_to_target 0.1:
 *   cookbook: target speed 5 * 2 / 3 = 3.333, linear (3.333 - 2.5) / 0.1 = 8.33,
 *             limited to 1: it speeds up;
 *   default:  v_stop = sqrt(2 * 0.8 * 2) - 0.8 / 60 / 2 = 1.7822 < 2.5: it brakes at
 *             the limit, -1.
 * Inside target_radius (d = 0.1) at 1 unit/s with max_accel 1000: the cookbook returns
 * no steering; the default brakes to rest in one step, -1 / (1/60) = -60. */
static void arrive_cookbook_formula_by_hand(void)
{
    steer_agent a = steer_agent_default();
    a.max_accel = 1.0f;
    a.velocity = steer_v3(2.5f, 0.0f, 0.0f);
    steer_arrive_params p = steer_arrive_default();
    steer_vec3 t = steer_v3(2.0f, 0.0f, 0.0f);
    CHECK_NEAR(steer_arrive(&a, t, &p, NULL).linear.x, -1.0, 1e-5);
    p.cookbook = true;
    CHECK_NEAR(steer_arrive(&a, t, &p, NULL).linear.x, 1.0, 1e-5);
    a.max_accel = 1000.0f;
    CHECK_NEAR(steer_arrive(&a, t, &p, NULL).linear.x, (5.0 * 2.0 / 3.0 - 2.5) / 0.1, 1e-3);
    a.velocity = steer_v3(1.0f, 0.0f, 0.0f);
    t = steer_v3(0.1f, 0.0f, 0.0f);
    bool arrived = true;
    steer_steering s = steer_arrive(&a, t, &p, &arrived);
    CHECK(s.linear.x == 0.0f && s.linear.y == 0.0f && !arrived);
    p.cookbook = false;
    CHECK_NEAR(steer_arrive(&a, t, &p, NULL).linear.x, -60.0, 1e-3);
    /* On the target with a zero target radius: no 0/0. */
    p.cookbook = true;
    p.target_radius = 0.0f;
    s = steer_arrive(&a, a.position, &p, NULL);
    CHECK(s.linear.x == 0.0f && s.linear.y == 0.0f);
}

/* The cookbook's Align against the default, by hand. max_angular_accel 2, spinning at
 * 2 rad/s, 0.25 rad to go, slow_radius 0.5, max_rotation 2 pi:
 *   cookbook: target rotation 2 pi * 0.25 / 0.5 = pi, (pi - 2) / 0.1 = 11.4, limited
 *             to +2: it keeps speeding up;
 *   default:  stopping speed sqrt(2 * 1.6 * 0.25) - 1.6 / 120 = 0.881 < 2: brakes, -2.
 * Inside target_radius (0.005 rad) spinning at 3 rad/s with max_angular_accel 1000: the
 * cookbook returns no steering; the default brakes in one step, -3 * 60 = -180. */
static void align_cookbook_formula_by_hand(void)
{
    steer_agent a = steer_agent_default();
    a.facing = STEER_FACING_STEERED;
    a.max_angular_accel = 2.0f;
    a.rotation = 2.0f;
    steer_align_params p = steer_align_default();
    CHECK_NEAR(steer_align(&a, 0.25f, &p).angular, -2.0, 1e-6);
    p.cookbook = true;
    CHECK_NEAR(steer_align(&a, 0.25f, &p).angular, 2.0, 1e-6);
    a.max_angular_accel = 1000.0f;
    CHECK_NEAR(steer_align(&a, 0.25f, &p).angular, (TEST_PI - 2.0) / 0.1, 1e-3);
    a.rotation = 3.0f;
    CHECK(steer_align(&a, 0.005f, &p).angular == 0.0f);
    CHECK(steer_face(&a, steer_v3(1.0f, 0.005f, 0.0f), &p).angular == 0.0f);
    p.cookbook = false;
    CHECK_NEAR(steer_align(&a, 0.005f, &p).angular, -180.0, 1e-2);
    CHECK_NEAR(steer_face(&a, steer_v3(1.0f, 0.005f, 0.0f), &p).angular, -180.0, 1e-2);
    p.cookbook = true; /* already aligned, zero tolerance: no 0/0 */
    p.target_radius = 0.0f;
    CHECK(steer_align(&a, a.orientation, &p).angular == 0.0f);
}

/* The overshoot docs/behaviours.md states: the default agent (max_speed 5, max_accel 10)
 * arriving from rest 10 units away with the default radii, at 60 Hz for 20 s, passes the
 * target by 0.27 with the cookbook's formula and never with the default. */
static float arrive_overshoot(bool cookbook, float max_accel)
{
    steer_agent a = steer_agent_default();
    a.max_accel = max_accel;
    steer_arrive_params p = steer_arrive_default();
    p.cookbook = cookbook;
    float over = 0.0f;
    for (int i = 0; i < 60 * 20; i++) {
        steer_agent_step(&a, steer_arrive(&a, steer_v3(10.0f, 0.0f, 0.0f), &p, NULL), 1.0f / 60);
        if (a.position.x - 10.0f > over) over = a.position.x - 10.0f;
    }
    return over;
}

static void arrive_cookbook_overshoots_as_documented(void)
{
    CHECK(arrive_overshoot(false, 10.0f) == 0.0f);
    CHECK_NEAR(arrive_overshoot(true, 10.0f), 0.27, 0.01);
    CHECK_NEAR(arrive_overshoot(true, 2.0f), 3.79, 0.01);
}

TEST_MAIN(TEST(seek_and_flee_by_hand), TEST(arrive_cookbook_formula_by_hand),
          TEST(align_cookbook_formula_by_hand), TEST(arrive_cookbook_overshoots_as_documented),
          TEST(arrive_outside_and_inside_slow_radius),
          TEST(arrive_inside_target_radius_brakes_and_reports),
          TEST(arrive_caps_speed_by_braking_distance), TEST(leave_between_its_radii),
          TEST(align_wraps_the_short_way), TEST(face_orientation_per_space),
          TEST(look_where_going_and_match_velocity), TEST(pursue_predicts_with_cap),
          TEST(wander_circle_by_hand), TEST(wander_target_redraws_on_interval),
          TEST(blend_weights_and_truncates), TEST(priority_takes_first_significant))
