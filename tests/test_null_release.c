/* SPDX-License-Identifier: MIT */
/* NULL pointers in a release build: with STEER_ASSERT compiled out (NDEBUG, here and in
 * the library this links, tests/CMakeLists.txt), every public function given NULL
 * where a pointer is required must return its documented zero result: no crash, no
 * endless loop, nothing written. One case a header; each NULL argument on its own. */
#ifndef NDEBUG
#define NDEBUG
#endif
#include "steer/steer.h"
#include "test.h"

static bool zero_vec(steer_vec3 v)
{
    return v.x == 0.0f && v.y == 0.0f && v.z == 0.0f;
}

static bool zero_steering(steer_steering s)
{
    return zero_vec(s.linear) && s.angular == 0.0f;
}

static void math_random_agent(void)
{
    steer_sincos(1.0f, NULL, NULL);
    float s = 7.0f, c = 7.0f;
    steer_sincos(1.0f, &s, NULL);
    steer_sincos(1.0f, NULL, &c);
    CHECK(s == 7.0f && c == 7.0f); /* nothing written when either is NULL */
    CHECK(steer_rng_u32(NULL) == 0u);
    CHECK(steer_rng_float(NULL) == 0.0f);
    CHECK(steer_rng_range(NULL, 2.0f, 3.0f) == 2.0f);
    CHECK(steer_rng_below(NULL, 3u) == 0u); /* returned at all: it used to spin */
    CHECK(steer_rng_below(NULL, 0u) == 0u);
    CHECK(!steer_agent_state_is_finite(NULL));
    CHECK(steer_agent_max_linear(NULL) == 0.0f);
    CHECK(zero_vec(steer_agent_heading(NULL)));
    CHECK(zero_vec(steer_agent_forward(NULL)));
    steer_fixed_step fs = steer_fixed_step_make(0.1f);
    (void)fs;
    CHECK(steer_fixed_step_advance(NULL, 0.1f) == 0);
    CHECK(steer_fixed_step_alpha(NULL) == 0.0f);
    CHECK(!steer_integrate_reynolds(NULL, steer_steering_zero()));
    CHECK(!steer_integrate_kinematic(NULL, steer_steering_zero(), 0.1f));
    CHECK(!steer_agent_step(NULL, steer_steering_zero(), 0.1f));
}

static void behaviours_and_combinators(void)
{
    steer_vec3 t = steer_v3(3.0f, 4.0f, 0.0f), v = steer_v3(1.0f, 0.0f, 0.0f);
    bool arrived = false;
    steer_vec3 spot = t;
    CHECK(zero_steering(steer_seek(NULL, t)) && zero_steering(steer_flee(NULL, t)));
    CHECK(zero_steering(steer_match_velocity(NULL, v, 0.1f)));
    CHECK(zero_steering(steer_arrive(NULL, t, NULL, &arrived)));
    CHECK(zero_steering(steer_leave(NULL, t, NULL)));
    CHECK(zero_steering(steer_align(NULL, 1.0f, NULL)));
    CHECK(zero_steering(steer_face(NULL, t, NULL)));
    CHECK(zero_steering(steer_look_where_going(NULL, NULL)));
    CHECK(zero_steering(steer_pursue(NULL, t, v, NULL)));
    CHECK(zero_steering(steer_evade(NULL, t, v, NULL)));
    CHECK(zero_steering(steer_interpose(NULL, t, v, v, v, NULL, &spot)));
    steer_leader leader = {t, v, 0.0f};
    CHECK(zero_steering(steer_offset_pursuit(NULL, &leader, v, NULL, &spot)));
    steer_agent a = steer_agent_default();
    CHECK(zero_steering(steer_offset_pursuit(&a, NULL, v, NULL, &spot)));
    steer_weighted w[1] = {{steer_seek(&a, t), 1.0f}};
    CHECK(zero_steering(steer_blend(NULL, w, 1)));
    CHECK(zero_steering(steer_blend(&a, NULL, 1)));
    int chosen = 5;
    CHECK(zero_steering(steer_priority(NULL, 2, 0.1f, &chosen)));
    CHECK(zero_steering(steer_steering_limit(NULL, w[0].steering)));
    steer_rng rng = steer_rng_make(1u, 2u);
    steer_wander_state ws = steer_wander_state_make(NULL);
    CHECK(steer_is_finite(ws.angle) && steer_v3_is_finite(ws.displacement));
    steer_wander_target_state wt = {t, 0.0f, false};
    CHECK(zero_steering(steer_wander(NULL, NULL, &ws, &rng)));
    CHECK(zero_steering(steer_wander_3d(NULL, NULL, &ws, &rng)));
    CHECK(zero_steering(steer_wander_3d(&a, NULL, NULL, &rng)));
    CHECK(zero_steering(steer_wander_3d(&a, NULL, &ws, NULL)));
    CHECK(zero_steering(steer_wander_target(NULL, NULL, &wt, &rng, 0.1f)));
    CHECK(zero_steering(steer_wander_target(&a, NULL, &wt, NULL, 0.1f)));
}

static void flocks_crowds_obstacles(void)
{
    steer_agent a = steer_agent_default();
    steer_vec3 p[1] = {{1.0f, 0.0f, 0.0f}};
    CHECK(!steer_in_neighbourhood(p[0], p[0], NULL));
    CHECK(zero_steering(steer_separation(NULL, p, 1, NULL)));
    CHECK(zero_steering(steer_separation(&a, NULL, 1, NULL)));
    CHECK(zero_steering(steer_alignment(NULL, p, p, 1, NULL)));
    CHECK(zero_steering(steer_alignment(&a, NULL, p, 1, NULL)));
    CHECK(zero_steering(steer_alignment(&a, p, NULL, 1, NULL)));
    CHECK(zero_steering(steer_cohesion(NULL, p, 1, NULL)));
    CHECK(zero_steering(steer_cohesion(&a, NULL, 1, NULL)));
    CHECK(zero_steering(steer_follow_leader(NULL, p[0], p[0], p[0], NULL)));
    CHECK(zero_steering(steer_queue(NULL, p, 1, NULL)));
    CHECK(zero_steering(steer_queue(&a, NULL, 1, NULL)));
    steer_orca_params op = steer_orca_default();
    CHECK(zero_vec(steer_orca_velocity(NULL, p[0], &op, NULL, 0.1f)));
    CHECK(zero_vec(steer_orca_velocity(&a, p[0], NULL, NULL, 0.1f)));
    int threat = 5;
    CHECK(zero_steering(steer_avoid_agents(NULL, NULL, 1, NULL, &threat)));
    CHECK(zero_steering(steer_avoid_agents(&a, NULL, 1, NULL, &threat)));
    steer_box_polygon(p[0], p[0], STEER_SPACE_XY, NULL);
    steer_polygon none = {NULL, 4};
    CHECK(steer_polygon_check(none, STEER_SPACE_XY) == STEER_POLYGON_TOO_FEW_POINTS);
    CHECK(steer_obstacle_distance(NULL, p[0], STEER_SPACE_XY) == HUGE_VALF);
    steer_obstacles o = {NULL, 3, NULL, 3, NULL, 3};
    CHECK(steer_obstacle_distance(&o, p[0], STEER_SPACE_XY) == HUGE_VALF);
    CHECK(zero_steering(steer_avoid_obstacles(NULL, &o, NULL)));
    CHECK(zero_steering(steer_avoid_obstacles(&a, NULL, NULL)));
    CHECK(zero_steering(steer_follow_wall(NULL, &o, NULL)));
    CHECK(zero_steering(steer_follow_wall(&a, NULL, NULL)));
    CHECK(steer_region_distance(NULL, p[0], STEER_SPACE_XY) == -HUGE_VALF);
    CHECK(zero_steering(steer_contain(NULL, NULL, NULL)));
    CHECK(zero_steering(steer_contain(&a, NULL, NULL)));
    CHECK(zero_steering(steer_hide(NULL, &o, p[0], p[0], NULL, NULL)));
    steer_steering evade = steer_evade(&a, p[0], p[0], NULL), hide; /* no circle: evades */
    hide = steer_hide(&a, NULL, p[0], p[0], NULL, NULL);
    CHECK(memcmp(&hide, &evade, sizeof hide) == 0);
}

static void paths_splines_flow_approach(void)
{
    steer_agent a = steer_agent_default();
    steer_vec3 pts[2] = {{0.0f, 0.0f, 0.0f}, {4.0f, 0.0f, 0.0f}};
    steer_path_node nodes[2];
    steer_path path;
    CHECK(steer_path_init(NULL, nodes, 2, pts, 2, false, 1.0f) == 0);
    CHECK(steer_path_init(&path, NULL, 2, pts, 2, false, 1.0f) == 0 && path.length == 0.0f);
    CHECK(steer_path_init(&path, nodes, 2, NULL, 2, false, 1.0f) == 0);
    CHECK(steer_path_length(NULL) == 0.0f);
    CHECK(zero_vec(steer_path_point_at(NULL, 1.0f)));
    CHECK(steer_path_parameter(NULL, pts[1]) == 0.0f);
    CHECK(steer_path_parameter_near(NULL, pts[1], 0.0f, 1.0f) == 0.0f);
    steer_path_init(&path, nodes, 2, pts, 2, false, 1.0f);
    steer_path_cursor cur = {0};
    bool arrived = false;
    CHECK(zero_steering(steer_follow_path(NULL, &path, NULL, &cur, &arrived)));
    CHECK(zero_steering(steer_follow_path(&a, NULL, NULL, &cur, &arrived)));
    CHECK(zero_steering(steer_follow_path(&a, &path, NULL, NULL, &arrived)));
    steer_obstacles none = {NULL, 0, NULL, 0, NULL, 0};
    CHECK(zero_steering(steer_follow_path_around(NULL, &path, &none, 0.2f, NULL, &cur, &arrived)));
    CHECK(zero_steering(steer_follow_path_around(&a, NULL, &none, 0.2f, NULL, &cur, &arrived)));
    CHECK(zero_steering(steer_follow_path_around(&a, &path, &none, 0.2f, NULL, NULL, &arrived)));
    steer_vec3 out[4];
    CHECK(steer_spline_length(NULL, 2) == 0.0f);
    CHECK(steer_spline_sample(NULL, 2, 1.0f, out, 4) == 0);
    CHECK(steer_spline_sample(pts, 2, 1.0f, NULL, 4) == 0);
    steer_flow_field_init(NULL, out, 2, 2, pts[0], 1.0f, STEER_SPACE_XY);
    CHECK(steer_flow_field_node(NULL, 0, 0) == NULL);
    CHECK(zero_vec(steer_flow_field_sample(NULL, pts[1])));
    CHECK(zero_steering(steer_follow_flow_field(NULL, NULL, 0.1f, 0.1f)));
    CHECK(zero_steering(steer_follow_flow_field(&a, NULL, 0.1f, 0.1f)));
    steer_approach_leg leg = steer_approach_next(STEER_SPACE_XY, pts[0], pts[1], NULL, NULL);
    CHECK(steer_v3_is_finite(leg.waypoint)); /* NULL rng: draws of 0 */
    steer_approach_leg drawn =
        steer_approach_next_drawn(STEER_SPACE_XY, pts[0], pts[1], NULL, 0.0f, 0.0f);
    /* NULL params: the defaults (fields compared: the struct has padding). */
    CHECK(leg.waypoint.x == drawn.waypoint.x && leg.waypoint.y == drawn.waypoint.y &&
          leg.step == drawn.step && leg.deviation == drawn.deviation);
    steer_approach_params defaults = steer_approach_default();
    CHECK(steer_approach_max_legs(30.0f, NULL) == steer_approach_max_legs(30.0f, &defaults));
    bool reached = true;
    CHECK(steer_approach_plan(STEER_SPACE_XY, pts[0], pts[1], NULL, NULL, NULL, 4, &reached) == 0);
    steer_approach_walker_start(NULL, STEER_SPACE_XY, pts[0], pts[1], NULL, NULL);
    steer_rng rng = steer_rng_make(3u, 4u);
    steer_approach_walker walker;
    memset(&walker, 0xab, sizeof walker);
    steer_approach_walker before = walker;
    steer_approach_walker_start(&walker, STEER_SPACE_XY, pts[0], pts[1], NULL, NULL);
    CHECK(memcmp(&walker, &before, sizeof walker) == 0); /* NULL rng: nothing done */
    steer_approach_walker_start(&walker, STEER_SPACE_XY, pts[0], pts[1], NULL, &rng);
    CHECK(zero_steering(steer_approach_walk(NULL, &walker, pts[1], NULL, &rng, &arrived)));
    CHECK(zero_steering(steer_approach_walk(&a, NULL, pts[1], NULL, &rng, &arrived)));
    CHECK(zero_steering(steer_approach_walk(&a, &walker, pts[1], NULL, NULL, &arrived)));
}

static void grids(void)
{
    steer_cell c = steer_cell_make(1, 1), next = steer_cell_make(9, 9);
    uint8_t cells[16];
    steer_grid g;
    CHECK(!steer_grid_init(NULL, 4, 4, cells, 16));
    CHECK(!steer_grid_init(&g, 4, 4, NULL, 16) && g.width == 0);
    CHECK(!steer_grid_in_bounds(NULL, c) && !steer_grid_is_free(NULL, c));
    steer_grid_set_wall(NULL, c, true);
    CHECK(steer_grid_cell_index(NULL, c) == -1);
    CHECK(!steer_grid_can_step(NULL, c, 1, 0, STEER_MOVES_8));
    steer_vec3 pts[2];
    steer_grid_frame frame = steer_grid_frame_default(); /* NULL frame: the default */
    steer_vec3 centre = steer_grid_cell_center(NULL, c), expect = steer_grid_cell_center(&frame, c);
    CHECK(memcmp(&centre, &expect, sizeof centre) == 0);
    CHECK(steer_cell_eq(steer_grid_world_to_cell(NULL, centre), c));
    CHECK(steer_grid_path_to_points(NULL, NULL, 2, pts, 2) == 0);
    CHECK(steer_grid_path_to_points(NULL, &c, 1, NULL, 2) == 0);
    steer_path_node nodes[2];
    CHECK(steer_grid_path_build(NULL, nodes, 2, pts, NULL, &c, 1, 1.0f) == 0);
    int w = 5, h = 5;
    steer_grid_error err;
    CHECK(!steer_grid_text_size(NULL, 4, &w, &h, &err));
    CHECK(steer_grid_text_size("..\n", 3, NULL, NULL, NULL)); /* size outputs optional */
    CHECK(!steer_grid_from_text(NULL, cells, 16, "..\n", 3, NULL));
    CHECK(!steer_grid_from_text(&g, NULL, 16, "..\n", 3, NULL) && g.width == 0);
    CHECK(!steer_grid_from_text(&g, cells, 16, NULL, 3, NULL) && g.width == 0);
    CHECK(!steer_grid_load_file(NULL, "x.map", NULL));
    CHECK(!steer_grid_load_file(&g, NULL, NULL) && g.width == 0);
    char buf[8] = "x";
    CHECK(steer_grid_error_format(NULL, "m", buf, sizeof buf) == buf && buf[0] == '\0');
    CHECK(steer_grid_error_format(&err, "m", NULL, 8) == NULL);
    CHECK(!steer_occupancy_init(NULL, &g, cells, 16));
    steer_occupancy occ;
    CHECK(!steer_occupancy_init(&occ, NULL, cells, 16));
    CHECK(!steer_occupancy_init(&occ, &g, NULL, 16));
    CHECK(steer_occupancy_is_free(NULL, c)); /* documented: NULL occ has every cell free */
    CHECK(!steer_occupancy_place(NULL, c) && !steer_occupancy_move(NULL, c, c));
    steer_occupancy_clear(NULL, c);
    steer_grid_init(&g, 4, 4, cells, 16);
    CHECK(steer_grid_chase_compare(NULL, NULL, c, c, STEER_MOVES_8, &next) == STEER_GRID_BAD_INPUT);
    CHECK(steer_grid_chase_compare(&g, NULL, c, c, STEER_MOVES_8, NULL) == STEER_GRID_BAD_INPUT);
    steer_line_chase_reset(NULL);
    CHECK(steer_grid_chase_line(NULL, NULL, NULL, c, c, STEER_MOVES_8, &next) ==
          STEER_GRID_BAD_INPUT);
    CHECK(steer_grid_chase_line(&g, NULL, NULL, c, c, STEER_MOVES_8, NULL) == STEER_GRID_BAD_INPUT);
    CHECK(steer_grid_chase_step(&g, NULL, STEER_CHASE_LINE, NULL, c, c, STEER_MOVES_8, NULL) ==
          STEER_GRID_BAD_INPUT);
    CHECK(steer_grid_evade(NULL, NULL, c, &c, 1, NULL, &next) == STEER_GRID_BAD_INPUT);
    CHECK(steer_grid_evade(&g, NULL, c, &c, 1, NULL, NULL) == STEER_GRID_BAD_INPUT);
}

static void astar(void)
{
    steer_cell c = steer_cell_make(1, 1), next = steer_cell_make(9, 9), out[8];
    uint8_t cells[16];
    steer_grid g;
    steer_grid_init(&g, 4, 4, cells, 16);
    static uint64_t memory[4096];
    steer_astar_scratch scratch;
    CHECK(!steer_astar_scratch_init(NULL, memory, sizeof memory, 16));
    CHECK(!steer_astar_scratch_init(&scratch, NULL, sizeof memory, 16));
    CHECK(steer_astar_scratch_init(&scratch, memory, sizeof memory, 16));
    steer_cell goal = steer_cell_make(2, 2);
    CHECK(steer_astar(NULL, c, goal, NULL, &scratch, out, 8).status == STEER_PATH_BAD_INPUT);
    CHECK(steer_astar(&g, c, goal, NULL, NULL, out, 8).status == STEER_PATH_BAD_INPUT);
    CHECK(steer_astar(&g, c, goal, NULL, &scratch, NULL, 8).status == STEER_PATH_BAD_INPUT);
    CHECK(!steer_grid_line_of_sight(NULL, c, goal));
    CHECK(steer_grid_smooth_path(&g, NULL, 3) == 0);
    steer_astar_chase_init(NULL, out, 8);
    steer_astar_chase chase;
    steer_astar_chase_init(&chase, out, 8);
    CHECK(steer_astar_chase_step(NULL, NULL, &chase, &scratch, NULL, c, goal, &next) ==
          STEER_GRID_BAD_INPUT);
    CHECK(steer_astar_chase_step(&g, NULL, NULL, &scratch, NULL, c, goal, &next) ==
          STEER_GRID_BAD_INPUT);
    CHECK(steer_astar_chase_step(&g, NULL, &chase, &scratch, NULL, c, goal, NULL) ==
          STEER_GRID_BAD_INPUT);
}

static void worlds(void)
{
    steer_agent a = steer_agent_default();
    steer_handle h = steer_handle_none();
    steer_steering s;
    CHECK(!steer_bounds_apply(NULL, &a));
    steer_bounds b = steer_bounds_none();
    CHECK(!steer_bounds_apply(&b, NULL));
    CHECK(steer_world_create(NULL) == NULL);
    steer_world_destroy(NULL);
    steer_recipe r = steer_recipe_default();
    CHECK(steer_world_add_recipe(NULL, &r) == -1);
    steer_world_agent_def def = steer_world_agent_default();
    CHECK(steer_world_add(NULL, &def, &h) == STEER_WORLD_INVALID);
    CHECK(steer_world_remove(NULL, h) == STEER_WORLD_INVALID);
    CHECK(!steer_world_is_valid(NULL, h));
    CHECK(steer_world_count(NULL) == 0);
    steer_handle none = steer_world_handle_at(NULL, 0);
    CHECK(none.index == 0u && none.generation == 0u && none.world == 0u);
    CHECK(steer_world_read(NULL, 0, 1, &a, NULL, NULL) == 0);
    CHECK(steer_world_get_agent(NULL, h, &a) == STEER_WORLD_INVALID);
    CHECK(steer_world_set_agent(NULL, h, &a) == STEER_WORLD_INVALID);
    CHECK(steer_world_set_target(NULL, h, a.position) == STEER_WORLD_INVALID);
    CHECK(steer_world_set_target_agent(NULL, h, h) == STEER_WORLD_INVALID);
    CHECK(steer_world_set_walls(NULL, NULL, 0) == STEER_WORLD_INVALID);
    CHECK(steer_world_set_recipe(NULL, h, 0) == STEER_WORLD_INVALID);
    CHECK(steer_world_set_layers(NULL, h, 1u, 1u) == STEER_WORLD_INVALID);
    CHECK(steer_world_set_callback(NULL, h, NULL, NULL) == STEER_WORLD_INVALID);
    CHECK(steer_world_set_user_data(NULL, h, NULL) == STEER_WORLD_INVALID);
    CHECK(steer_world_get_steering(NULL, h, &s) == STEER_WORLD_INVALID);
    CHECK(steer_world_get_user_data(NULL, h) == NULL);
    CHECK(steer_world_step(NULL, 0.1f) == STEER_WORLD_INVALID);
    CHECK(steer_world_query(NULL, a.position, 1.0f, ~0u, &h, 1) == 0);
    CHECK(steer_world_update_index(NULL) == STEER_WORLD_INVALID);
    CHECK(steer_world_stats_get(NULL).agents == 0);
    CHECK(!steer_world_agent_settled(NULL, h));
    steer_debug_draw draw;
    memset(&draw, 0, sizeof draw);
    CHECK(steer_world_debug_draw(NULL, h, &draw) == STEER_WORLD_INVALID);
    CHECK(steer_world_snapshot_size(NULL) == 0u);
    size_t written = 9u;
    char buf[16];
    CHECK(steer_world_snapshot_write(NULL, buf, sizeof buf, &written) == STEER_SNAPSHOT_INVALID);
    CHECK(written == 0u);
    CHECK(steer_world_restore(NULL, buf, sizeof buf) == STEER_SNAPSHOT_INVALID);
    steer_world_def wd = steer_world_default();
    steer_world *world = steer_world_create(&wd);
    CHECK(world != NULL);
    CHECK(steer_world_state_hash(NULL) == steer_world_state_hash(world)); /* as empty */
    CHECK(steer_world_add_recipe(world, NULL) == -1);
    CHECK(steer_world_add(world, NULL, &h) == STEER_WORLD_INVALID);
    CHECK(steer_world_add(world, &def, &h) == STEER_WORLD_OK); /* a live handle for the rest */
    CHECK(steer_world_get_agent(world, h, NULL) == STEER_WORLD_INVALID);
    CHECK(steer_world_set_agent(world, h, NULL) == STEER_WORLD_INVALID);
    CHECK(steer_world_get_steering(world, h, NULL) == STEER_WORLD_INVALID);
    CHECK(steer_world_read(world, 0, 1, NULL, NULL, NULL) == 0);
    CHECK(steer_world_debug_draw(world, h, NULL) == STEER_WORLD_INVALID);
    CHECK(steer_world_snapshot_write(world, NULL, 16, NULL) == STEER_SNAPSHOT_INVALID);
    CHECK(steer_world_restore(world, NULL, 16) == STEER_SNAPSHOT_INVALID);
    steer_world_destroy(world);
}

TEST_MAIN(TEST(math_random_agent), TEST(behaviours_and_combinators), TEST(flocks_crowds_obstacles),
          TEST(paths_splines_flow_approach), TEST(grids), TEST(astar), TEST(worlds))
