/* SPDX-License-Identifier: MIT */
/* Crowds (steer/crowd.h): ORCA's guarantees as properties, small versions of the circle
 * and crossing scenes run to completion without a single overlap, responsibility,
 * walls, predictive avoidance and bad input. The scenes here run the pure functions in
 * a little loop of their own; the last cases run the same through the world's filter
 * (its determinism across workers is in test_world_threads.c). */
#include "steer/steer.h"
#include "test.h"

#include <float.h>

#ifndef SIM_MAX
#define SIM_MAX 64
#endif

/* A crowd stepped the way ORCA assumes: every agent picks its new velocity from the same
 * snapshot, then all move at once with position += velocity * dt. */
typedef struct sim {
    int n;
    steer_agent a[SIM_MAX];
    steer_vec3 goal[SIM_MAX];
    float responsibility[SIM_MAX];
    const steer_segment *walls;
    int wall_count;
    steer_orca_params params;
    float dt;
    int collisions;     /* pairs that overlapped by more than 1% of their radius sum, summed
                           over the steps */
    float min_wall_gap; /* smallest (distance to a wall - radius) seen */
} sim;

static steer_agent crowd_agent(float x, float y, float radius, float max_speed)
{
    steer_agent a = steer_agent_default();
    a.position = steer_v3(x, y, 0.0f);
    a.radius = radius;
    a.max_speed = max_speed;
    return a;
}

static void sim_init(sim *s)
{
    memset(s, 0, sizeof *s);
    s->params = steer_orca_default();
    s->dt = 0.25f;
    s->min_wall_gap = HUGE_VALF;
}

static int sim_add(sim *s, steer_vec3 from, steer_vec3 to)
{
    int i = s->n++;
    s->a[i] = crowd_agent(from.x, from.y, 1.5f, 2.0f);
    s->goal[i] = to;
    s->responsibility[i] = 1.0f;
    return i;
}

/* The scenes' preferred velocity: a unit vector towards the goal, shorter inside 1. */
static steer_vec3 preferred(const steer_agent *a, steer_vec3 goal)
{
    steer_vec3 d = steer_sub(goal, a->position);
    return steer_length_sq(d) > 1.0f ? steer_normalize(d) : d;
}

static float segment_distance(steer_vec3 p, const steer_segment *w)
{
    steer_vec3 ab = steer_sub(w->b, w->a);
    float t = steer_clampf(steer_dot(steer_sub(p, w->a), ab) / steer_length_sq(ab), 0.0f, 1.0f);
    return steer_distance(p, steer_add_scaled(w->a, ab, t));
}

static void sim_count(sim *s)
{
    for (int i = 0; i < s->n; i++) {
        for (int j = i + 1; j < s->n; j++) {
            float r = s->a[i].radius + s->a[j].radius;
            if (steer_distance(s->a[i].position, s->a[j].position) < 0.99f * r) s->collisions++;
        }
        for (int k = 0; k < s->wall_count; k++) {
            float gap = segment_distance(s->a[i].position, &s->walls[k]) - s->a[i].radius;
            if (gap < s->min_wall_gap) s->min_wall_gap = gap;
        }
    }
}

static void sim_step(sim *s)
{
    steer_crowd_neighbour all[SIM_MAX], others[SIM_MAX];
    steer_vec3 next[SIM_MAX];
    for (int i = 0; i < s->n; i++) {
        all[i].position = s->a[i].position;
        all[i].velocity = s->a[i].velocity;
        all[i].radius = s->a[i].radius;
        all[i].responsibility = s->responsibility[i];
        all[i].id = (uint32_t)i;
    }
    for (int i = 0; i < s->n; i++) {
        int m = 0;
        for (int j = 0; j < s->n; j++)
            if (j != i) others[m++] = all[j];
        steer_crowd_view view = {(uint32_t)i, others, m, s->walls, s->wall_count};
        steer_orca_params p = s->params;
        p.responsibility = s->responsibility[i];
        next[i] = steer_orca_velocity(&s->a[i], preferred(&s->a[i], s->goal[i]), &p, &view, s->dt);
    }
    for (int i = 0; i < s->n; i++) {
        s->a[i].velocity = next[i];
        s->a[i].position = steer_add_scaled(s->a[i].position, next[i], s->dt);
    }
    sim_count(s);
}

static int sim_arrived(const sim *s)
{
    int n = 0;
    for (int i = 0; i < s->n; i++)
        n += steer_distance(s->a[i].position, s->goal[i]) <= s->a[i].radius ? 1 : 0;
    return n;
}

/* Steps until everyone is at its goal (or `cap`); returns the steps taken. */
static int sim_run(sim *s, int cap)
{
    int steps = 0;
    while (steps < cap && sim_arrived(s) < s->n) {
        sim_step(s);
        steps++;
    }
    return steps;
}

/* ---- the linear program ------------------------------------------------------------ */

static void test_orca_free_space_gives_preferred(void)
{
    steer_agent a = crowd_agent(0, 0, 1.0f, 2.0f);
    steer_orca_params p = steer_orca_default();
    steer_vec3 v = steer_orca_velocity(&a, steer_v3(0.6f, -0.8f, 0), &p, NULL, 0.25f);
    CHECK_NEAR(v.x, 0.6f, 1e-6f);
    CHECK_NEAR(v.y, -0.8f, 1e-6f);
    /* Faster than max_speed: the same direction at max_speed. */
    v = steer_orca_velocity(&a, steer_v3(6.0f, 8.0f, 0), &p, NULL, 0.25f);
    CHECK_NEAR(v.x, 1.2f, 1e-5f);
    CHECK_NEAR(v.y, 1.6f, 1e-5f);
    /* A neighbour beyond neighbour_dist changes nothing. */
    steer_crowd_neighbour far = {steer_v3(20, 0, 0), steer_v3(-2, 0, 0), 1.0f, 1.0f, 1u};
    steer_crowd_view view = {0u, &far, 1, NULL, 0};
    v = steer_orca_velocity(&a, steer_v3(1, 0, 0), &p, &view, 0.25f);
    CHECK(v.x == 1.0f && v.y == 0.0f);
}

/* Smallest distance between two discs moving straight for `t` seconds from offset dp
 * with relative velocity dv. */
static float min_gap(steer_vec3 dp, steer_vec3 dv, float t)
{
    float dv2 = steer_length_sq(dv);
    float s = dv2 > 0.0f ? steer_clampf(-steer_dot(dp, dv) / dv2, 0.0f, t) : 0.0f;
    return steer_length(steer_add_scaled(dp, dv, s));
}

/* ORCA's theorem: when both agents of a pair take their ORCA velocities, they do not
 * collide within the time horizon (random pairs, random velocities, random shares). */
static void test_orca_pair_is_collision_free_for_the_horizon(void)
{
    steer_rng rng = steer_rng_make(7u, 1u);
    steer_orca_params p = steer_orca_default();
    p.time_horizon = 4.0f;
    for (int k = 0; k < 2000; k++) {
        steer_agent a = crowd_agent(0, 0, steer_rng_range(&rng, 0.2f, 2.0f), 6.0f);
        steer_agent b = crowd_agent(steer_rng_range(&rng, -8, 8), steer_rng_range(&rng, -8, 8),
                                    steer_rng_range(&rng, 0.2f, 2.0f), 6.0f);
        if (steer_distance(a.position, b.position) <= a.radius + b.radius) continue;
        a.velocity = steer_v3(steer_rng_range(&rng, -2, 2), steer_rng_range(&rng, -2, 2), 0);
        b.velocity = steer_v3(steer_rng_range(&rng, -2, 2), steer_rng_range(&rng, -2, 2), 0);
        float ra = steer_rng_range(&rng, 0, 3), rb = steer_rng_range(&rng, 0, 3);
        steer_crowd_neighbour nb_of_a = {b.position, b.velocity, b.radius, rb, 1u};
        steer_crowd_neighbour nb_of_b = {a.position, a.velocity, a.radius, ra, 0u};
        steer_crowd_view va = {0u, &nb_of_a, 1, NULL, 0}, vb = {1u, &nb_of_b, 1, NULL, 0};
        p.responsibility = ra;
        steer_vec3 na = steer_orca_velocity(&a, a.velocity, &p, &va, 0.25f);
        p.responsibility = rb;
        steer_vec3 nb = steer_orca_velocity(&b, b.velocity, &p, &vb, 0.25f);
        float gap = min_gap(steer_sub(b.position, a.position), steer_sub(nb, na), p.time_horizon);
        CHECK_MSG(gap >= (a.radius + b.radius) * 0.999f, "pair %d: gap %g < %g", k, (double)gap,
                  (double)(a.radius + b.radius));
    }
}

/* The step itself is safe: in a packed cluster where everyone presses towards the middle
 * (ORCA's half-planes then often have no common point and are relaxed), no pair that
 * starts apart ends the step closer than its radius sum. Random clusters of 14 agents
 * with random radii, velocities and weights, every agent seeing all the others. */
static void test_orca_step_never_overlaps_in_a_crush(void)
{
    enum { N = 14 };
    steer_rng rng = steer_rng_make(23u, 5u);
    steer_orca_params p = steer_orca_default();
    int placed_total = 0;
    for (int k = 0; k < 400; k++) {
        steer_agent a[N];
        steer_crowd_neighbour all[N], others[N];
        int n = 0;
        for (int tries = 0; tries < 400 && n < N; tries++) {
            steer_agent c = crowd_agent(steer_rng_range(&rng, -6, 6), steer_rng_range(&rng, -6, 6),
                                        steer_rng_range(&rng, 0.8f, 1.6f), 2.0f);
            bool clear = true;
            for (int j = 0; j < n && clear; j++)
                clear = steer_distance(c.position, a[j].position) > c.radius + a[j].radius;
            if (!clear) continue;
            c.velocity = steer_v3(steer_rng_range(&rng, -2, 2), steer_rng_range(&rng, -2, 2), 0);
            c.velocity = steer_truncate(c.velocity, 2.0f);
            all[n] = (steer_crowd_neighbour){c.position, c.velocity, c.radius,
                                             steer_rng_range(&rng, 0.2f, 3.0f), (uint32_t)n};
            a[n++] = c;
        }
        placed_total += n;
        steer_vec3 next[N];
        for (int i = 0; i < n; i++) {
            int m = 0;
            for (int j = 0; j < n; j++)
                if (j != i) others[m++] = all[j];
            steer_crowd_view view = {(uint32_t)i, others, m, NULL, 0};
            p.responsibility = all[i].responsibility;
            steer_vec3 to_middle = steer_scale(steer_normalize(steer_scale(a[i].position, -1)), 2);
            next[i] = steer_orca_velocity(&a[i], to_middle, &p, &view, 0.25f);
        }
        for (int i = 0; i < n; i++)
            for (int j = i + 1; j < n; j++) {
                steer_vec3 pi = steer_add_scaled(a[i].position, next[i], 0.25f);
                steer_vec3 pj = steer_add_scaled(a[j].position, next[j], 0.25f);
                float r = a[i].radius + a[j].radius;
                CHECK_MSG(steer_distance(pi, pj) >= r * 0.9999f, "cluster %d, pair %d-%d: %g < %g",
                          k, i, j, (double)steer_distance(pi, pj), (double)r);
            }
    }
    CHECK(placed_total > 400 * 10); /* the clusters really are crowded */
}

/* The result stays within max_speed and is a real number for any crowd around it. */
static void test_orca_respects_max_speed(void)
{
    steer_rng rng = steer_rng_make(11u, 2u);
    steer_orca_params p = steer_orca_default();
    for (int k = 0; k < 300; k++) {
        steer_crowd_neighbour nbs[20];
        for (int j = 0; j < 20; j++) {
            nbs[j].position =
                steer_v3(steer_rng_range(&rng, -6, 6), steer_rng_range(&rng, -6, 6), 0);
            nbs[j].velocity =
                steer_v3(steer_rng_range(&rng, -2, 2), steer_rng_range(&rng, -2, 2), 0);
            nbs[j].radius = 1.0f;
            nbs[j].responsibility = 1.0f;
            nbs[j].id = (uint32_t)j + 1u;
        }
        steer_agent a = crowd_agent(0, 0, 1.0f, 2.0f);
        a.velocity = steer_v3(steer_rng_range(&rng, -2, 2), 0, 0);
        steer_crowd_view view = {0u, nbs, 20, NULL, 0};
        steer_vec3 v = steer_orca_velocity(&a, steer_v3(2, 1, 0), &p, &view, 0.25f);
        CHECK(steer_v3_is_finite(v));
        CHECK_MSG(steer_length(v) <= 2.0f * 1.0001f, "case %d: |v| = %g", k,
                  (double)steer_length(v));
        CHECK(v.z == 0.0f);
    }
}

/* ---- scenes ---------------------------------------------------------------------------- */

static void test_two_agents_head_on_pass(void)
{
    sim s;
    sim_init(&s);
    sim_add(&s, steer_v3(-10, 0, 0), steer_v3(10, 0, 0));
    sim_add(&s, steer_v3(10, 0, 0), steer_v3(-10, 0, 0));
    int steps = sim_run(&s, 400);
    CHECK_MSG(sim_arrived(&s) == 2, "after %d steps", steps);
    CHECK(s.collisions == 0);
    /* They passed each other: the one from the left is now on the right. */
    CHECK(s.a[0].position.x > s.a[1].position.x);
}

static void test_small_circle_no_collisions_all_arrive(void)
{
    sim s;
    sim_init(&s);
    const int n = 24;
    float radius = 0.8f * (float)n;
    for (int i = 0; i < n; i++) {
        float ang = (float)(2.0 * TEST_PI * i / n);
        steer_vec3 p = steer_v3(radius * steer_cos(ang), radius * steer_sin(ang), 0);
        sim_add(&s, p, steer_scale(p, -1.0f));
    }
    int steps = sim_run(&s, 2000);
    CHECK_MSG(sim_arrived(&s) == n, "%d of %d after %d steps", sim_arrived(&s), n, steps);
    CHECK_MSG(s.collisions == 0, "%d overlapping pairs", s.collisions);
}

static void test_small_crossing_no_collisions_all_arrive(void)
{
    sim s;
    sim_init(&s);
    const int side = 7;
    for (int y = 0; y < side; y++) {
        for (int x = 0; x < side; x++) {
            steer_vec3 p = steer_v3(4.0f * (float)(x - side / 2), 4.0f * (float)(y - side / 2), 0);
            sim_add(&s, p, steer_scale(p, -1.0f));
        }
    }
    int steps = sim_run(&s, 2000);
    CHECK_MSG(sim_arrived(&s) == s.n, "%d of %d after %d steps", sim_arrived(&s), s.n, steps);
    CHECK_MSG(s.collisions == 0, "%d overlapping pairs", s.collisions);
}

/* A late arrival whose goal is the empty middle of a 7 x 7 lattice (spacing 4) of agents
 * already standing at their goals, coming in along the diagonal: between standing bodies
 * of radius 1.5 there are gaps of 1, so it gets in only by pushing them aside, and they
 * must come back. Without the idle rule (steer_orca_velocity, docs/crowd.md) the walker
 * is in by step 392, but three of the agents it pushed wedge each other 2 to 6 units
 * from their goals, each in another's way back, and the last is home only at step
 * 2,804; with it, at step 1,758. Everyone must be home within 2,000 steps without a
 * single overlap, and 50 s later each standing agent must be within 0.5 of its goal. */
static void test_late_arrival_passes_agents_standing_at_their_goals(void)
{
    sim s;
    sim_init(&s);
    for (int y = -3; y <= 3; y++) {
        for (int x = -3; x <= 3; x++) {
            steer_vec3 p = steer_v3(4.0f * (float)x, 4.0f * (float)y, 0);
            if (x != 0 || y != 0) sim_add(&s, p, p);
        }
    }
    int walker = sim_add(&s, steer_v3(-19.0f, -19.0f, 0), steer_v3(0, 0, 0));
    int steps = sim_run(&s, 2000);
    float left = steer_distance(s.a[walker].position, s.goal[walker]);
    CHECK_MSG(left <= 1.5f, "walker %g from its goal after %d steps", (double)left, steps);
    CHECK_MSG(sim_arrived(&s) == s.n, "%d of %d at their goals", sim_arrived(&s), s.n);
    CHECK_MSG(s.collisions == 0, "%d overlapping pairs", s.collisions);
    float worst = 0.0f; /* the standing agents come all the way back: not just within 1.5 */
    for (int k = 0; k < 200; k++) sim_step(&s);
    for (int i = 0; i < s.n; i++) worst = fmaxf(worst, steer_distance(s.a[i].position, s.goal[i]));
    CHECK_MSG(worst < 0.5f, "%g from a goal 50 s later", (double)worst);
}

/* A scripted agent (responsibility 0) walks a straight line through a group coming the
 * other way: it never leaves its line or changes speed, and the others go round it. */
static void test_responsibility_zero_keeps_its_line(void)
{
    sim s;
    sim_init(&s);
    int boss = sim_add(&s, steer_v3(-20, 0, 0), steer_v3(20, 0, 0));
    s.responsibility[boss] = 0.0f;
    sim_add(&s, steer_v3(12, 0.3f, 0), steer_v3(-20, 0.3f, 0));
    sim_add(&s, steer_v3(16, -2.0f, 0), steer_v3(-20, -4.0f, 0));
    sim_add(&s, steer_v3(16, 2.5f, 0), steer_v3(-20, 4.5f, 0));
    for (int k = 0; k < 200; k++) {
        float x0 = s.a[boss].position.x;
        sim_step(&s);
        CHECK(s.a[boss].position.y == 0.0f);
        if (s.a[boss].position.x < 19.0f) CHECK_NEAR(s.a[boss].position.x - x0, 0.25f, 1e-5f);
    }
    CHECK(sim_arrived(&s) == s.n);
    CHECK_MSG(s.collisions == 0, "%d overlapping pairs", s.collisions);
}

/* The same scene with everyone at responsibility 1: the first agent does move aside,
 * so the test above is not passing by accident. */
static void test_equal_responsibility_shares_the_dodge(void)
{
    sim s;
    sim_init(&s);
    sim_add(&s, steer_v3(-20, 0, 0), steer_v3(20, 0, 0));
    sim_add(&s, steer_v3(12, 0.3f, 0), steer_v3(-20, 0.3f, 0));
    float most = 0.0f;
    for (int k = 0; k < 200; k++) {
        sim_step(&s);
        most = fmaxf(most, fabsf(s.a[0].position.y));
    }
    CHECK(most > 0.5f);
    CHECK(s.collisions == 0);
}

/* A square block (its four edges as walls) between agents and their goals: no agent
 * ever comes closer to a wall than its radius, and those not aimed dead at the middle
 * of a face find their way round. */
static void test_agents_never_enter_walls(void)
{
    static const steer_segment box[4] = {{{-4, -4, 0}, {4, -4, 0}},
                                         {{4, -4, 0}, {4, 4, 0}},
                                         {{4, 4, 0}, {-4, 4, 0}},
                                         {{-4, 4, 0}, {-4, -4, 0}}};
    sim s;
    sim_init(&s);
    s.walls = box;
    s.wall_count = 4;
    for (int k = 0; k < 6; k++) {
        float y = -10.0f + 4.0f * (float)k;
        sim_add(&s, steer_v3(-16, y, 0), steer_v3(16, y + 1.0f, 0));
    }
    sim_add(&s, steer_v3(0, 18, 0), steer_v3(3, -18, 0));
    int steps = sim_run(&s, 1000);
    CHECK_MSG(s.min_wall_gap >= -0.01f * 1.5f, "an agent reached %g into a wall",
              (double)-s.min_wall_gap);
    CHECK_MSG(sim_arrived(&s) == s.n, "%d of %d after %d steps", sim_arrived(&s), s.n, steps);
    CHECK(s.collisions == 0);
}

/* XZ agents avoid in x,z and keep their height. */
static void test_orca_in_the_xz_plane(void)
{
    steer_agent a = crowd_agent(0, 0, 1.0f, 2.0f);
    a.space = STEER_SPACE_XZ;
    a.position = steer_v3(0, 5, 0);
    a.velocity = steer_v3(0, 0, 1);
    steer_crowd_neighbour nb = {steer_v3(0, 0, 6), steer_v3(0, 0, -1), 1.0f, 1.0f, 1u};
    steer_crowd_view view = {0u, &nb, 1, NULL, 0};
    steer_orca_params p = steer_orca_default();
    steer_vec3 v = steer_orca_velocity(&a, steer_v3(0, 0, 1), &p, &view, 0.25f);
    CHECK(v.y == 0.0f);
    CHECK(fabsf(v.x) > 0.05f); /* it moves aside in x */
}

/* ---- bad input ------------------------------------------------------------------------- */

static void test_coincident_agents_split_by_id(void)
{
    sim s;
    sim_init(&s);
    sim_add(&s, steer_v3(3, 3, 0), steer_v3(3, 3, 0));
    sim_add(&s, steer_v3(3, 3, 0), steer_v3(3, 3, 0));
    sim_step(&s);
    /* Exactly opposite, along x, the lower id towards +x. */
    CHECK(s.a[0].velocity.x > 0.0f && s.a[1].velocity.x < 0.0f);
    CHECK(s.a[0].velocity.x == -s.a[1].velocity.x);
    CHECK(s.a[0].velocity.y == 0.0f && s.a[1].velocity.y == 0.0f);
    for (int k = 0; k < 40; k++) sim_step(&s);
    CHECK(steer_distance(s.a[0].position, s.a[1].position) >= 3.0f * 0.99f);
}

static void test_zero_radius_and_zero_speed(void)
{
    steer_orca_params p = steer_orca_default();
    steer_crowd_neighbour nb = {steer_v3(4, 0, 0), steer_v3(-1, 0, 0), 0.0f, 1.0f, 1u};
    steer_crowd_view view = {0u, &nb, 1, NULL, 0};
    steer_agent a = crowd_agent(0, 0, 0.0f, 2.0f);
    a.velocity = steer_v3(1, 0, 0);
    steer_vec3 v = steer_orca_velocity(&a, steer_v3(1, 0, 0), &p, &view, 0.25f);
    CHECK(steer_v3_is_finite(v) && steer_length(v) <= 2.0f);
    /* Two point agents head-on on one line: real numbers all the way, and both arrive. */
    sim s;
    sim_init(&s);
    sim_add(&s, steer_v3(-10, 0, 0), steer_v3(10, 0, 0));
    sim_add(&s, steer_v3(10, 0, 0), steer_v3(-10, 0, 0));
    s.a[0].radius = s.a[1].radius = 0.0f;
    for (int k = 0; k < 200; k++) sim_step(&s);
    CHECK(steer_v3_is_finite(s.a[0].position) && steer_v3_is_finite(s.a[1].position));
    CHECK(steer_distance(s.a[0].position, s.goal[0]) < 1e-3f);
    CHECK(steer_distance(s.a[1].position, s.goal[1]) < 1e-3f);
    /* No speed: no velocity, whatever is preferred. */
    a = crowd_agent(0, 0, 1.0f, 0.0f);
    v = steer_orca_velocity(&a, steer_v3(1, 0, 0), &p, &view, 0.25f);
    CHECK(v.x == 0.0f && v.y == 0.0f && v.z == 0.0f);
    a.max_speed = NAN;
    v = steer_orca_velocity(&a, steer_v3(1, 0, 0), &p, &view, 0.25f);
    CHECK(v.x == 0.0f && v.y == 0.0f);
}

static void test_bad_numbers_are_skipped(void)
{
    steer_orca_params p = steer_orca_default();
    steer_crowd_neighbour nbs[3] = {{steer_v3(NAN, 0, 0), steer_v3(0, 0, 0), 1.0f, 1.0f, 1u},
                                    {steer_v3(2, 0, 0), steer_v3(INFINITY, 0, 0), 1.0f, 1.0f, 2u},
                                    {steer_v3(3, 0, 0), steer_v3(0, 0, 0), -1.0f, 1.0f, 3u}};
    steer_segment bad = {steer_v3(NAN, 1, 0), steer_v3(1, 1, 0)};
    steer_crowd_view view = {0u, nbs, 3, &bad, 1};
    steer_agent a = crowd_agent(0, 0, 1.0f, 2.0f);
    steer_vec3 v = steer_orca_velocity(&a, steer_v3(1, 0, 0), &p, &view, 0.25f);
    CHECK(v.x == 1.0f && v.y == 0.0f);
    v = steer_orca_velocity(&a, steer_v3(NAN, 0, 0), &p, &view, 0.25f);
    CHECK(v.x == 0.0f && v.y == 0.0f);
    a.position.x = INFINITY;
    v = steer_orca_velocity(&a, steer_v3(1, 0, 0), &p, &view, 0.25f);
    CHECK(v.x == 0.0f && v.y == 0.0f);
}

/* Outside the filter's number domain (steer/crowd.h) every combination of huge, tiny,
 * subnormal and overflowing radii, distances, speeds, times and step gives a finite
 * velocity in the plane, no faster than max_speed nor STEER_CROWD_MAX_SPEED. The scene
 * has a neighbour overlapping the agent, near ones, a point 1e-20 away, one faster than
 * the domain, a wall nearby and one 2e30 long. */
static void test_orca_numbers_outside_the_domain(void)
{
    const float radii[] = {0.5f, 1e27f, 1e20f, FLT_MAX, 1e-40f, 0.0f};
    const float nb_radii[] = {0.5f, 1e27f, 0.0f, 1e-40f};
    const float dists[] = {15.0f, 1e20f};
    const float speeds[] = {2.0f, 1e20f, FLT_MAX, 1e-40f};
    const float times[] = {10.0f, 1e-40f, 1e30f};
    const float steps[] = {1.0f / 60.0f, 1e-40f, 1e-45f, 1e30f};
    const float grow[] = {0.05f, 1e30f};
    const steer_segment walls[2] = {{steer_v3(-5, -2, 0), steer_v3(5, -2, 0)},
                                    {steer_v3(-1e30f, 3, 0), steer_v3(1e30f, 3, 0)}};
    int cases = 0;
    for (int ir = 0; ir < 6; ir++)
        for (int in = 0; in < 4; in++)
            for (int id = 0; id < 2; id++)
                for (int is = 0; is < 4; is++)
                    for (int it = 0; it < 3; it++)
                        for (int idt = 0; idt < 4; idt++)
                            for (int ig = 0; ig < 2; ig++) {
                                float r = nb_radii[in];
                                steer_crowd_neighbour nbs[5] = {
                                    {steer_v3(0.3f, 0, 0), steer_v3(-1, 0, 0), r, 1.0f, 1u},
                                    {steer_v3(3, 0, 0), steer_v3(0, 0, 0), r, 1.0f, 2u},
                                    {steer_v3(0, 1e-20f, 0), steer_v3(1, 1, 0), r, 1.0f, 3u},
                                    {steer_v3(-2, 2, 0), steer_v3(1e20f, 0, 0), r, 1.0f, 4u},
                                    {steer_v3(0, 12, 0), steer_v3(0, -2, 0), r, 1.0f, 5u}};
                                steer_crowd_view view = {0u, nbs, 5, walls, 2};
                                steer_orca_params p = steer_orca_default();
                                p.radius = ig == 0 ? -1.0f : 1e20f;
                                p.neighbour_dist = dists[id];
                                p.time_horizon = p.time_horizon_obstacles = times[it];
                                p.clearance = grow[ig];
                                p.sidestep = ig == 0 ? 0.5f : FLT_MAX;
                                float ms = speeds[is];
                                steer_agent a = crowd_agent(0, 0, radii[ir], ms);
                                a.velocity = steer_v3(ms * 0.5f, 0, 0);
                                steer_vec3 v = steer_orca_velocity(&a, steer_v3(ms, ms, 0), &p,
                                                                   &view, steps[idt]);
                                double speed = sqrt((double)v.x * v.x + (double)v.y * v.y);
                                double limit =
                                    ms < STEER_CROWD_MAX_SPEED ? ms : STEER_CROWD_MAX_SPEED;
                                CHECK_MSG(steer_v3_is_finite(v) && v.z == 0.0f &&
                                              speed <= limit * (1.0 + 1e-5) + 1e-30,
                                          "radius %g nb %g dist %g speed %g tau %g dt %g grow %g: "
                                          "(%g, %g, %g)",
                                          radii[ir], r, dists[id], ms, times[it], steps[idt],
                                          grow[ig], v.x, v.y, v.z);
                                cases++;
                            }
    CHECK(cases == 6 * 4 * 2 * 4 * 3 * 4 * 2);
}

/* A wall longer than the square of a float can hold is cut to the domain, not lost: an
 * agent heading for it slows (before, its distance came out NaN and it was skipped). */
static void test_orca_sees_a_wall_2e30_long(void)
{
    steer_orca_params p = steer_orca_default();
    const steer_segment wall = {steer_v3(-1e30f, 1, 0), steer_v3(1e30f, 1, 0)};
    steer_crowd_view view = {0u, NULL, 0, &wall, 1};
    steer_agent a = crowd_agent(0, 0, 0.5f, 2.0f);
    steer_vec3 v = steer_orca_velocity(&a, steer_v3(0, 2, 0), &p, &view, 0.1f);
    CHECK(steer_v3_is_finite(v) && v.y < 0.1f);
    /* The same wall within the domain gives the same velocity. */
    const steer_segment near = {steer_v3(-1e9f, 1, 0), steer_v3(1e9f, 1, 0)};
    view.segments = &near;
    steer_vec3 w = steer_orca_velocity(&a, steer_v3(0, 2, 0), &p, &view, 0.1f);
    CHECK_NEAR(w.y, v.y, 1e-6f);
}

/* A wall whose every point is beyond the domain is skipped however long it is. This one
 * runs from (5, FLT_MAX) to (0, 8e16): 3.4e38 long, so measured along its length the
 * square's edge (1e11 from the agent) and its near end are the same point to a double's
 * precision. Cut by that measure, it reached across the agent and stopped it one way
 * (and, with a neighbour on top of the agent as well, gave a NaN velocity). */
static void test_orca_skips_a_far_wall_1e38_long(void)
{
    steer_orca_params p = steer_orca_default();
    const steer_segment walls[2] = {{steer_v3(5, FLT_MAX, 0), steer_v3(0, 8e16f, 0)},
                                    {steer_v3(0, 8e16f, 0), steer_v3(5, FLT_MAX, 0)}};
    steer_agent a = crowd_agent(0, 0, 0.5f, 2.0f);
    for (int w = 0; w < 2; w++)
        for (int sign = -1; sign <= 1; sign += 2) {
            steer_crowd_view view = {0u, NULL, 0, &walls[w], 1};
            steer_vec3 want = steer_v3(2.0f * (float)sign, 0, 0);
            steer_vec3 v = steer_orca_velocity(&a, want, &p, &view, 0.1f);
            CHECK_MSG(v.x == want.x && v.y == 0.0f && v.z == 0.0f,
                      "wall %d, heading %+d: (%g, %g, %g)", w, sign, v.x, v.y, v.z);
        }
}

/* ---- predictive avoidance ------------------------------------------------------------ */

static void test_predict_head_on_turns_right(void)
{
    steer_agent a = crowd_agent(0, 0, 1.0f, 2.0f);
    a.velocity = steer_v3(1, 0, 0);
    steer_crowd_neighbour nb = {steer_v3(6, 0, 0), steer_v3(-1, 0, 0), 1.0f, 1.0f, 1u};
    int threat = -2;
    steer_steering s = steer_avoid_agents(&a, &nb, 1, NULL, &threat);
    CHECK(threat == 0);
    /* Facing +x in XY, the right is -y; full acceleration. */
    CHECK_NEAR(s.linear.x, 0.0f, 1e-6f);
    CHECK_NEAR(s.linear.y, -a.max_accel, 1e-4f);
}

static void test_predict_ignores_safe_neighbours(void)
{
    steer_agent a = crowd_agent(0, 0, 1.0f, 2.0f);
    a.velocity = steer_v3(1, 0, 0);
    steer_crowd_neighbour nbs[3] = {
        {steer_v3(-6, 0, 0), steer_v3(-1, 0, 0), 1.0f, 1.0f, 1u}, /* behind, moving away */
        {steer_v3(6, 5, 0), steer_v3(1, 0, 0), 1.0f, 1.0f, 2u},   /* parallel lane */
        {steer_v3(30, 0, 0), steer_v3(0, 0, 0), 1.0f, 1.0f, 3u}}; /* beyond the horizon */
    int threat = 5;
    steer_steering s = steer_avoid_agents(&a, nbs, 3, NULL, &threat);
    CHECK(threat == -1);
    CHECK(s.linear.x == 0.0f && s.linear.y == 0.0f);
}

/* Two oncoming agents slightly above the agent's line: the soonest threat wins, and the
 * push is sideways, away from where that threat will be (below it), at full strength. */
static void test_predict_picks_soonest_and_dodges_away(void)
{
    steer_agent a = crowd_agent(0, 0, 1.0f, 2.0f);
    a.velocity = steer_v3(1, 0, 0);
    steer_crowd_neighbour nbs[2] = {
        {steer_v3(8, 1.0f, 0), steer_v3(-1, 0, 0), 1.0f, 1.0f, 1u},  /* meets at t = 4 */
        {steer_v3(2, 0.5f, 0), steer_v3(-1, 0, 0), 1.0f, 1.0f, 2u}}; /* meets at t = 1 */
    int threat = -1;
    steer_steering s = steer_avoid_agents(&a, nbs, 2, NULL, &threat);
    CHECK(threat == 1);
    CHECK(s.linear.y < 0.0f); /* the threat passes above: go down */
    CHECK_NEAR(steer_length(s.linear), a.max_accel, 1e-3f);
}

/* Two kinematic agents seeking through each other with avoidance first in a priority
 * pass without touching. */
static void test_predict_pair_passes(void)
{
    steer_agent a[2] = {crowd_agent(-15, 0, 1.0f, 2.0f), crowd_agent(15, 0, 1.0f, 2.0f)};
    steer_vec3 goal[2] = {steer_v3(15, 0, 0), steer_v3(-15, 0, 0)};
    float closest = HUGE_VALF;
    for (int k = 0; k < 600; k++) {
        steer_steering out[2];
        for (int i = 0; i < 2; i++) {
            steer_crowd_neighbour nb = {a[1 - i].position, a[1 - i].velocity, 1.0f, 1.0f, 0u};
            steer_steering prio[2] = {steer_avoid_agents(&a[i], &nb, 1, NULL, NULL),
                                      steer_arrive(&a[i], goal[i], NULL, NULL)};
            out[i] = steer_priority(prio, 2, 1e-3f, NULL);
        }
        for (int i = 0; i < 2; i++) steer_agent_step(&a[i], out[i], 1.0f / 30.0f);
        closest = fminf(closest, steer_distance(a[0].position, a[1].position));
    }
    CHECK_MSG(closest >= 2.0f, "closest %g", (double)closest);
    CHECK(steer_distance(a[0].position, goal[0]) < 0.5f);
    CHECK(steer_distance(a[1].position, goal[1]) < 0.5f);
}

static void test_predict_bad_input(void)
{
    steer_agent a = crowd_agent(0, 0, 1.0f, 2.0f);
    a.velocity = steer_v3(1, 0, 0);
    steer_crowd_neighbour nb = {steer_v3(0, 0, 0), steer_v3(0, 0, 0), 1.0f, 1.0f, 1u};
    /* Coincident: a threat now; head-on rule gives the right side, never NaN. */
    steer_steering s = steer_avoid_agents(&a, &nb, 1, NULL, NULL);
    CHECK(steer_v3_is_finite(s.linear) && s.linear.y < 0.0f);
    nb.position.x = NAN;
    s = steer_avoid_agents(&a, &nb, 1, NULL, NULL);
    CHECK(s.linear.x == 0.0f && s.linear.y == 0.0f);
    s = steer_avoid_agents(&a, NULL, 3, NULL, NULL);
    CHECK(s.linear.x == 0.0f && s.linear.y == 0.0f);
    steer_predict_params p = steer_predict_default();
    p.horizon = 0.0f;
    nb.position.x = 3.0f;
    s = steer_avoid_agents(&a, &nb, 1, &p, NULL);
    CHECK(s.linear.x == 0.0f && s.linear.y == 0.0f);
}

/* ---- in the world ------------------------------------------------------------------ */

/* A world of ORCA seekers; returns the handles. Recipe 0 yields, recipe 1 never does. */
static steer_world *crowd_world(const steer_vec3 *from, const steer_vec3 *to, const int *firm,
                                int n, steer_handle *out)
{
    steer_world_def def = steer_world_default();
    def.capacity = n;
    steer_world *w = steer_world_create(&def);
    steer_recipe r = steer_recipe_default();
    r.crowd = true;
    r.items[r.count++] = steer_recipe_item_make(STEER_BEHAVIOUR_SEEK, 1.0f);
    steer_world_add_recipe(w, &r);
    r.orca.responsibility = 0.0f;
    steer_world_add_recipe(w, &r);
    for (int i = 0; i < n; i++) {
        steer_world_agent_def d = steer_world_agent_default();
        d.agent.position = from[i];
        d.agent.radius = 1.5f;
        d.agent.max_speed = 2.0f;
        d.target = to[i];
        d.recipe = firm != NULL && firm[i] ? 1 : 0;
        steer_world_add(w, &d, &out[i]);
    }
    return w;
}

/* Every live agent finite, crowd agents within max_speed, and the world's own snapshot
 * restores with the same state. */
static bool world_sane(steer_world *w)
{
    steer_agent a[16];
    int n = steer_world_read(w, 0, 16, a, NULL, NULL);
    for (int k = 0; k < n; k++) {
        steer_vec3 v = a[k].velocity; /* in double: 1e20 squared overflows a float */
        double speed = sqrt((double)v.x * v.x + (double)v.y * v.y + (double)v.z * v.z);
        double limit = a[k].max_speed, cap = STEER_CROWD_MAX_SPEED;
        if (a[k].max_speed == FLT_MAX) limit = cap; /* the crowd agent without a limit */
        if (!steer_agent_state_is_finite(&a[k]) || speed > limit * 1.00001) return false;
    }
    unsigned char buf[8192];
    size_t size = steer_world_snapshot_size(w), written = 0;
    uint64_t before = steer_world_state_hash(w);
    return size <= sizeof buf &&
           steer_world_snapshot_write(w, buf, size, &written) == STEER_SNAPSHOT_OK &&
           steer_world_restore(w, buf, written) == STEER_SNAPSHOT_OK &&
           steer_world_state_hash(w) == before;
}

/* The world keeps its crowd inside the filter's number domain where the numbers enter:
 * crowd recipes with settings outside it, and crowd agents with a radius or velocity
 * outside it, are refused (add, set_agent, set_recipe); a max_speed above it is read as
 * STEER_CROWD_MAX_SPEED. Agents off the crowd
 * recipes may hold such numbers; crowd agents skip them as neighbours; a subnormal dt is
 * read as the domain's shortest step. No state becomes non-finite, no crowd agent goes
 * faster than its limit, and the world's own snapshot restores after every step. */
static void test_world_keeps_the_crowd_in_its_domain(void)
{
    steer_world_def def = steer_world_default();
    def.capacity = 16;
    def.max_recipes = 16;
    steer_world *w = steer_world_create(&def);
    steer_recipe r = steer_recipe_default();
    r.items[r.count++] = steer_recipe_item_make(STEER_BEHAVIOUR_SEEK, 1.0f);
    r.crowd = true;
    steer_orca_params bad[6];
    for (int k = 0; k < 6; k++) bad[k] = steer_orca_default();
    bad[0].radius = 1e20f;
    bad[1].neighbour_dist = 1e20f;
    bad[2].time_horizon = 1e-40f;
    bad[3].time_horizon_obstacles = 1e30f;
    bad[4].clearance = 1e30f;
    bad[5].sidestep = FLT_MAX;
    for (int k = 0; k < 6; k++) {
        r.orca = bad[k];
        CHECK_MSG(steer_world_add_recipe(w, &r) == -1, "setting %d", k);
    }
    r.crowd = false; /* settings a recipe without the filter never reads */
    CHECK(steer_world_add_recipe(w, &r) == 0);
    r.crowd = true;
    r.orca = steer_orca_default();
    r.orca.time_horizon = -1.0f; /* the documented reading: 10 */
    CHECK(steer_world_add_recipe(w, &r) == 1);
    steer_world_agent_def d = steer_world_agent_default();
    d.agent.radius = 0.5f;
    d.agent.max_speed = 2.0f;
    d.target = steer_v3(10, 0, 0);
    d.recipe = 1;
    steer_world_agent_def huge[3] = {d, d, d};
    huge[0].agent.radius = 1e27f;
    huge[1].agent.velocity = steer_v3(0, 0, -2e6f);
    huge[2].agent.velocity = steer_v3(1e20f, 0, 0);
    for (int k = 0; k < 3; k++)
        CHECK_MSG(steer_world_add(w, &huge[k], NULL) == STEER_WORLD_INVALID, "agent %d", k);
    steer_handle crowd[4], odd;
    for (int k = 0; k < 4; k++) {
        d.agent.position = steer_v3((float)k * 0.4f, 0.3f * (float)(k % 2), 0);
        d.agent.max_speed = k == 3 ? FLT_MAX : 2.0f; /* "no limit": read as the domain's */
        CHECK(steer_world_add(w, &d, &crowd[k]) == STEER_WORLD_OK);
    }
    /* Off the crowd recipes these numbers are the agent's business. */
    huge[0].agent.max_speed = 1e30f;
    huge[0].agent.velocity = steer_v3(1e20f, 0, 0);
    huge[0].agent.position = steer_v3(0.2f, 0.1f, 0);
    huge[0].recipe = 0;
    CHECK(steer_world_add(w, &huge[0], &odd) == STEER_WORLD_OK);
    CHECK(steer_world_set_recipe(w, odd, 1) == STEER_WORLD_INVALID);
    huge[0].agent.radius = FLT_MAX; /* the crowd must skip it */
    huge[0].agent.max_speed = 3.4e38f;
    huge[0].agent.velocity = steer_v3(-FLT_MAX, 1e30f, 0);
    huge[0].agent.position = steer_v3(0.6f, -0.2f, 0);
    CHECK(steer_world_add(w, &huge[0], NULL) == STEER_WORLD_OK);
    CHECK(steer_world_set_agent(w, crowd[0], &huge[1].agent) == STEER_WORLD_INVALID);
    const float steps[] = {1.0f / 60.0f, 1e-40f, 1e-45f, 0.25f};
    for (int k = 0; k < 4; k++) {
        CHECK(steer_world_step(w, steps[k]) == STEER_WORLD_OK);
        CHECK_MSG(world_sane(w), "after a step of %g s", steps[k]);
    }
    steer_world_destroy(w);
}

static float world_gap(const steer_world *w, steer_handle a, steer_handle b)
{
    steer_agent x, y;
    steer_world_get_agent(w, a, &x);
    steer_world_get_agent(w, b, &y);
    return steer_distance(x.position, y.position);
}

static void test_world_head_on_and_firm_agent(void)
{
    const steer_vec3 from[2] = {{-20, 0, 0}, {20, 0, 0}};
    const steer_vec3 to[2] = {{20, 0, 0}, {-20, 0, 0}};
    const int firm[2] = {1, 0};
    steer_handle h[2];
    steer_world *w = crowd_world(from, to, firm, 2, h);
    float closest = HUGE_VALF;
    for (int k = 0; k < 80; k++) {
        steer_world_step(w, 0.25f);
        steer_agent a;
        steer_world_get_agent(w, h[0], &a);
        CHECK(a.position.y == 0.0f); /* the firm agent keeps its line */
        closest = fminf(closest, world_gap(w, h[0], h[1]));
        if (k == 30) CHECK(steer_world_stats_get(w).avg_neighbours == 1.0); /* each sees one */
    }
    steer_agent a, b;
    steer_world_get_agent(w, h[0], &a);
    steer_world_get_agent(w, h[1], &b);
    CHECK(a.position.x > b.position.x); /* they passed */
    CHECK_MSG(closest >= 3.0f * 0.99f, "closest %g", (double)closest);
    steer_world_destroy(w);
}

/* An agent of limited acceleration held by a long wall with its goal straight behind it
 * (the world's filter, arrive, dt 1/60, another agent in sight so the keep-right rule is
 * on). Its preferred velocity is only a step's worth of change (v + a dt); the lean must
 * still be a fraction of what it wants, not of that step, or it creeps along the wall at
 * 0.1 to 0.2 units/s, slower and slower, and stalls (the old rule: 4.2 units along after
 * 25 s, then still). It must get round the 16-unit wall and arrive within 45 s (it does in
 * 27 s, sliding at about 0.4 units/s), never touching the wall. */
static void test_world_agent_held_by_a_wall_gets_round(void)
{
    static const steer_segment wall[1] = {{{-8, 0, 0}, {8, 0, 0}}};
    steer_world_def def = steer_world_default();
    def.capacity = 2;
    steer_world *w = steer_world_create(&def);
    steer_recipe r = steer_recipe_default();
    steer_recipe_item arrive = steer_recipe_item_make(STEER_BEHAVIOUR_ARRIVE, 1.0f);
    arrive.arrive.target_radius = 0.3f;
    arrive.arrive.slow_radius = 2.0f;
    r.items[r.count++] = arrive;
    r.crowd = true;
    r.orca.time_horizon = 3.0f;
    r.orca.time_horizon_obstacles = 1.5f;
    steer_world_add_recipe(w, &r);
    /* The second agent stands behind the wall, within neighbour_dist (15) of the first
     * wherever that is along the wall. */
    const steer_vec3 at[2] = {{0, 2, 0}, {3, -6, 0}}, goal[2] = {{0, -8, 0}, {3, -6, 0}};
    steer_handle h[2];
    for (int i = 0; i < 2; i++) {
        steer_world_agent_def d = steer_world_agent_default();
        d.agent.position = at[i];
        d.agent.radius = 0.5f;
        d.agent.max_speed = 3.0f;
        d.agent.max_accel = 12.0f;
        d.target = goal[i];
        d.recipe = 0;
        steer_world_add(w, &d, &h[i]);
    }
    CHECK(steer_world_set_walls(w, wall, 1) == STEER_WORLD_OK);
    int k = 0;
    float closest = HUGE_VALF;
    steer_agent a;
    for (; k < 2700; k++) {
        steer_world_step(w, 1.0f / 60.0f);
        steer_world_get_agent(w, h[0], &a);
        closest = fminf(closest, segment_distance(a.position, &wall[0]));
        if (steer_distance(a.position, goal[0]) <= 0.3f + 1e-3f) break;
    }
    CHECK_MSG(k < 2700, "after 45 s still at (%g, %g)", (double)a.position.x, (double)a.position.y);
    CHECK_MSG(closest >= 0.5f * 0.99f, "came within %g of the wall", (double)closest);
    steer_world_destroy(w);
}

static void test_world_walls(void)
{
    static const steer_segment box[4] = {{{-4, -4, 0}, {4, -4, 0}},
                                         {{4, -4, 0}, {4, 4, 0}},
                                         {{4, 4, 0}, {-4, 4, 0}},
                                         {{-4, 4, 0}, {-4, -4, 0}}};
    const steer_vec3 from[3] = {{-16, -1, 0}, {-16, 3, 0}, {-16, 7, 0}};
    const steer_vec3 to[3] = {{16, 0, 0}, {16, 4, 0}, {16, 8, 0}};
    steer_handle h[3];
    steer_world *w = crowd_world(from, to, NULL, 3, h);
    CHECK(steer_world_set_walls(w, box, -1) == STEER_WORLD_INVALID);
    CHECK(steer_world_set_walls(w, NULL, 2) == STEER_WORLD_INVALID);
    CHECK(steer_world_set_walls(w, box, 4) == STEER_WORLD_OK);
    for (int k = 0; k < 200; k++) {
        steer_world_step(w, 0.25f);
        for (int i = 0; i < 3; i++) {
            steer_agent a;
            steer_world_get_agent(w, h[i], &a);
            for (int q = 0; q < 4; q++)
                CHECK_MSG(segment_distance(a.position, &box[q]) >= 1.5f * 0.99f, "agent %d step %d",
                          i, k);
        }
    }
    for (int i = 0; i < 3; i++) {
        steer_agent a;
        steer_world_get_agent(w, h[i], &a);
        CHECK_MSG(a.position.x > 10.0f, "agent %d stuck at x %g", i, (double)a.position.x);
    }
    steer_world_destroy(w);
}

/* The world's filter is steer_orca_velocity over the nearest max_neighbours found by
 * brute force, to the bit: the world gathers them through its index (a first search
 * within part of neighbour_dist, a second when that finds too few), reads them from its
 * snapshot without building a view, and files them as they come. A random crowd, dense
 * in the middle and sparse outside (so both searches answer), random radii, velocities
 * (some idle) and two weights, plus agents without the filter (weight 0 to the others).
 * No steering: each agent's preferred velocity is its current one, which the world then
 * moves it at once the filter has picked it. */
/* After a step of w, whether each crowd agent's velocity is steer_orca_velocity over the
 * brute-force nearest 10 of `before` (the states that step started from), with the
 * weights of `recipe` (-1: none, 0: weight 1, 1: weight 0.5). */
static void check_world_step_was_orca(steer_world *w, int n_agents, const steer_handle *h,
                                      const steer_agent *before, const int *recipe)
{
    enum { K = 10 };
    int checked = 0;
    for (int i = 0; i < n_agents; i++) {
        if (recipe[i] < 0) continue;
        /* The K nearest by the world's squared distance, nearest first. */
        steer_crowd_neighbour view[K];
        float d2[K];
        int n = 0;
        for (int j = 0; j < n_agents; j++) {
            if (j == i) continue;
            float dx = before[j].position.x - before[i].position.x;
            float dy = before[j].position.y - before[i].position.y;
            float e = dx * dx + dy * dy;
            if (!(e < 15.0f * 15.0f) || (n == K && !(e < d2[K - 1]))) continue;
            int k = n < K ? n++ : K - 1;
            for (; k > 0 && e < d2[k - 1]; k--) {
                d2[k] = d2[k - 1];
                view[k] = view[k - 1];
            }
            d2[k] = e;
            steer_crowd_neighbour nb = {before[j].position, before[j].velocity, before[j].radius,
                                        recipe[j] < 0 ? 0.0f : (recipe[j] == 1 ? 0.5f : 1.0f),
                                        h[j].index};
            view[k] = nb;
        }
        steer_orca_params p = steer_orca_default();
        p.responsibility = recipe[i] == 1 ? 0.5f : 1.0f;
        steer_crowd_view v = {h[i].index, view, n, NULL, 0};
        steer_vec3 want = steer_orca_velocity(&before[i], before[i].velocity, &p, &v, 0.25f);
        /* The world moves the agent at that velocity through its integrator (v + 0 dt,
         * within max_speed), which rescales one the solver left a rounding over the
         * limit (|v|^2 = 4.00000095 for some agents of the press). */
        want = steer_truncate(steer_add_scaled(want, steer_v3_zero(), 0.25f), 2.0f);
        steer_agent after;
        steer_world_get_agent(w, h[i], &after);
        CHECK_MSG(memcmp(&want, &after.velocity, sizeof want) == 0,
                  "agent %d (%d neighbours): world (%.9g, %.9g), orca (%.9g, %.9g)", i, n,
                  (double)after.velocity.x, (double)after.velocity.y, (double)want.x,
                  (double)want.y);
        checked++;
    }
    CHECK(checked > n_agents / 2);
}

/* A world of 400 agents, dense (within `dense` of the centre) and sparse, with random
 * radii, velocities and weights (recipe[i]: -1 none, 0 weight 1, 1 weight 0.5); NULL
 * when an add fails. */
static steer_world *crowd_of_400(float dense, float sparse, uint64_t seed, steer_handle *h,
                                 steer_agent *before, int *recipe)
{
    enum { N = 400 };
    steer_world_def def = steer_world_default();
    def.capacity = N;
    steer_world *w = steer_world_create(&def);
    steer_recipe r = steer_recipe_default();
    r.crowd = true;
    steer_world_add_recipe(w, &r);
    r.orca.responsibility = 0.5f;
    steer_world_add_recipe(w, &r);
    steer_rng rng = steer_rng_make(seed, 3u);
    for (int i = 0; i < N; i++) {
        float span = i < N / 2 ? dense : sparse;
        steer_world_agent_def d = steer_world_agent_default();
        d.agent.position =
            steer_v3(steer_rng_range(&rng, -span, span), steer_rng_range(&rng, -span, span), 0.0f);
        d.agent.radius = steer_rng_range(&rng, 0.3f, 1.5f);
        d.agent.max_speed = 2.0f;
        float speed = steer_rng_range(&rng, 0.0f, 1.9f), angle = steer_rng_range(&rng, 0, 6.283f);
        d.agent.velocity = steer_v3(speed * cosf(angle), speed * sinf(angle), 0.0f);
        recipe[i] = i % 7 == 0 ? -1 : (i % 3 == 0 ? 1 : 0);
        d.recipe = recipe[i];
        if (steer_world_add(w, &d, &h[i]) != STEER_WORLD_OK) {
            steer_world_destroy(w);
            return NULL;
        }
        before[i] = d.agent;
    }
    return w;
}

static void check_world_filter_over_the_nearest(float dense, float sparse, uint64_t seed)
{
    enum { N = 400 };
    steer_handle h[N];
    steer_agent before[N];
    int recipe[N];
    steer_world *w = crowd_of_400(dense, sparse, seed, h, before, recipe);
    CHECK(w != NULL);
    steer_world_step(w, 0.25f);
    check_world_step_was_orca(w, N, h, before, recipe);
    steer_world_destroy(w);
}

static void test_world_filter_is_orca_over_the_nearest(void)
{
    check_world_filter_over_the_nearest(30.0f, 120.0f, 11u);
}

/* The same in a press: 200 agents within 17 units of the centre, so a search finds up to
 * about 110, handed over in several batches (the search's batch holds 64), and a later
 * batch meets a list already full, which it is ranked against. */
static void test_world_filter_is_orca_over_the_nearest_in_a_press(void)
{
    check_world_filter_over_the_nearest(17.0f, 40.0f, 12u);
    check_world_filter_over_the_nearest(12.0f, 25.0f, 13u);
}

/* steer_world_set_recipe between two steps changes the weight the others give the agent
 * in the very next step (the index keeps a copy of each agent's recipe for the filter,
 * which a step that does not rebuild the index must not read stale). */
static void test_world_filter_sees_a_changed_recipe(void)
{
    enum { N = 400 };
    steer_handle h[N];
    steer_agent before[N];
    int recipe[N];
    steer_world *w = crowd_of_400(30.0f, 120.0f, 14u, h, before, recipe);
    CHECK(w != NULL);
    steer_world_step(w, 0.25f);
    CHECK(steer_world_stats_get(w).index_current);
    for (int i = 0; i < N; i++) {
        if (i % 5 == 0) {
            recipe[i] = recipe[i] < 0 ? 1 : (recipe[i] == 0 ? -1 : 0);
            CHECK(steer_world_set_recipe(w, h[i], recipe[i]) == STEER_WORLD_OK);
        }
        steer_world_get_agent(w, h[i], &before[i]);
    }
    steer_world_step(w, 0.25f);
    check_world_step_was_orca(w, N, h, before, recipe);
    steer_world_destroy(w);
}

TEST_MAIN(TEST(test_orca_free_space_gives_preferred),
          TEST(test_late_arrival_passes_agents_standing_at_their_goals),
          TEST(test_orca_pair_is_collision_free_for_the_horizon),
          TEST(test_orca_step_never_overlaps_in_a_crush), TEST(test_orca_respects_max_speed),
          TEST(test_two_agents_head_on_pass), TEST(test_small_circle_no_collisions_all_arrive),
          TEST(test_small_crossing_no_collisions_all_arrive),
          TEST(test_responsibility_zero_keeps_its_line),
          TEST(test_equal_responsibility_shares_the_dodge), TEST(test_agents_never_enter_walls),
          TEST(test_orca_in_the_xz_plane), TEST(test_coincident_agents_split_by_id),
          TEST(test_zero_radius_and_zero_speed), TEST(test_bad_numbers_are_skipped),
          TEST(test_orca_numbers_outside_the_domain), TEST(test_orca_sees_a_wall_2e30_long),
          TEST(test_orca_skips_a_far_wall_1e38_long), TEST(test_predict_head_on_turns_right),
          TEST(test_predict_ignores_safe_neighbours),
          TEST(test_predict_picks_soonest_and_dodges_away), TEST(test_predict_pair_passes),
          TEST(test_predict_bad_input), TEST(test_world_head_on_and_firm_agent),
          TEST(test_world_walls), TEST(test_world_agent_held_by_a_wall_gets_round),
          TEST(test_world_filter_is_orca_over_the_nearest),
          TEST(test_world_filter_is_orca_over_the_nearest_in_a_press),
          TEST(test_world_filter_sees_a_changed_recipe),
          TEST(test_world_keeps_the_crowd_in_its_domain))
