// SPDX-License-Identifier: MIT
/* The crowd filter's linear program (src/crowd_lp.h) on random sets of half-planes:
 * when they have a common point in the speed disc, the answer is in all of them and no
 * sampled point of that region is nearer the aim; when they have none, the answer is
 * their least violation, the same bits for any aim. The keep-right rule skips its
 * second solve on that ground (src/crowd_filter.h); rounding can still make the two
 * differ, rarely. White-box: it includes the private header. */
#include "crowd_lp.h"
#include "steer/steer.h"
#include "test.h"

enum { SETS = 4000, AIMS = 8, SAMPLES = 600 };

/* How far v is on the forbidden side of line l (<= 0 inside). */
static float lp_violation(const steer_orca_line *l, steer_v2 v)
{
    return steer__v2_det(l->dir, steer__v2_sub(l->point, v));
}

/* Line l turned, if need be, so that its half-plane lets p in. */
static void lp_let_in(steer_orca_line *l, steer_v2 p)
{
    if (lp_violation(l, p) > 0.0f) l->dir = steer__v2_scale(l->dir, -1.0f);
}

/* n random half-planes whose lines pass within 3 of the origin; when `around` is set,
 * each turned to let in a point of the disc of radius 2, so they have that in common. */
static void lp_random_lines(steer_rng *rng, steer_orca_line *lines, int n, bool around)
{
    steer_v2 c = steer__v2(steer_rng_range(rng, -1.4f, 1.4f), steer_rng_range(rng, -1.4f, 1.4f));
    for (int k = 0; k < n; k++) {
        float a = steer_rng_range(rng, 0.0f, 6.2831853f);
        lines[k].dir = steer__v2(cosf(a), sinf(a));
        lines[k].point = steer__v2(steer_rng_range(rng, -3, 3), steer_rng_range(rng, -3, 3));
        if (around) lp_let_in(&lines[k], c);
    }
}

/* A feasible answer: in the disc, in every half-plane, and nearest the aim among sampled
 * points that are in all of them. */
static void lp_check_feasible(steer_rng *rng, const steer_orca_line *lines, int n, float speed,
                              steer_v2 aim, steer_v2 v, int set)
{
    CHECK_MSG(steer__v2_len_sq(v) <= speed * speed * (1.0f + 1e-5f), "set %d: |v| > max", set);
    for (int k = 0; k < n; k++)
        CHECK_MSG(lp_violation(&lines[k], v) <= 1e-4f, "set %d: line %d violated by %g", set, k,
                  (double)lp_violation(&lines[k], v));
    float best = steer__v2_len_sq(steer__v2_sub(v, aim));
    for (int s = 0; s < SAMPLES; s++) {
        steer_v2 p =
            steer__v2(steer_rng_range(rng, -speed, speed), steer_rng_range(rng, -speed, speed));
        if (steer__v2_len_sq(p) > speed * speed) continue;
        bool inside = true;
        for (int k = 0; k < n && inside; k++) inside = lp_violation(&lines[k], p) <= 0.0f;
        if (!inside) continue;
        float d = steer__v2_len_sq(steer__v2_sub(p, aim));
        CHECK_MSG(sqrtf(best) <= sqrtf(d) + 1e-4f, "set %d: a sampled point is nearer the aim",
                  set);
    }
}

static void test_lp_answers_and_least_violation(void)
{
    steer_rng rng = steer_rng_make(31u, 7u);
    const float speed = 2.0f;
    int relaxed_sets = 0, feasible_sets = 0;
    for (int set = 0; set < SETS; set++) {
        steer_orca_line lines[STEER_ORCA_MAX_LINES];
        /* A few walls, then a few step half-planes, then the agents' half-planes. */
        int walls = (int)steer_rng_below(&rng, 3);
        int hard = walls + (int)steer_rng_below(&rng, 3);
        int n = hard + 1 + (int)steer_rng_below(&rng, 17);
        lp_random_lines(&rng, lines, n, set % 2 == 0);
        /* The filter's walls always let the agent stand (crowd_wall.c): turned so. */
        for (int k = 0; k < walls; k++) lp_let_in(&lines[k], steer__v2(0.0f, 0.0f));
        steer_v2 aim0 = steer__v2(steer_rng_range(&rng, -3, 3), steer_rng_range(&rng, -3, 3));
        bool relaxed;
        steer_v2 v0 = steer_orca_solve(lines, n, walls, hard, speed, aim0, &relaxed);
        if (!relaxed) {
            feasible_sets++;
            lp_check_feasible(&rng, lines, n, speed, aim0, v0, set);
            continue;
        }
        relaxed_sets++;
        for (int q = 0; q < AIMS; q++) {
            float a = 6.2831853f * (float)q / AIMS;
            steer_v2 aim = steer__v2(2.5f * cosf(a), 2.5f * sinf(a));
            if (q % 2 == 1) aim = steer__v2_scale(aim, 0.3f);
            bool again;
            steer_v2 v = steer_orca_solve(lines, n, walls, hard, speed, aim, &again);
            CHECK_MSG(again && memcmp(&v, &v0, sizeof v) == 0,
                      "set %d, aim %d: (%g, %g) against (%g, %g)", set, q, (double)v.x, (double)v.y,
                      (double)v0.x, (double)v0.y);
        }
    }
    /* Both kinds are common, so each property is tried many times. */
    CHECK_MSG(relaxed_sets > SETS / 5 && feasible_sets > SETS / 5, "%d relaxed, %d feasible",
              relaxed_sets, feasible_sets);
}

/* Walls that exclude each other (x >= 1 and x <= -1) have no least violation to settle
 * on, so the answer depends on the aim: such a solve is not reported relaxed, and the
 * keep-right rule still leans. */
static void test_lp_conflicting_walls_are_not_relaxed(void)
{
    steer_orca_line lines[3] = {
        {{1.0f, 0.0f}, {0.0f, -1.0f}}, /* x >= 1 */
        {{-1.0f, 0.0f}, {0.0f, 1.0f}}, /* x <= -1 */
        {{0.0f, 0.5f}, {1.0f, 0.0f}},  /* an agent's: y >= 0.5 */
    };
    CHECK(lp_violation(&lines[0], steer__v2(2.0f, 0.0f)) <= 0.0f);
    CHECK(lp_violation(&lines[1], steer__v2(-2.0f, 0.0f)) <= 0.0f);
    bool relaxed = true;
    steer_v2 a = steer_orca_solve(lines, 3, 2, 2, 2.0f, steer__v2(1.5f, 0.2f), &relaxed);
    CHECK(!relaxed);
    steer_v2 b = steer_orca_solve(lines, 3, 2, 2, 2.0f, steer__v2(-1.5f, 0.2f), &relaxed);
    CHECK(!relaxed);
    CHECK(memcmp(&a, &b, sizeof a) != 0); /* the aim shows through */
}

TEST_MAIN(TEST(test_lp_answers_and_least_violation),
          TEST(test_lp_conflicting_walls_are_not_relaxed))
