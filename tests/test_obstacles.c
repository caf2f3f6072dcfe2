/* SPDX-License-Identifier: MIT */
/* Obstacle behaviours: avoidance through random fields, walls, containment, hide,
 * interpose, offset pursuit, and their bad input. */
#include "steer/steer.h"
#include "test.h"

#define FIELD_MAX 40

/* A random field of circles between start (0,0) and goal (100, gy), with gaps wide
 * enough for the agent (so a path exists), none covering the start or the goal. */
static int make_field(steer_rng *r, steer_circle *c, float body, steer_vec3 goal)
{
    int n = 0;
    for (int tries = 0; tries < 400 && n < FIELD_MAX; tries++) {
        steer_circle k;
        k.center = steer_v3(steer_rng_range(r, 10, 90), steer_rng_range(r, -25, 25), 0);
        k.radius = steer_rng_range(r, 0.5f, 3.0f);
        bool ok = steer_distance(k.center, goal) > k.radius + 3.0f;
        for (int i = 0; i < n && ok; i++)
            ok = steer_distance(k.center, c[i].center) > k.radius + c[i].radius + 6.0f * body;
        if (ok) c[n++] = k;
    }
    return n;
}

static void avoidance_never_penetrates_and_reaches_goal(void)
{
    steer_rng r = steer_rng_make(31u, 0u);
    int reached = 0, scenes = 2000;
    double worst = 0.0;
    for (int scene = 0; scene < scenes; scene++) {
        steer_agent a = steer_agent_default();
        a.max_speed = steer_rng_range(&r, 2.0f, 8.0f);
        a.max_accel = steer_rng_range(&r, 8.0f, 30.0f);
        a.radius = steer_rng_range(&r, 0.3f, 1.0f);
        steer_vec3 goal = steer_v3(100.0f, steer_rng_range(&r, -10, 10), 0.0f);
        steer_circle field[FIELD_MAX];
        int n = make_field(&r, field, a.radius, goal);
        steer_obstacles obs = {field, n, NULL, 0, NULL, 0};
        bool arrived = false;
        for (int step = 0; step < 20000 && !arrived; step++) {
            steer_steering g[2] = {steer_avoid_obstacles(&a, &obs, NULL),
                                   steer_arrive(&a, goal, NULL, &arrived)};
            steer_integrate_kinematic(&a, steer_priority(g, 2, 1e-4f, NULL), 1.0f / 60.0f);
            for (int i = 0; i < n; i++) {
                double pen =
                    field[i].radius + a.radius - steer_distance(a.position, field[i].center);
                worst = pen / a.radius > worst ? pen / a.radius : worst;
                CHECK_MSG(pen <= 0.05 * a.radius,
                          "scene %d step %d: penetration %.3f of radius %.2f", scene, step, pen,
                          (double)a.radius);
            }
        }
        CHECK_MSG(arrived, "scene %d: stuck at (%.2f, %.2f)", scene, (double)a.position.x,
                  (double)a.position.y);
        reached += arrived;
    }
    printf("avoidance: %d/%d scenes reached, worst penetration %.4f of the radius\n", reached,
           scenes, worst);
}

/* Count sign changes of v (ignoring values within eps of zero). */
static int sign_changes(const float *v, int n, float eps)
{
    int changes = 0, last = 0;
    for (int i = 0; i < n; i++) {
        int s = v[i] > eps ? 1 : (v[i] < -eps ? -1 : 0);
        if (s != 0 && last != 0 && s != last) changes++;
        if (s != 0) last = s;
    }
    return changes;
}

/* Seeking a goal on the far side of a long wall, avoidance blended with seek: the agent
 * slides along the wall in a narrow band, without zig-zagging: after settling, the
 * sideways velocity never swings past 1% of the speed in alternating directions more
 * than a few times (a visible wobble would flip it every few steps). */
static void sliding_along_wall_is_steady(void)
{
    steer_segment wall = {{-200.0f, 0.0f, 0.0f}, {200.0f, 0.0f, 0.0f}};
    steer_obstacles obs = {NULL, 0, &wall, 1, NULL, 0};
    steer_agent a = steer_agent_default();
    a.position = steer_v3(-100.0f, 4.0f, 0.0f);
    steer_vec3 goal = steer_v3(300.0f, -30.0f, 0.0f); /* behind the wall */
    static float lateral[3000];
    float lo = 1e9f, hi = -1e9f;
    for (int step = 0; step < 3000; step++) {
        steer_weighted w[2] = {{steer_avoid_obstacles(&a, &obs, NULL), 1.0f},
                               {steer_seek(&a, goal), 1.0f}};
        steer_integrate_kinematic(&a, steer_blend(&a, w, 2), 1.0f / 60.0f);
        CHECK_MSG(a.position.y >= a.radius * 0.95f, "step %d touched the wall: y %g", step,
                  (double)a.position.y);
        lateral[step] = a.velocity.y;
        if (step >= 1200) {
            lo = a.position.y < lo ? a.position.y : lo;
            hi = a.position.y > hi ? a.position.y : hi;
        }
    }
    CHECK(a.position.x > 0.0f); /* it kept moving along */
    CHECK_MSG(hi - lo < 0.05f, "band %g..%g", (double)lo, (double)hi);
    int changes = sign_changes(lateral + 1200, 1800, 0.01f * a.max_speed);
    CHECK_MSG(changes <= 4, "lateral velocity changed sign %d times", changes);
}

/* A corridor only 30% wider than the agent: it goes straight through, never touching
 * a wall and never braked by walls that are beside it rather than ahead. */
static void narrow_corridor(void)
{
    steer_agent a = steer_agent_default();
    float half = 1.3f * a.radius;
    steer_segment walls[2] = {{{-10, half, 0}, {200, half, 0}}, {{-10, -half, 0}, {200, -half, 0}}};
    steer_obstacles obs = {NULL, 0, walls, 2, NULL, 0};
    a.position = steer_v3(0.0f, 0.05f, 0.0f);
    bool arrived = false;
    int step = 0;
    for (; step < 6000 && !arrived; step++) {
        steer_steering g[2] = {steer_avoid_obstacles(&a, &obs, NULL),
                               steer_arrive(&a, steer_v3(150, 0, 0), NULL, &arrived)};
        steer_integrate_kinematic(&a, steer_priority(g, 2, 1e-4f, NULL), 1.0f / 60.0f);
        CHECK_MSG(fabsf(a.position.y) + a.radius <= half + 1e-4f, "step %d y %g", step,
                  (double)a.position.y);
    }
    CHECK(arrived);
    CHECK_MSG(step < 150.0f / a.max_speed * 60.0f * 1.2f, "took %d steps", step);
}

static void wall_following_holds_distance(void)
{
    steer_segment wall = {{-500.0f, 0.0f, 0.0f}, {500.0f, 0.0f, 0.0f}};
    steer_obstacles obs = {NULL, 0, &wall, 1, NULL, 0};
    steer_agent a = steer_agent_default();
    a.position = steer_v3(-100.0f, 5.0f, 0.0f);
    a.velocity = steer_v3(2.0f, 0.0f, 0.0f);
    steer_wall_follow_params p = steer_wall_follow_default();
    p.distance = 1.5f;
    static float lateral[1200];
    for (int step = 0; step < 1200; step++) {
        steer_integrate_kinematic(&a, steer_follow_wall(&a, &obs, &p), 1.0f / 60.0f);
        lateral[step] = a.velocity.y;
    }
    CHECK_NEAR(a.position.y - a.radius, 1.5, 0.05);
    CHECK_NEAR(a.velocity.x, a.max_speed, 0.05); /* moving along at full speed */
    CHECK(sign_changes(lateral, 1200, 1e-3f) <= 1);
}

/* 100,000 steps of wander inside a box, a circle and a polygon: never outside. */
static void containment_keeps_wanderer_inside(void)
{
    steer_vec3 star[5] = {{0, -20, 0}, {25, -5, 0}, {12, 20, 0}, {-12, 20, 0}, {-25, -5, 0}};
    steer_region regions[3];
    regions[0].kind = STEER_REGION_BOX;
    regions[0].min = steer_v3(-20, -10, 0);
    regions[0].max = steer_v3(20, 10, 0);
    regions[1].kind = STEER_REGION_CIRCLE;
    regions[1].center = steer_v3(5, 5, 0);
    regions[1].radius = 15.0f;
    regions[2].kind = STEER_REGION_POLYGON;
    regions[2].polygon.points = star;
    regions[2].polygon.count = 5;
    for (int k = 0; k < 3; k++) {
        steer_rng r = steer_rng_make(40u + (uint64_t)k, 0u);
        steer_agent a = steer_agent_default();
        a.position = k == 1 ? regions[1].center : steer_v3_zero();
        steer_wander_state st = steer_wander_state_make(&r);
        steer_wander_params wp = steer_wander_default();
        wp.circle_distance = 4.0f;
        wp.circle_radius = 3.0f;
        int contained = 0;
        for (int step = 0; step < 100000; step++) {
            steer_steering g[2] = {steer_contain(&a, &regions[k], NULL),
                                   steer_wander(&a, &wp, &st, &r)};
            int chosen;
            steer_integrate_kinematic(&a, steer_priority(g, 2, 1e-4f, &chosen), 1.0f / 60.0f);
            contained += chosen == 0;
            float d = steer_region_distance(&regions[k], a.position, a.space);
            CHECK_MSG(d >= 0.0f, "region %d step %d: outside by %g", k, step, (double)-d);
        }
        CHECK_MSG(contained > 100, "region %d: containment acted only %d times", k, contained);
    }
}

/* True when the segment from p to q passes through the circle. */
static bool blocks(steer_circle c, steer_vec3 p, steer_vec3 q)
{
    steer_vec3 d = steer_sub(q, p);
    float t = steer_clampf(steer_dot(steer_sub(c.center, p), d) / steer_length_sq(d), 0.0f, 1.0f);
    return steer_distance(steer_add_scaled(p, d, t), c.center) < c.radius;
}

static void hide_puts_obstacle_between(void)
{
    steer_circle rocks[3] = {{{10, 0, 0}, 2.0f}, {{-15, 8, 0}, 3.0f}, {{0, -20, 0}, 1.5f}};
    steer_obstacles obs = {rocks, 3, NULL, 0, NULL, 0};
    steer_agent a = steer_agent_default();
    a.position = steer_v3(5.0f, 5.0f, 0.0f);
    steer_vec3 hunter = steer_v3(30.0f, 0.0f, 0.0f), spot;
    for (int step = 0; step < 1200; step++)
        steer_integrate_kinematic(&a, steer_hide(&a, &obs, hunter, steer_v3_zero(), NULL, &spot),
                                  1.0f / 60.0f);
    CHECK(blocks(rocks[0], hunter, a.position));
    CHECK(steer_distance(a.position, spot) < 0.3f);
    /* No obstacles: evade. */
    steer_obstacles none = {NULL, 0, NULL, 0, NULL, 0};
    steer_agent b = steer_agent_default();
    steer_steering h = steer_hide(&b, &none, hunter, steer_v3_zero(), NULL, &spot);
    steer_steering e = steer_evade(&b, hunter, steer_v3_zero(), NULL);
    CHECK(h.linear.x == e.linear.x && h.linear.x < 0.0f);
}

static void interpose_tracks_predicted_midpoint(void)
{
    steer_agent a = steer_agent_default();
    a.position = steer_v3(0.0f, -20.0f, 0.0f);
    steer_vec3 pa = steer_v3(-10, 10, 0), va = steer_v3(1, 0, 0);
    steer_vec3 pb = steer_v3(10, 14, 0), vb = steer_v3(1, -0.5f, 0), predicted;
    const float dt = 1.0f / 60.0f;
    for (int step = 0; step < 1200; step++) {
        steer_integrate_kinematic(&a, steer_interpose(&a, pa, va, pb, vb, NULL, &predicted), dt);
        pa = steer_add_scaled(pa, va, dt);
        pb = steer_add_scaled(pb, vb, dt);
        if (step > 600) CHECK_MSG(steer_distance(a.position, predicted) < 1.0f, "step %d", step);
    }
    steer_vec3 mid = steer_scale(steer_add(pa, pb), 0.5f);
    CHECK_MSG(steer_distance(a.position, mid) < 1.0f, "%g from the midpoint",
              (double)steer_distance(a.position, mid));
}

static void offset_pursuit_holds_slot(void)
{
    const float dt = 1.0f / 60.0f;
    for (int turning = 0; turning < 2; turning++) {
        steer_leader leader = {{0, 0, 0}, {3, 0, 0}, 0.0f};
        steer_agent f = steer_agent_default();
        f.position = steer_v3(-20.0f, 15.0f, 0.0f);
        steer_vec3 offset = steer_v3(-3.0f, 2.0f, 0.0f), slot;
        float worst = 0.0f;
        for (int step = 0; step < 1800; step++) {
            steer_integrate_kinematic(&f, steer_offset_pursuit(&f, &leader, offset, NULL, &slot),
                                      dt);
            if (turning) {
                leader.orientation = steer_wrap_angle(leader.orientation + 0.2f * dt);
                leader.velocity =
                    steer_scale(steer_space_heading(STEER_SPACE_XY, leader.orientation), 3.0f);
            }
            leader.position = steer_add_scaled(leader.position, leader.velocity, dt);
            if (step > 900) {
                float d = steer_distance(f.position, slot);
                worst = d > worst ? d : worst;
            }
        }
        CHECK_MSG(worst < (turning ? 0.5f : 0.1f), "turning %d: %g from the slot", turning,
                  (double)worst);
    }
}

static void polygon_checks(void)
{
    steer_vec3 tri[3] = {{0, 0, 0}, {1, 0, 0}, {0, 1, 0}};
    steer_vec3 bow[4] = {{0, 0, 0}, {1, 1, 0}, {1, 0, 0}, {0, 1, 0}};
    steer_vec3 line[3] = {{0, 0, 0}, {1, 0, 0}, {2, 0, 0}};
    steer_vec3 nan[3] = {{0, 0, 0}, {NAN, 0, 0}, {0, 1, 0}};
    CHECK(steer_polygon_check((steer_polygon){tri, 3}, STEER_SPACE_XY) == STEER_POLYGON_OK);
    CHECK(steer_polygon_check((steer_polygon){tri, 2}, STEER_SPACE_XY) ==
          STEER_POLYGON_TOO_FEW_POINTS);
    CHECK(steer_polygon_check((steer_polygon){NULL, 3}, STEER_SPACE_XY) ==
          STEER_POLYGON_TOO_FEW_POINTS);
    CHECK(steer_polygon_check((steer_polygon){bow, 4}, STEER_SPACE_XY) ==
          STEER_POLYGON_SELF_INTERSECTING);
    CHECK(steer_polygon_check((steer_polygon){line, 3}, STEER_SPACE_XY) ==
          STEER_POLYGON_DEGENERATE);
    CHECK(steer_polygon_check((steer_polygon){nan, 3}, STEER_SPACE_XY) == STEER_POLYGON_NOT_FINITE);
    steer_vec3 box[4];
    steer_box_polygon(steer_v3(-1, 0, -2), steer_v3(1, 5, 2), STEER_SPACE_XZ, box);
    CHECK(steer_polygon_check((steer_polygon){box, 4}, STEER_SPACE_XZ) == STEER_POLYGON_OK);
    steer_polygon pb = {box, 4};
    steer_obstacles o = {NULL, 0, NULL, 0, &pb, 1};
    CHECK_NEAR(steer_obstacle_distance(&o, steer_v3(0, 3, 0), STEER_SPACE_XZ), -1.0, 1e-6);
    CHECK_NEAR(steer_obstacle_distance(&o, steer_v3(4, 0, 0), STEER_SPACE_XZ), 3.0, 1e-6);
}

/* Degenerate shapes are skipped, an agent inside an obstacle is pushed out, empty sets
 * give zero; never NaN. */
static void obstacle_bad_input(void)
{
    steer_circle circles[3] = {{{5, 0, 0}, 0.0f}, {{NAN, 0, 0}, 1.0f}, {{5, 0, 0}, -2.0f}};
    steer_segment walls[2] = {{{3, -1, 0}, {3, -1, 0}}, {{3, INFINITY, 0}, {3, 1, 0}}};
    steer_vec3 bow[4] = {{4, -1, 0}, {6, 1, 0}, {6, -1, 0}, {4, 1, 0}};
    steer_polygon polys[2] = {{bow, 4}, {bow, 2}};
    steer_obstacles bad = {circles, 3, walls, 2, polys, 2};
    steer_obstacles empty = {NULL, 0, NULL, 0, NULL, 0};
    steer_agent a = steer_agent_default();
    a.velocity = steer_v3(3.0f, 0.0f, 0.0f);
    steer_steering s = steer_avoid_obstacles(&a, &bad, NULL);
    CHECK(steer_length(s.linear) == 0.0f);
    CHECK(steer_length(steer_avoid_obstacles(&a, &empty, NULL).linear) == 0.0f);
    CHECK(steer_length(steer_follow_wall(&a, &bad, NULL).linear) == 0.0f);
    CHECK(steer_length(steer_avoid_obstacles(&a, NULL, NULL).linear) == 0.0f);
    /* Starting inside a circle: pushed out along the shortest way. */
    steer_circle rock = {{0.5f, 0.0f, 0.0f}, 2.0f};
    steer_obstacles one = {&rock, 1, NULL, 0, NULL, 0};
    s = steer_avoid_obstacles(&a, &one, NULL);
    CHECK(s.linear.x < 0.0f && steer_v3_is_finite(s.linear));
    /* Exactly at the centre: still a direction (backwards), no NaN. */
    rock.center = a.position;
    s = steer_avoid_obstacles(&a, &one, NULL);
    CHECK(s.linear.x < 0.0f && steer_v3_is_finite(s.linear));
    /* NaN agent. */
    a.position.x = NAN;
    CHECK(steer_length(steer_avoid_obstacles(&a, &one, NULL).linear) == 0.0f);
    /* Invalid regions contain nothing and say so. */
    steer_agent b = steer_agent_default();
    steer_region r = {STEER_REGION_BOX, {1, 1, 0}, {-1, -1, 0}, {0, 0, 0}, 0.0f, {NULL, 0}};
    CHECK(steer_length(steer_contain(&b, &r, NULL).linear) == 0.0f);
    CHECK(steer_region_distance(&r, b.position, b.space) < -1e30f);
    r.kind = STEER_REGION_CIRCLE;
    CHECK(steer_length(steer_contain(&b, &r, NULL).linear) == 0.0f);
    /* Agent outside its region steers back in. */
    r.radius = 5.0f;
    b.position = steer_v3(10, 0, 0);
    CHECK(steer_contain(&b, &r, NULL).linear.x < 0.0f);
    /* Hide with the hunter at a circle's centre skips that circle. */
    steer_circle c = {{0, 0, 0}, 1.0f};
    steer_obstacles oc = {&c, 1, NULL, 0, NULL, 0};
    steer_vec3 spot;
    s = steer_hide(&b, &oc, c.center, steer_v3_zero(), NULL, &spot);
    CHECK(steer_v3_is_finite(s.linear) && spot.x == b.position.x);
    /* Interpose and offset pursuit with NaN. */
    CHECK(steer_length(steer_interpose(&b, steer_v3(NAN, 0, 0), b.velocity, b.position, b.velocity,
                                       NULL, NULL)
                           .linear) == 0.0f);
    steer_leader l = {{0, 0, 0}, {0, 0, 0}, NAN};
    CHECK(steer_length(steer_offset_pursuit(&b, &l, steer_v3(1, 0, 0), NULL, NULL).linear) == 0.0f);
}

TEST_MAIN(TEST(avoidance_never_penetrates_and_reaches_goal), TEST(sliding_along_wall_is_steady),
          TEST(narrow_corridor), TEST(wall_following_holds_distance),
          TEST(containment_keeps_wanderer_inside), TEST(hide_puts_obstacle_between),
          TEST(interpose_tracks_predicted_midpoint), TEST(offset_pursuit_holds_slot),
          TEST(polygon_checks), TEST(obstacle_bad_input))
