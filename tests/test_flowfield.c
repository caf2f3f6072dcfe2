/* SPDX-License-Identifier: MIT */
/* Flow fields: bilinear values by hand, borders, planes, following, bad input. */
#include "steer/steer.h"
#include "test.h"

#include <float.h>

/* A 3 x 2 field in XY with cell size 2 at origin (10, 20): node (i, j) = (i, j * 10, 0). */
static steer_flow_field small_field(steer_vec3 *cells)
{
    steer_flow_field f;
    steer_flow_field_init(&f, cells, 3, 2, steer_v3(10.0f, 20.0f, 0.0f), 2.0f, STEER_SPACE_XY);
    for (int j = 0; j < 2; j++)
        for (int i = 0; i < 3; i++)
            *steer_flow_field_node(&f, i, j) = steer_v3((float)i, (float)(j * 10), 0.0f);
    return f;
}

static void bilinear_values_by_hand(void)
{
    steer_vec3 cells[6];
    steer_flow_field f = small_field(cells);
    /* On a node: the node's value. */
    steer_vec3 v = steer_flow_field_sample(&f, steer_v3(12.0f, 22.0f, 0.0f));
    CHECK(v.x == 1.0f && v.y == 10.0f);
    /* Quarter of the way across x and three quarters up y in cell (0,0). */
    v = steer_flow_field_sample(&f, steer_v3(10.5f, 21.5f, 0.0f));
    CHECK_NEAR(v.x, 0.25, 1e-6);
    CHECK_NEAR(v.y, 7.5, 1e-5);
    /* A non-linear check: the field (i * j) at the centre of cell (1,0) is the mean of
     * its corners 0, 0, 1, 2. */
    for (int j = 0; j < 2; j++)
        for (int i = 0; i < 3; i++) steer_flow_field_node(&f, i, j)->z = (float)(i * j);
    f.space = STEER_SPACE_3D;
    v = steer_flow_field_sample(&f, steer_v3(13.0f, 0.0f, 1.0f)); /* 3D uses x and z (origin z 0) */
    CHECK_NEAR(v.z, (0.0 + 0.0 + 1.0 + 2.0) / 4.0, 1e-6);
}

static void borders_clamp(void)
{
    steer_vec3 cells[6];
    steer_flow_field f = small_field(cells);
    steer_vec3 v = steer_flow_field_sample(&f, steer_v3(-100.0f, -100.0f, 0.0f));
    CHECK(v.x == 0.0f && v.y == 0.0f);
    v = steer_flow_field_sample(&f, steer_v3(1e9f, 1e9f, 0.0f));
    CHECK(v.x == 2.0f && v.y == 10.0f);
    v = steer_flow_field_sample(&f, steer_v3(11.0f, 1e9f, 0.0f));
    CHECK_NEAR(v.x, 0.5, 1e-6);
    CHECK(v.y == 10.0f);
    /* A one-node field is constant everywhere. */
    steer_vec3 one = steer_v3(3.0f, 0.0f, 4.0f);
    steer_flow_field_init(&f, &one, 1, 1, steer_v3_zero(), 1.0f, STEER_SPACE_XZ);
    v = steer_flow_field_sample(&f, steer_v3(-7.0f, 99.0f, 2.5f));
    CHECK(v.x == 3.0f && v.z == 4.0f && v.y == 0.0f);
}

/* A field that flows along +x at 3 units/s: the agent ends up moving with it. */
static void follower_takes_the_flow(void)
{
    steer_vec3 cells[16];
    steer_flow_field f;
    steer_flow_field_init(&f, cells, 4, 4, steer_v3(-10.0f, 0.0f, -10.0f), 10.0f, STEER_SPACE_XZ);
    for (int k = 0; k < 16; k++) cells[k] = steer_v3(3.0f, 0.0f, 0.0f);
    steer_agent a = steer_agent_default();
    a.space = STEER_SPACE_XZ;
    a.velocity = steer_v3(0.0f, 0.0f, -4.0f);
    for (int step = 0; step < 120; step++)
        steer_agent_step(&a, steer_follow_flow_field(&a, &f, 0.1f, 0.1f), 1.0f / 60.0f);
    CHECK_NEAR(a.velocity.x, 3.0, 1e-3);
    CHECK_NEAR(a.velocity.z, 0.0, 1e-3);
    /* Faster than the agent may go: limited to max_speed. */
    for (int k = 0; k < 16; k++) cells[k] = steer_v3(0.0f, 0.0f, 50.0f);
    for (int step = 0; step < 120; step++)
        steer_agent_step(&a, steer_follow_flow_field(&a, &f, 0.1f, 0.1f), 1.0f / 60.0f);
    CHECK_NEAR(a.velocity.z, a.max_speed, 1e-3);
}

/* A field swirling round the origin keeps the agent circling at about its radius. */
static void follower_circles_in_a_swirl(void)
{
    enum { N = 21 };
    steer_vec3 cells[N * N];
    steer_flow_field f;
    steer_flow_field_init(&f, cells, N, N, steer_v3(-20.0f, -20.0f, 0.0f), 2.0f, STEER_SPACE_XY);
    for (int j = 0; j < N; j++)
        for (int i = 0; i < N; i++) {
            steer_vec3 p = steer_v3(-20.0f + 2.0f * (float)i, -20.0f + 2.0f * (float)j, 0.0f);
            *steer_flow_field_node(&f, i, j) =
                steer_scale(steer_normalize(steer_v3(-p.y, p.x, 0.0f)), 3.0f);
        }
    steer_agent a = steer_agent_default();
    a.position = steer_v3(10.0f, 0.0f, 0.0f);
    float turned = 0.0f, last = 0.0f;
    for (int step = 0; step < 60 * 20; step++) {
        steer_agent_step(&a, steer_follow_flow_field(&a, &f, 0.0f, 0.1f), 1.0f / 60.0f);
        float angle = steer_atan2(a.position.y, a.position.x);
        turned += steer_wrap_angle(angle - last);
        last = angle;
        float r = steer_length(a.position);
        CHECK_MSG(r > 8.0f && r < 13.0f, "step %d radius %g", step, (double)r);
    }
    CHECK(turned > 4.0f); /* 20 s at 3 units/s on a ~10 radius: about one turn */
}

/* Node values near +-FLT_MAX of opposite signs: b - a overflowed, and on a node
 * (fraction 0) inf * 0 gave NaN. Every sample is finite, a node gives its own value and
 * the midpoint of opposite extremes about 0; positions any distance off the grid, and a
 * field written by hand with no nodes, give finite values too. */
static void extreme_values_and_positions(void)
{
    steer_vec3 cells[4] = {{-FLT_MAX, FLT_MAX, 0.0f},
                           {FLT_MAX, -FLT_MAX, 0.0f},
                           {FLT_MAX, -3e38f, 0.0f},
                           {-1e38f, FLT_MAX, 0.0f}};
    steer_flow_field f;
    steer_flow_field_init(&f, cells, 2, 2, steer_v3_zero(), 1.0f, STEER_SPACE_XY);
    const float at[] = {0.0f, 0.25f, 0.5f, 1.0f, -FLT_MAX, FLT_MAX, 1e-45f};
    for (int a = 0; a < 7; a++) {
        for (int b = 0; b < 7; b++) {
            steer_vec3 v = steer_flow_field_sample(&f, steer_v3(at[a], at[b], 0.0f));
            CHECK_MSG(steer_v3_is_finite(v), "at (%g, %g): %g %g", (double)at[a], (double)at[b],
                      (double)v.x, (double)v.y);
        }
    }
    steer_vec3 v = steer_flow_field_sample(&f, steer_v3_zero()); /* on node (0, 0) */
    CHECK(v.x == -FLT_MAX && v.y == FLT_MAX);
    v = steer_flow_field_sample(&f, steer_v3(0.5f, 0.0f, 0.0f)); /* midway: about 0 */
    CHECK(fabsf(v.x) < 1e32f && fabsf(v.y) < 1e32f);
    f.origin = steer_v3(-FLT_MAX, FLT_MAX, 0.0f);
    f.cell_size = 1e-30f;
    CHECK(steer_v3_is_finite(steer_flow_field_sample(&f, steer_v3(FLT_MAX, -FLT_MAX, 0.0f))));
    f.width = 0; /* a struct written by hand: no nodes to read */
    v = steer_flow_field_sample(&f, steer_v3_zero());
    CHECK(v.x == 0.0f && v.y == 0.0f);
}

static void bad_input(void)
{
    const float nan = nanf("");
    steer_vec3 cells[4] = {{nan, 0, 0}, {2, 0, 0}, {2, 0, 0}, {2, 0, 0}};
    steer_flow_field f;
    steer_flow_field_init(&f, cells, 2, 2, steer_v3_zero(), nan, STEER_SPACE_XY);
    CHECK(f.cell_size == 1.0f);
    steer_vec3 v = steer_flow_field_sample(&f, steer_v3(0.0f, 0.0f, 0.0f));
    CHECK(v.x == 0.0f); /* the NaN node counts as zero */
    v = steer_flow_field_sample(&f, steer_v3(0.5f, 0.0f, 0.0f));
    CHECK_NEAR(v.x, 1.0, 1e-6);
    CHECK(steer_flow_field_sample(&f, steer_v3(nan, 0.0f, 0.0f)).x == 0.0f);
    CHECK(steer_flow_field_node(&f, 2, 0) == NULL && steer_flow_field_node(&f, -1, 0) == NULL);
    steer_flow_field_init(&f, cells, 0, 5, steer_v3_zero(), 1.0f, STEER_SPACE_XY);
    CHECK(f.width == 0 && steer_flow_field_node(&f, 0, 0) == NULL);
    CHECK(steer_flow_field_sample(&f, steer_v3_zero()).x == 0.0f);
    steer_flow_field_init(&f, NULL, 2, 2, steer_v3_zero(), 1.0f, STEER_SPACE_XY);
    CHECK(f.width == 0);
    /* An empty or NULL field brings the agent to rest. */
    steer_agent a = steer_agent_default();
    a.velocity = steer_v3(1.0f, 0.0f, 0.0f);
    CHECK(steer_follow_flow_field(&a, &f, 0.1f, 0.1f).linear.x < 0.0f);
    CHECK(steer_follow_flow_field(&a, NULL, nan, nan).linear.x < 0.0f);
    a.position.y = nan;
    CHECK(steer_follow_flow_field(&a, NULL, 0.1f, 0.1f).linear.x == 0.0f);
}

TEST_MAIN(TEST(bilinear_values_by_hand), TEST(borders_clamp), TEST(extreme_values_and_positions),
          TEST(follower_takes_the_flow), TEST(follower_circles_in_a_swirl), TEST(bad_input))
