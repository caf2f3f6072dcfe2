/* SPDX-License-Identifier: MIT */
/* Polyline paths and path following: parameters, the cursor's guarantees (never skips,
 * never jumps back, arrives at the end), the corner bound, bad input. */
#include "steer/steer.h"
#include "test.h"

#include <float.h>

static steer_path_node nodes[64];

static steer_path make_path(const steer_vec3 *pts, int n, bool closed, float radius)
{
    steer_path path;
    steer_path_init(&path, nodes, 64, pts, n, closed, radius);
    return path;
}

static void length_and_point_at(void)
{
    const steer_vec3 pts[3] = {{0, 0, 0}, {3, 0, 0}, {3, 4, 0}};
    steer_path open = make_path(pts, 3, false, 1.0f);
    CHECK(open.count == 3);
    CHECK_NEAR(steer_path_length(&open), 7.0, 1e-6);
    steer_vec3 p = steer_path_point_at(&open, 5.0f);
    CHECK(p.x == 3.0f && p.y == 2.0f);
    CHECK(steer_path_point_at(&open, -3.0f).x == 0.0f);  /* clamped */
    CHECK(steer_path_point_at(&open, 100.0f).y == 4.0f); /* clamped */
    steer_path closed = make_path(pts, 3, true, 1.0f);
    CHECK_NEAR(steer_path_length(&closed), 12.0, 1e-6);
    p = steer_path_point_at(&closed,
                            12.0f + 9.5f); /* wraps: 2.5 back along the 5-long closing leg */
    CHECK_NEAR(p.x, 1.5, 1e-5);
    CHECK_NEAR(p.y, 2.0, 1e-5);
    p = steer_path_point_at(&closed, -2.5f);
    CHECK_NEAR(p.x, 1.5, 1e-5);
}

static void parameter_round_trip(void)
{
    const steer_vec3 pts[5] = {{0, 0, 0}, {10, 0, 0}, {10, 0, 10}, {20, 0, 15}, {25, 0, 30}};
    steer_path path = make_path(pts, 5, false, 1.0f);
    for (float s = 0.0f; s <= path.length; s += 0.37f) {
        steer_vec3 p = steer_path_point_at(&path, s);
        CHECK_NEAR(steer_path_parameter(&path, p), s, 1e-3);
        CHECK_NEAR(steer_path_parameter_near(&path, p, s > 2.0f ? s - 2.0f : 0.0f, 4.0f), s, 1e-3);
        /* A point off the path maps to the foot of its perpendicular. */
        steer_vec3 off = steer_add(p, steer_v3(0.0f, 3.0f, 0.0f));
        CHECK_NEAR(steer_path_parameter(&path, off), s, 1e-3);
    }
}

/* A figure eight: the path crosses itself at the origin. */
static int figure_eight(steer_vec3 *pts)
{
    int n = 0;
    for (int i = 0; i < 48; i++) {
        float t = (float)i / 48.0f * STEER_TAU, s, c;
        steer_sincos(t, &s, &c);
        float s2, c2;
        steer_sincos(2.0f * t, &s2, &c2);
        pts[n++] = steer_v3(12.0f * s, 6.0f * s2, 0.0f);
    }
    return n;
}

static void local_search_ignores_the_other_pass(void)
{
    steer_vec3 pts[48];
    steer_path path = make_path(pts, figure_eight(pts), true, 0.5f);
    /* Both passes through the crossing are equally close to it; the local search keeps
     * the pass the cursor is on. */
    float first = steer_path_parameter_near(&path, steer_v3_zero(), 0.0f, 2.0f);
    float half = path.length * 0.5f;
    float second = steer_path_parameter_near(&path, steer_v3_zero(), half - 1.0f, 2.0f);
    CHECK(first < 0.01f);
    CHECK_NEAR(second, half, 0.05);
    /* Window 0 stays put; the result may pass the end of a closed path. */
    CHECK(steer_path_parameter_near(&path, steer_v3(100, 0, 0), 3.0f, 0.0f) == 3.0f);
    float beyond = steer_path_parameter_near(&path, steer_path_point_at(&path, 1.0f),
                                             path.length - 1.0f, 3.0f);
    CHECK_NEAR(beyond, path.length + 1.0f, 1e-3);
}

/* Runs a follower; reports the largest distance from the path, waypoint visits and
 * cursor progress. Returns steps until arrival (open) or the step count. */
typedef struct follow_run {
    float worst_off;   /* largest distance from the path's centreline */
    float closest[64]; /* closest approach to each waypoint */
    int order_ok;      /* waypoints were passed in order, one per call at most */
    int backwards;     /* times the cursor's progress went down */
    int arrived_at;
    float progress; /* lap * length + s at the end */
} follow_run;

static float distance_to_path(const steer_path *path, steer_vec3 p)
{
    return steer_distance(p, steer_path_point_at(path, steer_path_parameter(path, p)));
}

static follow_run run_follower(steer_agent *a, const steer_path *path,
                               const steer_path_follow_params *p, int steps, float dt)
{
    follow_run r = {0.0f, {0}, 1, 0, -1, 0.0f};
    for (int i = 0; i < path->count; i++) r.closest[i] = 1e30f;
    steer_path_cursor c = {0};
    float last_progress = 0.0f;
    for (int step = 0; step < steps; step++) {
        int node_before = c.node, lap_before = c.lap;
        bool arrived;
        steer_steering s = steer_follow_path(a, path, p, &c, &arrived);
        int passed = (c.node - node_before) + (c.lap - lap_before) * path->count;
        if (passed < 0 || passed > 1) r.order_ok = 0;
        float progress = (float)c.lap * path->length + c.s;
        if (progress < last_progress) r.backwards++;
        last_progress = progress;
        if (arrived && r.arrived_at < 0) r.arrived_at = step;
        if (arrived && path->closed == false) break;
        steer_agent_step(a, s, dt);
        float off = distance_to_path(path, a->position);
        if (off > r.worst_off) r.worst_off = off;
        for (int i = 0; i < path->count; i++) {
            float d = steer_distance(a->position, path->nodes[i].point);
            /* Only count a waypoint's visit while the cursor is around it. */
            int near =
                c.node == i || c.node == i + 1 || (path->closed && c.node == path->count && i == 0);
            if (near && d < r.closest[i]) r.closest[i] = d;
        }
    }
    r.progress = last_progress;
    return r;
}

static float corner_bound(const steer_agent *a, const steer_path_follow_params *p, float dt)
{
    return (p->lead + a->max_speed * p->predict_time) * 0.5f +
           a->max_speed * a->max_speed / a->max_accel + a->max_speed * dt;
}

/* A zig-zag whose later legs pass near earlier waypoints: a follower that projects on
 * the whole path would jump ahead; the cursor visits every waypoint in order. */
static void never_skips_a_waypoint(void)
{
    const steer_vec3 pts[7] = {{0, 0, 0}, {20, 0, 0}, {20, 3, 0}, {0, 3, 0},
                               {0, 6, 0}, {20, 6, 0}, {20, 9, 0}};
    steer_path path = make_path(pts, 7, false, 0.5f);
    steer_agent a = steer_agent_default();
    steer_path_follow_params p = steer_path_follow_default();
    follow_run r = run_follower(&a, &path, &p, 60 * 60, 1.0f / 60.0f);
    CHECK(r.order_ok);
    CHECK(r.arrived_at > 0);
    float bound = corner_bound(&a, &p, 1.0f / 60.0f);
    for (int i = 0; i < 7; i++)
        CHECK_MSG(r.closest[i] <= bound, "waypoint %d: %g", i, (double)r.closest[i]);
    CHECK_MSG(r.worst_off <= bound, "off %g bound %g", (double)r.worst_off, (double)bound);
}

static void no_jump_back_on_a_self_crossing_loop(void)
{
    steer_vec3 pts[48];
    steer_path path = make_path(pts, figure_eight(pts), true, 0.5f);
    steer_agent a = steer_agent_default();
    a.position = pts[0];
    steer_path_follow_params p = steer_path_follow_default();
    float dt = 1.0f / 60.0f;
    int steps = (int)(3.0f * path.length / a.max_speed / dt); /* about three laps */
    follow_run r = run_follower(&a, &path, &p, steps, dt);
    CHECK(r.backwards == 0);
    CHECK(r.order_ok);
    CHECK_MSG(r.progress > 2.0f * path.length, "progress %g of %g", (double)r.progress,
              (double)path.length);
    CHECK(r.worst_off <= corner_bound(&a, &p, dt));
}

static void arrives_and_reports_it_at_the_open_end(void)
{
    const steer_vec3 pts[4] = {{0, 0, 0}, {8, 0, 0}, {8, 0, 8}, {-4, 0, 12}};
    steer_path path = make_path(pts, 4, false, 1.0f);
    steer_agent a = steer_agent_default();
    a.space = STEER_SPACE_XZ;
    a.model = STEER_MODEL_REYNOLDS;
    a.max_speed = 0.2f;
    a.max_force = 0.05f;
    steer_path_follow_params p = steer_path_follow_default();
    p.arrive.slow_radius = 2.0f;
    steer_path_cursor c = {0};
    int arrived_at = -1;
    for (int step = 0; step < 4000; step++) {
        bool arrived;
        steer_steering s = steer_follow_path(&a, &path, &p, &c, &arrived);
        CHECK(arrived == c.arrived);
        if (arrived) {
            arrived_at = step;
            break;
        }
        steer_agent_step(&a, s, 1.0f);
    }
    CHECK(arrived_at > 0);
    CHECK(steer_distance(a.position, pts[3]) <= p.arrive.target_radius);
    CHECK(steer_length(a.velocity) <= p.arrive.rest_speed);
    CHECK(c.node == 3 && c.s >= path.length - p.lead);
}

/* Corners from gentle to hairpin, at several speeds and both models: the agent stays
 * within the documented bound of the centreline. */
static void corner_bound_holds(void)
{
    for (int deg = 10; deg <= 175; deg += 15) {
        for (int speed = 2; speed <= 8; speed += 3) {
            float turn = (float)deg * STEER_PI / 180.0f, s, c;
            steer_sincos(turn, &s, &c);
            const steer_vec3 pts[3] = {{-30, 0, 0}, {0, 0, 0}, {30.0f * c, 30.0f * s, 0}};
            steer_path path = make_path(pts, 3, false, 0.0f); /* zero radius is fine */
            steer_agent a = steer_agent_default();
            a.position = pts[0];
            a.max_speed = (float)speed;
            a.max_accel = 12.0f;
            steer_path_follow_params p = steer_path_follow_default();
            float dt = 1.0f / 60.0f;
            follow_run r = run_follower(&a, &path, &p, 60 * 40, dt);
            float bound = corner_bound(&a, &p, dt);
            CHECK_MSG(r.worst_off <= bound, "turn %d deg speed %d: off %g bound %g", deg, speed,
                      (double)r.worst_off, (double)bound);
            CHECK_MSG(r.arrived_at > 0, "turn %d speed %d never arrived", deg, speed);
        }
    }
}

static void closed_path_laps(void)
{
    const steer_vec3 square[5] = {{0, 0, 0}, {10, 0, 0}, {10, 10, 0}, {0, 10, 0}, {0, 0, 0}};
    steer_path path = make_path(square, 5, true, 1.0f);
    CHECK(path.count == 4 && path.length == 40.0f); /* the repeated first point is dropped */
    steer_agent a = steer_agent_default();
    steer_path_follow_params p = steer_path_follow_default();
    steer_path_cursor c = {0};
    for (int step = 0; step < 60 * 30; step++)
        steer_agent_step(&a, steer_follow_path(&a, &path, &p, &c, NULL), 1.0f / 60.0f);
    CHECK_MSG(c.lap >= 2 && c.lap <= 4, "laps %d", c.lap); /* ~150 units at <= 5 units/s */
    CHECK(!c.arrived);
}

static void bad_input(void)
{
    const float nan = nanf("");
    steer_agent a = steer_agent_default();
    steer_path_cursor c = {0};
    bool arrived = false;
    /* Empty path: zero steering, arrived. */
    steer_path path = make_path(NULL, 0, false, 1.0f);
    CHECK(path.count == 0 && path.length == 0.0f);
    steer_steering s = steer_follow_path(&a, &path, NULL, &c, &arrived);
    CHECK(arrived && s.linear.x == 0.0f && s.linear.y == 0.0f);
    CHECK(steer_path_point_at(&path, 1.0f).x == 0.0f &&
          steer_path_parameter(&path, a.position) == 0.0f);
    /* One point (also after dropping NaN and repeats): arrive there. */
    const steer_vec3 one[4] = {{nan, 0, 0}, {4, 0, 0}, {4, 0, 0}, {4, INFINITY, 0}};
    path = make_path(one, 4, true, -2.0f);
    CHECK(path.count == 1 && path.length == 0.0f && path.radius == 0.0f);
    s = steer_follow_path(&a, &path, NULL, &c, &arrived);
    CHECK(!arrived && s.linear.x > 0.0f);
    CHECK(steer_path_point_at(&path, 3.0f).x == 4.0f);
    /* Duplicates and NaN in the middle are skipped. */
    const steer_vec3 dup[6] = {{0, 0, 0}, {0, 0, 0}, {nan, nan, nan},
                               {5, 0, 0}, {5, 0, 0}, {5, 5, 0}};
    path = make_path(dup, 6, false, nan);
    CHECK(path.count == 3 && path.length == 10.0f && path.radius == 0.0f);
    CHECK(steer_path_parameter(&path, steer_v3(nan, 0, 0)) == 0.0f);
    CHECK(steer_path_parameter_near(&path, steer_v3(9, 9, 0), nan, nan) == 0.0f);
    CHECK(steer_path_point_at(&path, nan).x == 0.0f);
    /* Capacity limits the waypoints kept. */
    steer_path small;
    CHECK(steer_path_init(&small, nodes, 2, dup, 6, false, 1.0f) == 2 && small.length == 5.0f);
    CHECK(steer_path_init(&small, NULL, 2, dup, 6, false, 1.0f) == 0 && small.count == 0);
    /* A corrupt cursor restarts. */
    c.s = nan;
    c.node = 99;
    s = steer_follow_path(&a, &path, NULL, &c, &arrived);
    CHECK(c.node <= 1 && steer_is_finite(c.s) && steer_v3_is_finite(s.linear));
    a.velocity.x = nan;
    s = steer_follow_path(&a, &path, NULL, &c, &arrived);
    CHECK(!arrived && s.linear.x == 0.0f);
}

/* Waypoints at +-FLT_MAX: a segment whose length overflows float had made the length inf
 * and every point NaN. Such points are skipped; what is kept is finite everywhere, also
 * for a follower far away. */
static void far_waypoints(void)
{
    const float m = FLT_MAX;
    const steer_vec3 pts[5] = {{-m, 0, 0}, {m, 0, 0}, {-m, 1e30f, 0}, {-m, 2e30f, 0}, {1, 1, 0}};
    for (int closed = 0; closed < 2; closed++) {
        steer_path path = make_path(pts, 5, closed != 0, 1.0f);
        CHECK_MSG(path.count == 1 && path.length == 0.0f, "closed %d: %d kept, length %g", closed,
                  path.count, (double)path.length);
        /* 1e19 apart: the square still fits, so the two are kept. */
        const steer_vec3 ok[2] = {{-5e18f, 0, 0}, {5e18f, 0, 0}};
        path = make_path(ok, 2, closed != 0, 1.0f);
        CHECK(path.count == 2 && steer_is_finite(path.length) && path.length >= 1e19f);
        const float s_at[5] = {0.0f, 1e18f, 3e19f, -m, m};
        for (int i = 0; i < 5; i++) {
            CHECK(steer_v3_is_finite(steer_path_point_at(&path, s_at[i])));
            steer_vec3 q = steer_v3(s_at[i], -s_at[i], 0.0f);
            CHECK(steer_is_finite(steer_path_parameter(&path, q)));
            CHECK(steer_is_finite(steer_path_parameter_near(&path, q, s_at[i], 1e30f)));
        }
        steer_agent a = steer_agent_default();
        a.position = steer_v3(-m, m, 0.0f);
        steer_path_cursor c = {0};
        bool arrived = false;
        CHECK(steer_v3_is_finite(steer_follow_path(&a, &path, NULL, &c, &arrived).linear));
    }
}

/* The approach walker's spline mode end to end: plan k waypoints ahead, fit a spline, sample it and
 * follow the samples as a path. */
static void walker_plan_spline_follow(void)
{
    steer_rng rng = steer_rng_make(42u, 0u);
    steer_vec3 plan[9];
    plan[0] = steer_v3(10.0f, 0.0f, 10.0f);
    bool reached;
    int n = 1 + steer_approach_plan(STEER_SPACE_XZ, plan[0], steer_v3_zero(), NULL, &rng, plan + 1,
                                    8, &reached);
    CHECK(reached && n >= 3);
    static steer_vec3 samples[256];
    float length = steer_spline_length(plan, n);
    int m = steer_spline_sample(plan, n, length / 60.0f, samples, 256);
    CHECK(m == 61);
    static steer_path_node storage[256];
    steer_path path;
    CHECK(steer_path_init(&path, storage, 256, samples, m, false, 0.25f) == m);
    steer_agent a = steer_agent_default();
    a.space = STEER_SPACE_XZ;
    a.position = plan[0];
    steer_path_follow_params p = steer_path_follow_default();
    follow_run r = run_follower(&a, &path, &p, 60 * 30, 1.0f / 60.0f);
    CHECK(r.arrived_at > 0 && r.order_ok && r.backwards == 0);
    CHECK(steer_distance(a.position, steer_v3_zero()) <= p.arrive.target_radius);
}

TEST_MAIN(TEST(length_and_point_at), TEST(parameter_round_trip),
          TEST(local_search_ignores_the_other_pass), TEST(never_skips_a_waypoint),
          TEST(no_jump_back_on_a_self_crossing_loop), TEST(arrives_and_reports_it_at_the_open_end),
          TEST(corner_bound_holds), TEST(closed_path_laps), TEST(bad_input), TEST(far_waypoints),
          TEST(walker_plan_spline_follow))
