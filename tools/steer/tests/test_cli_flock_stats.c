/* SPDX-License-Identifier: MIT */
/* The flock measures on hand-made states: two flocks flying opposite ways are locally
 * aligned but not overall; a boid far from all is alone; on a wrapping field, boids on
 * opposite edges are neighbours, on an open one they are not; a big flock is measured
 * like a small one. */
#include "test.h"

#include "cli_flock_stats.h"

#include <math.h>

/* A flock of n boids on the box [-50, 50]^2 with alignment radius 5. */
static void make_scenario(cli_scenario *s, int n, cli_edges edges)
{
    memset(s, 0, sizeof *s);
    s->space = STEER_SPACE_XY;
    s->world_min = steer_v3(-50, -50, 0);
    s->world_max = steer_v3(50, 50, 0);
    s->edges = edges;
    s->flock.present = true;
    s->flock.count = n;
    s->agent_count = n;
    s->flock.recipe = steer_recipe_default();
    steer_recipe_item it = steer_recipe_item_make(STEER_BEHAVIOUR_ALIGNMENT, 1.0f);
    it.neighbourhood.radius = 5.0f;
    s->flock.recipe.items[s->flock.recipe.count++] = it;
}

static steer_agent boid(float x, float y, float vx, float vy)
{
    steer_agent a = steer_agent_default();
    a.position = steer_v3(x, y, 0);
    a.velocity = steer_v3(vx, vy, 0);
    return a;
}

static void test_two_flocks_and_a_loner(void)
{
    cli_scenario s;
    steer_agent b[7];
    make_scenario(&s, 7, CLI_EDGES_OPEN);
    for (int i = 0; i < 3; i++) b[i] = boid(-20 + (float)i * 2, 0, 1, 0);     /* east */
    for (int i = 0; i < 3; i++) b[3 + i] = boid(20 + (float)i * 2, 0, -1, 0); /* west */
    b[6] = boid(0, 40, 0, 1);
    cli_flock_stats st;
    CHECK(cli_flock_measure(&s, b, &st));
    CHECK_NEAR(st.local, 1.0, 1e-6);
    CHECK_NEAR(st.global, 1.0 / 7.0, 1e-6);
    CHECK(st.flocks == 2);
    CHECK(st.alone == 1);
    CHECK_NEAR(st.radius, 5.0, 1e-6);
}

/* Ranks: the biggest flock 1, the next 2, a loner 0. */
static void test_ranks_by_size(void)
{
    cli_scenario s;
    steer_agent b[8];
    int rank[8];
    make_scenario(&s, 8, CLI_EDGES_OPEN);
    for (int i = 0; i < 3; i++) b[i] = boid(-20 + (float)i * 2, 0, 1, 0);
    for (int i = 0; i < 4; i++) b[3 + i] = boid(20 + (float)i * 2, 0, -1, 0);
    b[7] = boid(0, 40, 0, 1);
    CHECK(cli_flock_ranks(&s, b, rank));
    for (int i = 0; i < 3; i++) CHECK(rank[i] == 2);
    for (int i = 3; i < 7; i++) CHECK(rank[i] == 1);
    CHECK(rank[7] == 0);
}

static void test_wrap_links_opposite_edges(void)
{
    cli_scenario s;
    steer_agent b[2] = {boid(-49, 0, 1, 0), boid(49, 0, 1, 0)};
    cli_flock_stats st;
    make_scenario(&s, 2, CLI_EDGES_WRAP);
    CHECK(cli_flock_measure(&s, b, &st));
    CHECK(st.flocks == 1 && st.alone == 0);
    make_scenario(&s, 2, CLI_EDGES_OPEN);
    CHECK(cli_flock_measure(&s, b, &st));
    CHECK(st.flocks == 0 && st.alone == 2);
}

/* 100,000 boids in lines of ten 1 apart, the lines 10 apart: 10,000 flocks. */
static void test_big_flock(void)
{
    enum { N = 100000 };
    static steer_agent b[N];
    cli_scenario s;
    make_scenario(&s, N, CLI_EDGES_OPEN);
    s.world_min = steer_v3(-500, -500, 0);
    s.world_max = steer_v3(500, 500, 0);
    for (int i = 0; i < N; i++) {
        int line = i / 10;
        b[i] = boid(-495 + (float)(line % 100) * 10 + (float)(i % 10) * 0.5f,
                    -495 + (float)(line / 100) * 10, line % 2 ? 1 : -1, 0);
    }
    cli_flock_stats st;
    CHECK(cli_flock_measure(&s, b, &st));
    CHECK_MSG(st.flocks == N / 10, "%d flocks", st.flocks);
    CHECK(st.alone == 0);
    CHECK_NEAR(st.local, 1.0, 1e-6);
    CHECK_NEAR(st.global, 0.0, 1e-6);
}

TEST_MAIN(TEST(test_two_flocks_and_a_loner), TEST(test_ranks_by_size),
          TEST(test_wrap_links_opposite_edges), TEST(test_big_flock))
