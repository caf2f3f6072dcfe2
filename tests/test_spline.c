/* SPDX-License-Identifier: MIT */
/* Centripetal Catmull-Rom splines: interpolation, no cusps or self-intersections on the
 * approach walker's worked example, uniform arc-length sampling, bad input. */
#include "steer/steer.h"
#include "test.h"

#include <float.h>

/* The approach walker's worked walk from (10,0,10) to the origin (test_approach.c solves
 * its draws). */
static const steer_vec3 worked_walk[6] = {{10.0f, 0.0f, 10.0f}, {3.73f, 0.0f, 6.71f},
                                          {2.11f, 0.0f, 3.23f}, {0.96f, 0.0f, 1.68f},
                                          {0.50f, 0.0f, 0.79f}, {0.0f, 0.0f, 0.0f}};

static void passes_through_its_points(void)
{
    steer_vec3 p0 = steer_v3(0, 0, 0), p1 = steer_v3(1, 2, 0), p2 = steer_v3(4, 3, 0),
               p3 = steer_v3(5, 7, 0);
    steer_vec3 a = steer_spline_point(p0, p1, p2, p3, 0.0f);
    steer_vec3 b = steer_spline_point(p0, p1, p2, p3, 1.0f);
    CHECK(steer_distance(a, p1) < 1e-5f && steer_distance(b, p2) < 1e-5f);
    /* Collinear, evenly spaced points give the straight line, evenly parameterised. */
    steer_vec3 m = steer_spline_point(steer_v3(0, 0, 0), steer_v3(1, 0, 0), steer_v3(2, 0, 0),
                                      steer_v3(3, 0, 0), 0.25f);
    CHECK_NEAR(m.x, 1.25, 1e-5);
    CHECK_NEAR(m.y, 0.0, 1e-6);
}

/* Proper crossing of segments ab and cd in the x-z plane. */
static bool segments_cross(steer_vec3 a, steer_vec3 b, steer_vec3 c, steer_vec3 d)
{
    float d1 = (b.x - a.x) * (c.z - a.z) - (b.z - a.z) * (c.x - a.x);
    float d2 = (b.x - a.x) * (d.z - a.z) - (b.z - a.z) * (d.x - a.x);
    float d3 = (d.x - c.x) * (a.z - c.z) - (d.z - c.z) * (a.x - c.x);
    float d4 = (d.x - c.x) * (b.z - c.z) - (d.z - c.z) * (b.x - c.x);
    return ((d1 > 0) != (d2 > 0)) && ((d3 > 0) != (d4 > 0)) && d1 != 0 && d2 != 0 && d3 != 0 &&
           d4 != 0;
}

/* Largest turn between consecutive sample steps, radians; a cusp turns by ~pi. */
static float sharpest_turn(const steer_vec3 *s, int n)
{
    float worst = 0.0f;
    for (int i = 1; i + 1 < n; i++) {
        steer_vec3 u = steer_normalize(steer_sub(s[i], s[i - 1]));
        steer_vec3 v = steer_normalize(steer_sub(s[i + 1], s[i]));
        float c = steer_clampf(steer_dot(u, v), -1.0f, 1.0f);
        float t = steer_atan2(steer_length(steer_cross(u, v)), c);
        if (t > worst) worst = t;
    }
    return worst;
}

static int count_crossings(const steer_vec3 *s, int n)
{
    int crossings = 0;
    for (int i = 0; i + 1 < n; i++)
        for (int j = i + 2; j + 1 < n; j++)
            if (segments_cross(s[i], s[i + 1], s[j], s[j + 1])) crossings++;
    return crossings;
}

static void worked_walk_has_no_cusp_or_crossing(void)
{
    static steer_vec3 s[2048];
    int n = steer_spline_sample(worked_walk, 6, 0.02f, s, 2048);
    CHECK(n > 500 && n < 2048);
    CHECK(count_crossings(s, n) == 0);
    /* Sampled every 0.02 units, a smooth curve turns by little per sample. */
    CHECK_MSG(sharpest_turn(s, n) < 0.2f, "sharpest turn %g", (double)sharpest_turn(s, n));
}

/* The same check on a uniform Catmull-Rom (alpha 0), written here, shows the points
 * are hard: it loops, which the centripetal one must not. */
static steer_vec3 uniform_cr(steer_vec3 p0, steer_vec3 p1, steer_vec3 p2, steer_vec3 p3, float t)
{
    float t2 = t * t, t3 = t2 * t;
    steer_vec3 r = steer_scale(p1, 2.0f);
    r = steer_add_scaled(r, steer_sub(p2, p0), t);
    r = steer_add_scaled(r,
                         steer_add(steer_sub(steer_scale(p0, 2.0f), steer_scale(p1, 5.0f)),
                                   steer_sub(steer_scale(p2, 4.0f), p3)),
                         t2);
    r = steer_add_scaled(
        r, steer_add(steer_sub(steer_scale(p1, 3.0f), p0), steer_sub(p3, steer_scale(p2, 3.0f))),
        t3);
    return steer_scale(r, 0.5f);
}

static void centripetal_does_not_loop_where_uniform_does(void)
{
    const steer_vec3 p[4] = {{0, 0, 0}, {0, 0, 10}, {0.5f, 0, 10}, {10, 0, 0}};
    steer_vec3 u[201], c[201];
    for (int i = 0; i <= 200; i++) {
        u[i] = uniform_cr(p[0], p[1], p[2], p[3], (float)i / 200.0f);
        c[i] = steer_spline_point(p[0], p[1], p[2], p[3], (float)i / 200.0f);
    }
    CHECK(count_crossings(u, 201) > 0);
    CHECK(count_crossings(c, 201) == 0);
}

static void samples_are_evenly_spaced_by_arc_length(void)
{
    static steer_vec3 s[4096];
    float length = steer_spline_length(worked_walk, 6);
    float straight = 0.0f;
    for (int i = 0; i + 1 < 6; i++) straight += steer_distance(worked_walk[i], worked_walk[i + 1]);
    CHECK(length >= straight && length < straight * 1.2f);
    for (int n = 10; n <= 1000; n *= 10) {
        float spacing = length / (float)n;
        int count = steer_spline_sample(worked_walk, 6, spacing, s, 4096);
        CHECK_MSG(count == n + 1, "n %d: %d samples", n, count);
        float walked = 0.0f;
        for (int i = 0; i + 1 < count; i++) {
            float gap = steer_distance(s[i], s[i + 1]);
            walked += gap;
            /* A chord is a little shorter than its arc; never longer. */
            CHECK_MSG(gap <= spacing * 1.001f && gap >= spacing * 0.97f, "n %d gap %d: %g of %g", n,
                      i, (double)gap, (double)spacing);
        }
        CHECK(steer_distance(s[0], worked_walk[0]) == 0.0f);
        CHECK(steer_distance(s[count - 1], worked_walk[5]) == 0.0f);
        CHECK_NEAR(walked, length, length * 0.01);
    }
}

/* A first point far beyond the others: the knot sums lost the short segment's interval
 * (from 1e14 beside 1, t3 - t2 rounded to 0), the points came out NaN and the length
 * dropped the far segment (it gave 1 for 1e14 + 1). The points run down the x axis to 0
 * and back to 1, so the length is far + 1 plus any overshoot past 0. */
static void far_first_point(void)
{
    const float far[] = {3e5f, 1e14f, 3e14f, 1e19f, 2e19f, 1e30f, FLT_MAX};
    for (int k = 0; k < (int)(sizeof far / sizeof far[0]); k++) {
        steer_vec3 pts[3] = {{far[k], 0.0f, 0.0f}, {0.0f, 0.0f, 0.0f}, {1.0f, 0.0f, 0.0f}};
        float len = steer_spline_length(pts, 3);
        CHECK_MSG(len >= far[k] * 0.99999f && len <= far[k] * 1.01f + 2.0f, "far %g: length %.9g",
                  (double)far[k], (double)len);
        steer_vec3 out[16];
        int n = steer_spline_sample(pts, 3, far[k] / 10.0f, out, 16);
        CHECK_MSG(n >= 10 && n <= 12, "far %g: %d samples", (double)far[k], n);
        for (int i = 0; i < n; i++) CHECK(steer_v3_is_finite(out[i]) && out[i].y == 0.0f);
        CHECK(out[0].x == far[k] && out[n - 1].x == 1.0f);
        /* Off the axis too, and on every segment. */
        steer_vec3 bent[4] = {{far[k], far[k], 0.0f}, {0, 0, 0}, {1, 0, 0}, {1, 1, 0}};
        for (int i = 0; i <= 8; i++) {
            float u = (float)i / 8.0f;
            CHECK(steer_v3_is_finite(steer_spline_point(bent[0], bent[0], bent[1], bent[2], u)));
            steer_vec3 q = steer_spline_point(bent[0], bent[1], bent[2], bent[3], u);
            CHECK_MSG(steer_v3_is_finite(q) && q.x > -0.5f && q.x < 1.5f, "far %g u %g: %g",
                      (double)far[k], (double)u, (double)q.x);
        }
    }
    /* A segment from -FLT_MAX to FLT_MAX: its ends, and finite points between. */
    steer_vec3 a = steer_v3(-FLT_MAX, 0.0f, 0.0f), b = steer_v3(FLT_MAX, 0.0f, 0.0f);
    CHECK(steer_spline_point(a, a, b, b, 0.0f).x == -FLT_MAX);
    CHECK(steer_spline_point(a, a, b, b, 1.0f).x == FLT_MAX);
    CHECK(steer_v3_is_finite(steer_spline_point(a, a, b, b, 0.3f)));
    steer_vec3 ends[2] = {a, b};
    CHECK(steer_spline_length(ends, 2) == FLT_MAX);
}

static void bad_input(void)
{
    const float nan = nanf("");
    steer_vec3 s[64];
    /* Repeats and NaN points are skipped: the same samples as without them. */
    const steer_vec3 clean[3] = {{0, 0, 0}, {5, 0, 0}, {5, 5, 0}};
    const steer_vec3 dirty[6] = {{0, 0, 0}, {nan, 0, 0}, {5, 0, 0},
                                 {5, 0, 0}, {5, 5, 0},   {5, 5, 0}};
    steer_vec3 a[64];
    int n1 = steer_spline_sample(clean, 3, 0.5f, s, 64);
    int n2 = steer_spline_sample(dirty, 6, 0.5f, a, 64);
    CHECK(n1 == n2 && n1 > 10);
    for (int i = 0; i < n1; i++) CHECK(steer_distance(s[i], a[i]) == 0.0f);
    /* One point: one sample. None: nothing. */
    CHECK(steer_spline_sample(clean, 1, 0.5f, s, 64) == 1 && s[0].x == 0.0f);
    CHECK(steer_spline_sample(dirty + 3, 1, 0.5f, s, 64) == 1);
    CHECK(steer_spline_sample(dirty + 1, 1, 0.5f, s, 64) == 0);
    CHECK(steer_spline_sample(NULL, 3, 0.5f, s, 64) == 0);
    CHECK(steer_spline_sample(clean, 3, 0.5f, NULL, 64) == 0);
    CHECK(steer_spline_sample(clean, 3, 0.5f, s, 0) == 0);
    CHECK(steer_spline_length(clean, 1) == 0.0f && steer_spline_length(NULL, 2) == 0.0f);
    /* Bad spacing: the usable points themselves. */
    CHECK(steer_spline_sample(dirty, 6, nan, s, 64) == 3 && s[2].y == 5.0f);
    CHECK(steer_spline_sample(dirty, 6, -1.0f, s, 64) == 3);
    /* Capacity runs out: stops early, in order. */
    CHECK(steer_spline_sample(clean, 3, 0.1f, s, 5) == 5);
    CHECK_NEAR(s[4].x, 0.4, 1e-3);
    /* Degenerate segment and neighbours. */
    steer_vec3 p = steer_spline_point(clean[0], clean[1], clean[1], clean[2], 0.5f);
    CHECK(p.x == 5.0f);
    p = steer_spline_point(steer_v3(nan, 0, 0), clean[0], clean[1], clean[1], 0.5f);
    CHECK_NEAR(p.x, 2.5, 1e-5);
    p = steer_spline_point(clean[0], clean[1], clean[2], clean[2], nan);
    CHECK(steer_distance(p, clean[1]) < 1e-6f);
    p = steer_spline_point(clean[0], steer_v3(INFINITY, 0, 0), clean[2], clean[2], 0.5f);
    CHECK(p.x == 0.0f && p.y == 0.0f && p.z == 0.0f);
}

TEST_MAIN(TEST(passes_through_its_points), TEST(worked_walk_has_no_cusp_or_crossing),
          TEST(centripetal_does_not_loop_where_uniform_does),
          TEST(samples_are_evenly_spaced_by_arc_length), TEST(far_first_point), TEST(bad_input))
