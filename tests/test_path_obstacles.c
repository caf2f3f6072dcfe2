// SPDX-License-Identifier: MIT
/* Paths past obstacles: followers on a closed track with boxes and circles on it and
 * beside it go round them and keep lapping -- with avoidance over path following by
 * priority, blended with it, and as a world recipe -- never entering an obstacle. */
#include "steer/steer.h"
#include "test.h"

#define REQUIRE(cond)                                                                              \
    do {                                                                                           \
        if (!(cond)) {                                                                             \
            CHECK(cond);                                                                           \
            return;                                                                                \
        }                                                                                          \
    } while (0)

/* The track: a 40 x 20 rectangle, 120 long, radius 2. On it: a 3 x 3 box across the
 * bottom leg (met squarely, dead centre), a circle of radius 1.5 on the right leg and one
 * of radius 1 on the top leg; beside it: a box and a circle that reach into the corridor. */
#define TRACK_LENGTH 120.0f
#define FOLLOWERS    5
#define DT           (1.0f / 60.0f)
#define SECONDS      150
#define LAPS         2    /* each follower completes at least this many */
#define MIN_SPEED    0.6f /* and averages at least this share of its top speed */

static steer_path_node nodes[8];
static steer_path track;
static steer_circle circles[3] = {{{20, 0, 0}, 1.5f}, {{-10, 11.5f, 0}, 1.0f}, {{8, 10, 0}, 1.0f}};
static steer_vec3 boxes[3][4];
static steer_polygon polygons[3];
static steer_obstacles obstacles;

static void scene_init(void)
{
    const steer_vec3 corners[4] = {{-20, -10, 0}, {20, -10, 0}, {20, 10, 0}, {-20, 10, 0}};
    steer_path_init(&track, nodes, 8, corners, 4, true, 2.0f);
    steer_box_polygon(steer_v3(-1.5f, -11.5f, 0), steer_v3(1.5f, -8.5f, 0), STEER_SPACE_XY,
                      boxes[0]);
    steer_box_polygon(steer_v3(-21.5f, -1, 0), steer_v3(-19.2f, 2, 0), STEER_SPACE_XY, boxes[1]);
    steer_box_polygon(steer_v3(10, -9.5f, 0), steer_v3(12, -8, 0), STEER_SPACE_XY, boxes[2]);
    for (int i = 0; i < 3; i++) polygons[i] = (steer_polygon){boxes[i], 4};
    obstacles = (steer_obstacles){circles, 3, NULL, 0, polygons, 3};
}

/* Follower i: top speeds 3 to 5, spread along the bottom leg (one starts just before the
 * box, heading straight at it). */
static steer_agent follower(int i)
{
    steer_agent a = steer_agent_default();
    a.space = STEER_SPACE_XY;
    a.max_speed = 3.0f + 0.5f * (float)i;
    a.max_accel = 10.0f;
    a.radius = 0.4f;
    a.position = steer_v3(-18.0f + 8.0f * (float)i, -10.0f + 0.3f * (float)(i % 3 - 1), 0.0f);
    return a;
}

/* Progress along the track, unwrapped: the path parameter found near the last one. */
typedef struct lap_meter {
    float s, total, travelled;
    int entries;
} lap_meter;

static void meter_step(lap_meter *m, const steer_agent *before, const steer_agent *after, int i,
                       int step)
{
    float s = steer_path_parameter_near(&track, after->position, m->s, 4.0f);
    m->total += s - m->s;
    m->s = s >= TRACK_LENGTH ? s - TRACK_LENGTH : s;
    m->travelled += steer_distance(before->position, after->position);
    float d = steer_obstacle_distance(&obstacles, after->position, STEER_SPACE_XY);
    if (d < after->radius) {
        if (m->entries == 0)
            CHECK_MSG(false, "follower %d entered an obstacle at step %d: clearance %g", i, step,
                      (double)(d - after->radius));
        m->entries++;
    }
}

static void check_meters(const lap_meter *m, const steer_agent *a, const char *how)
{
    float seconds = (float)SECONDS;
    for (int i = 0; i < FOLLOWERS; i++)
        printf("%s: follower %d: %.2f laps, average speed %.2f of its top speed, %d entries, at "
               "(%.2f, %.2f)\n",
               how, i, (double)(m[i].total / TRACK_LENGTH),
               (double)(m[i].travelled / seconds / a[i].max_speed), m[i].entries,
               (double)a[i].position.x, (double)a[i].position.y);
    for (int i = 0; i < FOLLOWERS; i++) {
        float laps = m[i].total / TRACK_LENGTH;
        float share = m[i].travelled / seconds / a[i].max_speed;
        CHECK_MSG(laps >= (float)LAPS, "%s: follower %d made %.2f laps", how, i, (double)laps);
        CHECK_MSG(share >= MIN_SPEED, "%s: follower %d averaged %.2f of its top speed", how, i,
                  (double)share);
        CHECK(m[i].entries == 0);
    }
}

/* Runs the five followers alone (no world); `plain`: with steer_follow_path, whose sought
 * point may lie inside an obstacle. Fills m[]. */
static void run_followers(bool blended, bool plain, steer_agent *a, lap_meter *m)
{
    scene_init();
    steer_path_cursor cursor[FOLLOWERS];
    steer_avoid_params avoid = steer_avoid_default();
    for (int i = 0; i < FOLLOWERS; i++) {
        a[i] = follower(i);
        cursor[i] = (steer_path_cursor){steer_path_parameter(&track, a[i].position), 0, 1, false};
        m[i] = (lap_meter){cursor[i].s, 0.0f, 0.0f, 0};
    }
    for (int step = 0; step < SECONDS * 60; step++)
        for (int i = 0; i < FOLLOWERS; i++) {
            steer_steering av = steer_avoid_obstacles(&a[i], &obstacles, &avoid);
            steer_steering fp =
                plain ? steer_follow_path(&a[i], &track, NULL, &cursor[i], NULL)
                      : steer_follow_path_around(&a[i], &track, &obstacles, avoid.margin, NULL,
                                                 &cursor[i], NULL);
            steer_steering s;
            if (blended) {
                steer_weighted w[2] = {{av, 2.0f}, {fp, 1.0f}};
                s = steer_blend(&a[i], w, 2);
            } else {
                steer_steering g[2] = {av, fp};
                s = steer_priority(g, 2, 1e-3f, NULL);
            }
            steer_agent before = a[i];
            steer_agent_step(&a[i], s, DT);
            if (plain) { /* entries are not counted: it is only the contrast */
                m[i].s = steer_path_parameter_near(&track, a[i].position, m[i].s, 4.0f);
                m[i].total = (float)cursor[i].lap * TRACK_LENGTH + cursor[i].s;
                m[i].travelled += steer_distance(before.position, a[i].position);
            } else {
                meter_step(&m[i], &before, &a[i], i, step);
            }
        }
}

static void run_single(bool blended)
{
    steer_agent a[FOLLOWERS], b[FOLLOWERS];
    lap_meter m[FOLLOWERS], plain[FOLLOWERS];
    run_followers(blended, false, a, m);
    check_meters(m, a, blended ? "blended" : "priority");
    /* The contrast: aiming at the path just ahead, into the box, the blended followers
     * stop at the box for good (by priority the slide alone takes them round, slower). */
    run_followers(blended, true, b, plain);
    float fewest = 1e9f, slowest = 1e9f;
    for (int i = 0; i < FOLLOWERS; i++) {
        float laps = plain[i].total / TRACK_LENGTH;
        float share = plain[i].travelled / (float)SECONDS / b[i].max_speed;
        fewest = laps < fewest ? laps : fewest;
        slowest = share < slowest ? share : slowest;
    }
    fprintf(stderr,
            "%s with steer_follow_path: the fewest laps %.2f, the slowest %.2f of its top\n",
            blended ? "blended" : "priority", (double)fewest, (double)slowest);
    if (blended) CHECK_MSG(fewest < 1.0f, "the track is no test of steer_follow_path_around");
}

static void priority_followers_lap(void)
{
    run_single(false);
}

static void blended_followers_lap(void)
{
    run_single(true);
}

/* The same in a world: avoid_obstacles and follow_path in one recipe, by priority (two
 * groups) and blended (one group). */
static void run_world(bool blended)
{
    scene_init();
    steer_world_def def = steer_world_default();
    def.capacity = FOLLOWERS;
    steer_world *w = steer_world_create(&def);
    REQUIRE(w != NULL);
    steer_resource obs, path;
    REQUIRE(steer_world_add_obstacles(w, &obstacles, &obs) == STEER_WORLD_OK);
    REQUIRE(steer_world_add_path(w, &track, &path) == STEER_WORLD_OK);
    steer_recipe rc = steer_recipe_default();
    rc.items[0] = steer_recipe_item_make(STEER_BEHAVIOUR_AVOID_OBSTACLES, blended ? 2.0f : 1.0f);
    rc.items[0].resource = obs;
    rc.items[1] = steer_recipe_item_make(STEER_BEHAVIOUR_FOLLOW_PATH, 1.0f);
    rc.items[1].resource = path;
    rc.items[1].group = blended ? 0 : 1;
    rc.count = 2;
    int recipe = steer_world_add_recipe(w, &rc);
    REQUIRE(recipe >= 0);
    steer_handle h[FOLLOWERS];
    steer_agent a[FOLLOWERS];
    lap_meter m[FOLLOWERS];
    for (int i = 0; i < FOLLOWERS; i++) {
        steer_world_agent_def ad = steer_world_agent_default();
        ad.agent = follower(i);
        ad.recipe = recipe;
        REQUIRE(steer_world_add(w, &ad, &h[i]) == STEER_WORLD_OK);
        a[i] = ad.agent;
        float s = steer_path_parameter(&track, a[i].position);
        m[i] = (lap_meter){s, 0.0f, 0.0f, 0};
    }
    for (int step = 0; step < SECONDS * 60; step++) {
        REQUIRE(steer_world_step(w, DT) == STEER_WORLD_OK);
        for (int i = 0; i < FOLLOWERS; i++) {
            steer_agent before = a[i];
            REQUIRE(steer_world_get_agent(w, h[i], &a[i]) == STEER_WORLD_OK);
            meter_step(&m[i], &before, &a[i], i, step);
        }
    }
    check_meters(m, a, blended ? "world, blended" : "world, priority");
    steer_world_destroy(w);
}

static void world_priority_followers_lap(void)
{
    run_world(false);
}

static void world_blended_followers_lap(void)
{
    run_world(true);
}

/* Bad input: no obstacle set is steer_follow_path, to the bit; NaN, negative and huge
 * clearances and radii count as 0; an obstacle over the whole track moves the sought
 * point on at most a lap and the output stays finite; an obstacle over the end of an open
 * path makes the follower arrive there. */
static void follow_path_around_bad_input(void)
{
    scene_init();
    steer_agent a = follower(1);
    a.velocity = steer_v3(2.0f, 0.5f, 0.0f);
    steer_path_cursor c1 = {0}, c2 = {0};
    steer_steering plain = steer_follow_path(&a, &track, NULL, &c1, NULL);
    steer_steering none = steer_follow_path_around(&a, &track, NULL, 0.2f, NULL, &c2, NULL);
    CHECK(plain.linear.x == none.linear.x && plain.linear.y == none.linear.y && c1.s == c2.s);
    const float bad[] = {NAN, -1.0f, INFINITY, 1e30f};
    for (int k = 0; k < 4; k++) {
        steer_path_cursor c3 = {0}, c4 = {0};
        steer_steering s =
            steer_follow_path_around(&a, &track, &obstacles, bad[k], NULL, &c3, NULL);
        steer_steering z = steer_follow_path_around(&a, &track, &obstacles, 0.0f, NULL, &c4, NULL);
        CHECK(steer_v3_is_finite(s.linear));
        if (k < 2) CHECK(s.linear.x == z.linear.x && s.linear.y == z.linear.y);
        steer_agent odd = a;
        odd.radius = bad[k];
        s = steer_follow_path_around(&odd, &track, &obstacles, 0.2f, NULL, &c3, NULL);
        CHECK(steer_v3_is_finite(s.linear));
    }
    steer_circle everything = {{0, 0, 0}, 100.0f};
    steer_obstacles all = {&everything, 1, NULL, 0, NULL, 0};
    steer_path_cursor c5 = {0};
    CHECK(steer_v3_is_finite(
        steer_follow_path_around(&a, &track, &all, 0.2f, NULL, &c5, NULL).linear));
    const steer_vec3 line[2] = {{0, 0, 0}, {10, 0, 0}};
    steer_path_node open_nodes[2];
    steer_path open;
    steer_path_init(&open, open_nodes, 2, line, 2, false, 1.0f);
    steer_circle at_end = {{10, 0, 0}, 1.0f};
    steer_obstacles end_obs = {&at_end, 1, NULL, 0, NULL, 0};
    steer_agent b = follower(0);
    b.position = steer_v3(8.2f, 0.0f, 0.0f);
    b.velocity = steer_v3(3.0f, 0.0f, 0.0f);    /* arrive brakes where a seek would not */
    steer_path_cursor c6 = {8.2f, 0, 1, false}; /* the sought point, 9.2, is in the circle */
    steer_steering s = steer_follow_path_around(&b, &open, &end_obs, 0.2f, NULL, &c6, NULL);
    steer_arrive_params ap = steer_path_follow_default().arrive;
    steer_steering arrive = steer_arrive(&b, line[1], &ap, NULL);
    CHECK(s.linear.x == arrive.linear.x && s.linear.y == arrive.linear.y);
}

TEST_MAIN(TEST(follow_path_around_bad_input), TEST(priority_followers_lap),
          TEST(blended_followers_lap), TEST(world_priority_followers_lap),
          TEST(world_blended_followers_lap))
