/* SPDX-License-Identifier: MIT */
/* Fields to goals over a navigation mesh: a worked example through a door, several goals,
 * bad input, and 1,000 agents leaving a hall of pillars by one exit with one query. */
#include "test.h"
#include "navmesh_levels.h"

#include "steer/integrate.h"
#include "steer/math.h"
#include "steer/random.h"

typedef struct field {
    float distance[64];
    steer_vec3 toward[64];
    uint32_t scratch[128];
    int reached;
} field;

static void make_field(field *f, const steer_navmesh *m, const steer_vec3 *goals, int n)
{
    f->reached = steer_navmesh_distance_field(m, goals, n, f->distance, f->toward, 64, f->scratch,
                                              sizeof f->scratch);
}

/* Goal (8, 2) in room B: the door heads for (5, 2), 3 away; room A for (4, 2), 4 away. */
static void door_field_worked_example(void)
{
    test_mesh t;
    CHECK(test_two_rooms(&t) == STEER_NAVMESH_OK);
    field f;
    steer_vec3 goal = steer_v3(8, 2, 0);
    make_field(&f, &t.mesh, &goal, 1);
    CHECK(f.reached == 3);
    CHECK(f.distance[2] == 0.0f && f.toward[2].x == 8.0f && f.toward[2].y == 2.0f);
    CHECK_NEAR(f.distance[1], 3.0, 1e-6);
    CHECK(f.toward[1].x == 5.0f && f.toward[1].y == 2.0f);
    CHECK_NEAR(f.distance[0], 4.0, 1e-6);
    CHECK(f.toward[0].x == 4.0f && f.toward[0].y == 2.0f);
    /* A second goal in room A: each room is its own goal's. */
    steer_vec3 goals[2] = {steer_v3(8, 2, 0), steer_v3(1, 1, 0)};
    make_field(&f, &t.mesh, goals, 2);
    CHECK(f.distance[0] == 0.0f && f.distance[2] == 0.0f && f.toward[0].x == 1.0f);
    free(t.memory);
}

static void field_bad_input(void)
{
    test_mesh t;
    CHECK(test_two_rooms(&t) == STEER_NAVMESH_OK);
    field f;
    steer_vec3 goal = steer_v3(NAN, 2, 0);
    make_field(&f, &t.mesh, &goal, 1);
    CHECK(f.reached == 0 && f.distance[0] == INFINITY);
    goal = steer_v3(8, 2, 0);
    CHECK(steer_navmesh_distance_field(&t.mesh, &goal, 1, f.distance, f.toward, 2, f.scratch,
                                       sizeof f.scratch) == -1);
    CHECK(steer_navmesh_distance_field(&t.mesh, &goal, 1, f.distance, f.toward, 64, f.scratch, 8) ==
          -1);
    CHECK(steer_navmesh_distance_field(&t.mesh, &goal, 1, NULL, f.toward, 64, f.scratch,
                                       sizeof f.scratch) == -1);
    CHECK(steer_navmesh_field_scratch_bytes(0) == 0 && steer_navmesh_field_scratch_bytes(3) == 24);
    steer_agent a = steer_agent_default();
    a.position = steer_v3(1, 1, 0);
    steer_steering s = steer_navmesh_follow_field(&a, &t.mesh, NULL, f.toward, NULL, NULL, NULL);
    CHECK(s.linear.x == 0.0f && s.linear.y == 0.0f);
    free(t.memory);
}

/* A 60 x 40 hall with 3 x 3 pillars and the exit at its east end: 1,000 agents placed at
 * random follow one field and all reach the exit's polygon and stop at the exit, none
 * straying more than 0.05 off the mesh. */
static void a_thousand_agents_leave_by_one_exit(void)
{
    test_mesh t;
    CHECK(test_pillar_hall(&t, steer_v3(60, 40, 0), steer_v3(10, 8, 0), steer_v3(17, 11, 0),
                           steer_v3(6, 3, 0)) == STEER_NAVMESH_OK);
    CHECK(t.mesh.polygon_count <= 64);
    field f;
    steer_vec3 exit = steer_v3(59, 20, 0);
    make_field(&f, &t.mesh, &exit, 1);
    CHECK(f.reached == t.mesh.polygon_count);
    enum { N = 1000 };
    steer_agent *agents = malloc(sizeof *agents * N);
    steer_rng rng = steer_rng_make(3, 4);
    for (int i = 0; i < N; i++) {
        agents[i] = steer_agent_default();
        agents[i].max_speed = 4.0f;
        agents[i].max_accel = 16.0f;
        agents[i].position =
            test_point_on_mesh(&t.mesh, &rng, steer_v3(0.5f, 0.5f, 0), steer_v3(59.5f, 39.5f, 0));
    }
    steer_arrive_params arrive = steer_arrive_default();
    arrive.step = 1.0f / 30.0f;
    int arrived = 0;
    float off = 0.0f;
    for (int step = 0; step < 30 * 60 && arrived < N; step++) {
        arrived = 0;
        for (int i = 0; i < N; i++) {
            bool here = false;
            steer_steering s = steer_navmesh_follow_field(&agents[i], &t.mesh, f.distance, f.toward,
                                                          &arrive, NULL, &here);
            steer_agent_step(&agents[i], s, 1.0f / 30.0f);
            steer_vec3 on;
            steer_navmesh_nearest(&t.mesh, agents[i].position, &on);
            if (steer_distance(on, agents[i].position) > off)
                off = steer_distance(on, agents[i].position);
            arrived += steer_distance(agents[i].position, exit) < 0.3f;
        }
    }
    printf("%d of %d agents reached the exit; furthest off the mesh %.4f\n", arrived, N,
           (double)off);
    free(agents);
    free(t.memory);
    CHECK(arrived == N);
    CHECK(off <= 0.05f);
}

TEST_MAIN(TEST(door_field_worked_example), TEST(field_bad_input),
          TEST(a_thousand_agents_leave_by_one_exit))
