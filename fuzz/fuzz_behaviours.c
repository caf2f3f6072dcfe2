/* SPDX-License-Identifier: MIT */
/* fuzz_behaviours: every behaviour, combinator and integrator fed arbitrary floats and
 * parameters: an agent (any model, space, facing, state and limits), the targets,
 * obstacles, region, path and neighbours the behaviours read, and every parameter
 * struct, all from the input; then one behaviour, picked by the input, steers the agent
 * for a few steps (so stateful ones - wander, path cursor, approach walker - run on
 * their own output).
 *
 * Properties, from steer/behaviours.h and docs/conventions.md:
 * - no behaviour returns NaN, whatever the input;
 * - given finite input (every float read finite and the agent's state still finite):
 *   the output is finite, |linear| <= steer_agent_max_linear (1 for separation and
 *   cohesion, 2 for alignment, as steer/flock.h documents) and |angular| <=
 *   max_angular_accel (when those limits are finite; a limit <= 0 means zero), and a
 *   planar agent's linear output lies in its plane;
 * - integration keeps |velocity| <= max_speed (<= 0: at rest) and never makes NaN.
 */
#include "fuzz_input.h"
#include "steer/steer.h"

enum { FUZZ_MAX_NEIGHBOURS = 8, FUZZ_MAX_SHAPES = 4, FUZZ_MAX_POINTS = 8, FUZZ_MAX_STEPS = 4 };

/* Everything a behaviour may read, filled from the input. */
typedef struct fuzz_scene {
    steer_agent agent;
    steer_vec3 target, target_velocity, other, other_velocity, offset;
    float orientation, time_to_target, dt, epsilon;
    steer_arrive_params arrive;
    steer_leave_params leave;
    steer_align_params align;
    steer_pursue_params pursue;
    steer_leader leader;
    steer_wander_params wander;
    steer_wander_state wander_state;
    steer_wander_target_params wander_target;
    steer_wander_target_state wander_target_state;
    steer_rng rng;
    steer_circle circles[FUZZ_MAX_SHAPES];
    steer_segment walls[FUZZ_MAX_SHAPES];
    steer_vec3 polygon_points[2][FUZZ_MAX_POINTS];
    steer_polygon polygons[2];
    steer_obstacles obstacles;
    steer_avoid_params avoid;
    steer_wall_follow_params wall;
    steer_region region;
    steer_contain_params contain;
    steer_hide_params hide;
    steer_vec3 path_points[FUZZ_MAX_POINTS];
    steer_path_node path_nodes[FUZZ_MAX_POINTS];
    steer_path path;
    steer_path_follow_params follow;
    steer_path_cursor cursor;
    steer_vec3 positions[FUZZ_MAX_NEIGHBOURS], velocities[FUZZ_MAX_NEIGHBOURS];
    int neighbour_count;
    steer_neighbourhood neighbourhood;
    steer_leader_params leader_params;
    steer_queue_params queue;
    steer_approach_walk_params walk;
    steer_approach_walker walker;
    steer_weighted weighted[FUZZ_MAX_SHAPES];
    int weighted_count;
} fuzz_scene;

static void fuzz_params(fuzz_input *in, fuzz_scene *s)
{
    s->arrive = fuzz_arrive(in);
    s->leave.escape_radius = fuzz_float(in);
    s->leave.danger_radius = fuzz_float(in);
    s->leave.time_to_target = fuzz_float(in);
    s->align.target_radius = fuzz_float(in);
    s->align.slow_radius = fuzz_float(in);
    s->align.time_to_target = fuzz_float(in);
    s->align.step = fuzz_float(in);
    s->pursue.max_prediction = fuzz_float(in);
    s->wander.circle_distance = fuzz_float(in);
    s->wander.circle_radius = fuzz_float(in);
    s->wander.angle_change = fuzz_float(in);
    s->wander_state.angle = fuzz_float(in);
    s->wander_state.displacement = fuzz_vec3(in);
    s->wander_target.area_min = fuzz_vec3(in);
    s->wander_target.area_max = fuzz_vec3(in);
    s->wander_target.interval = fuzz_float(in);
    s->wander_target_state.target = fuzz_vec3(in);
    s->wander_target_state.time_left = fuzz_float(in);
    s->wander_target_state.has_target = fuzz_bool(in);
    s->rng = steer_rng_make(fuzz_u32(in), fuzz_u8(in));
}

static void fuzz_obstacle_set(fuzz_input *in, fuzz_scene *s)
{
    memset(&s->obstacles, 0, sizeof s->obstacles);
    s->obstacles.circle_count = fuzz_below(in, FUZZ_MAX_SHAPES + 1);
    for (int i = 0; i < s->obstacles.circle_count; i++) {
        s->circles[i].center = fuzz_vec3(in);
        s->circles[i].radius = fuzz_float(in);
    }
    s->obstacles.wall_count = fuzz_below(in, FUZZ_MAX_SHAPES + 1);
    for (int i = 0; i < s->obstacles.wall_count; i++) {
        s->walls[i].a = fuzz_vec3(in);
        s->walls[i].b = fuzz_vec3(in);
    }
    s->obstacles.polygon_count = fuzz_below(in, 3);
    for (int k = 0; k < 2; k++) {
        s->polygons[k].points = s->polygon_points[k];
        s->polygons[k].count = fuzz_below(in, FUZZ_MAX_POINTS + 1);
        for (int i = 0; i < s->polygons[k].count; i++) s->polygon_points[k][i] = fuzz_vec3(in);
    }
    s->obstacles.circles = s->circles;
    s->obstacles.walls = s->walls;
    s->obstacles.polygons = s->polygons;
}

static void fuzz_obstacles(fuzz_input *in, fuzz_scene *s)
{
    fuzz_obstacle_set(in, s);
    s->avoid.margin = fuzz_float(in);
    s->avoid.min_look = fuzz_float(in);
    s->avoid.look_time = fuzz_float(in);
    s->avoid.brake_weight = fuzz_float(in);
    s->avoid.step = fuzz_float(in);
    s->wall.distance = fuzz_float(in);
    s->wall.stiffness = fuzz_float(in);
    s->wall.damping = fuzz_float(in);
    s->wall.speed = fuzz_float(in);
    s->wall.side = fuzz_below(in, 5) - 2;
    s->region.kind = (steer_region_kind)fuzz_below(in, 3);
    s->region.min = fuzz_vec3(in);
    s->region.max = fuzz_vec3(in);
    s->region.center = fuzz_vec3(in);
    s->region.radius = fuzz_float(in);
    s->region.polygon = s->polygons[0];
    s->contain.margin = fuzz_float(in);
    s->contain.look_time = fuzz_float(in);
    s->hide.distance_behind = fuzz_float(in);
    s->hide.max_prediction = fuzz_float(in);
}

static void fuzz_path(fuzz_input *in, fuzz_scene *s)
{
    int count = fuzz_below(in, FUZZ_MAX_POINTS + 1);
    for (int i = 0; i < count; i++) s->path_points[i] = fuzz_vec3(in);
    bool closed = fuzz_bool(in);
    float radius = fuzz_float(in);
    steer_path_init(&s->path, s->path_nodes, FUZZ_MAX_POINTS, s->path_points, count, closed,
                    radius);
    s->follow.predict_time = fuzz_float(in);
    s->follow.lead = fuzz_float(in);
    s->follow.window = fuzz_float(in);
    s->follow.arrive = fuzz_arrive(in);
    s->cursor.s = fuzz_float(in);
    s->cursor.lap = (int)fuzz_u32(in);
    s->cursor.node = (int)fuzz_u32(in);
    s->cursor.arrived = fuzz_bool(in);
}

static void fuzz_group(fuzz_input *in, fuzz_scene *s)
{
    s->neighbour_count = fuzz_below(in, FUZZ_MAX_NEIGHBOURS + 1);
    for (int i = 0; i < s->neighbour_count; i++) {
        s->positions[i] = fuzz_vec3(in);
        s->velocities[i] = fuzz_vec3(in);
    }
    s->neighbourhood = fuzz_neighbourhood(in);
    s->leader_params.behind = fuzz_float(in);
    s->leader_params.clear_radius = fuzz_float(in);
    s->leader_params.arrive = fuzz_arrive(in);
    s->leader_params.evade.max_prediction = fuzz_float(in);
    s->queue.ahead = fuzz_neighbourhood(in);
    s->queue.keep = fuzz_float(in);
    s->queue.time_to_target = fuzz_float(in);
}

static void fuzz_walk(fuzz_input *in, fuzz_scene *s)
{
    steer_approach_params *p = &s->walk.approach;
    p->min_step = fuzz_float(in);
    p->max_step = fuzz_float(in);
    p->step_factor = fuzz_float(in);
    p->aggro_distance = fuzz_float(in);
    p->max_fov = fuzz_float(in);
    p->fov_scale = fuzz_float(in);
    s->walk.ahead = fuzz_below(in, STEER_APPROACH_AHEAD_MAX + 3) - 1;
    s->walk.smooth = fuzz_bool(in);
    s->walk.reach_radius = fuzz_float(in);
    s->walk.lead = fuzz_float(in);
    s->walk.arrive = fuzz_arrive(in);
    steer_approach_walker_start(&s->walker, s->agent.space, s->agent.position, s->target, &s->walk,
                                &s->rng);
}

static void fuzz_weighted(fuzz_input *in, fuzz_scene *s)
{
    s->weighted_count = fuzz_below(in, FUZZ_MAX_SHAPES + 1);
    for (int i = 0; i < s->weighted_count; i++) {
        s->weighted[i].steering.linear = fuzz_vec3(in);
        s->weighted[i].steering.angular = fuzz_float(in);
        s->weighted[i].weight = fuzz_float(in);
    }
}

static void fuzz_scene_make(fuzz_input *in, fuzz_scene *s)
{
    memset(s, 0, sizeof *s);
    s->agent = fuzz_agent(in);
    s->target = fuzz_vec3(in);
    s->target_velocity = fuzz_vec3(in);
    s->other = fuzz_vec3(in);
    s->other_velocity = fuzz_vec3(in);
    s->offset = fuzz_vec3(in);
    s->orientation = fuzz_float(in);
    s->time_to_target = fuzz_float(in);
    s->dt = fuzz_float(in);
    s->epsilon = fuzz_float(in);
    s->leader.position = s->other;
    s->leader.velocity = s->other_velocity;
    s->leader.orientation = s->orientation;
    fuzz_params(in, s);
    fuzz_obstacles(in, s);
    fuzz_path(in, s);
    fuzz_group(in, s);
    fuzz_walk(in, s);
    fuzz_weighted(in, s);
}

/* The behaviours, in the order of the selector byte. */
enum {
    B_SEEK,
    B_FLEE,
    B_MATCH,
    B_ARRIVE,
    B_LEAVE,
    B_ALIGN,
    B_FACE,
    B_LOOK,
    B_PURSUE,
    B_EVADE,
    B_INTERPOSE,
    B_OFFSET,
    B_WANDER,
    B_WANDER_3D,
    B_WANDER_TARGET,
    B_AVOID,
    B_WALL,
    B_CONTAIN,
    B_HIDE,
    B_PATH,
    B_SEPARATION,
    B_ALIGNMENT,
    B_COHESION,
    B_LEADER,
    B_QUEUE,
    B_WALK,
    B_BLEND,
    B_LIMIT,
    B_COUNT
};

static steer_steering fuzz_steer_single(fuzz_scene *s, int which)
{
    const steer_agent *a = &s->agent;
    bool flag = false;
    steer_vec3 out;
    switch (which) {
    case B_SEEK:
        return steer_seek(a, s->target);
    case B_FLEE:
        return steer_flee(a, s->target);
    case B_MATCH:
        return steer_match_velocity(a, s->target_velocity, s->time_to_target);
    case B_ARRIVE:
        return steer_arrive(a, s->target, &s->arrive, &flag);
    case B_LEAVE:
        return steer_leave(a, s->target, &s->leave);
    case B_ALIGN:
        return steer_align(a, s->orientation, &s->align);
    case B_FACE:
        return steer_face(a, s->target, &s->align);
    case B_LOOK:
        return steer_look_where_going(a, &s->align);
    case B_PURSUE:
        return steer_pursue(a, s->target, s->target_velocity, &s->pursue);
    case B_EVADE:
        return steer_evade(a, s->target, s->target_velocity, &s->pursue);
    case B_INTERPOSE:
        return steer_interpose(a, s->target, s->target_velocity, s->other, s->other_velocity,
                               &s->arrive, &out);
    case B_OFFSET:
        return steer_offset_pursuit(a, &s->leader, s->offset, &s->arrive, &out);
    case B_WANDER:
        return steer_wander(a, &s->wander, &s->wander_state, &s->rng);
    case B_WANDER_3D:
        return steer_wander_3d(a, &s->wander, &s->wander_state, &s->rng);
    default:
        return steer_steering_zero();
    }
}

static steer_steering fuzz_steer_scene(fuzz_scene *s, int which)
{
    const steer_agent *a = &s->agent;
    bool flag = false;
    steer_vec3 out;
    switch (which) {
    case B_WANDER_TARGET:
        return steer_wander_target(a, &s->wander_target, &s->wander_target_state, &s->rng, s->dt);
    case B_AVOID:
        return steer_avoid_obstacles(a, &s->obstacles, &s->avoid);
    case B_WALL:
        return steer_follow_wall(a, &s->obstacles, &s->wall);
    case B_CONTAIN:
        return steer_contain(a, &s->region, &s->contain);
    case B_HIDE:
        return steer_hide(a, &s->obstacles, s->other, s->other_velocity, &s->hide, &out);
    case B_PATH:
        return steer_follow_path(a, &s->path, &s->follow, &s->cursor, &flag);
    case B_SEPARATION:
        return steer_separation(a, s->positions, s->neighbour_count, &s->neighbourhood);
    case B_ALIGNMENT:
        return steer_alignment(a, s->positions, s->velocities, s->neighbour_count,
                               &s->neighbourhood);
    case B_COHESION:
        return steer_cohesion(a, s->positions, s->neighbour_count, &s->neighbourhood);
    case B_LEADER:
        return steer_follow_leader(a, s->other, s->other_velocity, s->offset, &s->leader_params);
    case B_QUEUE:
        return steer_queue(a, s->positions, s->neighbour_count, &s->queue);
    case B_WALK:
        return steer_approach_walk(a, &s->walker, s->target, &s->walk, &s->rng, &flag);
    case B_BLEND:
        return steer_blend(a, s->weighted, s->weighted_count);
    case B_LIMIT:
        return steer_steering_limit(a, s->weighted[0].steering);
    default:
        return fuzz_steer_single(s, which);
    }
}

static double fuzz_length(steer_vec3 v)
{
    return sqrt((double)v.x * v.x + (double)v.y * v.y + (double)v.z * v.z);
}

/* |value| within a limit; a limit <= 0 allows only zero, a non-finite one anything. */
static bool fuzz_within(double value, float limit)
{
    if (!isfinite(limit)) return true;
    double lim = limit > 0.0f ? (double)limit : 0.0;
    return value <= lim * (1.0 + 1e-5) + 1e-30;
}

/* Separation and cohesion return a unit direction, alignment a heading gap of length
 * 0..2 (steer/flock.h: the blend weight sets their strength); everything else is
 * limited to the agent's linear limit. */
static float fuzz_linear_limit(const steer_agent *a, int which)
{
    if (which == B_SEPARATION || which == B_COHESION) return 1.0f;
    if (which == B_ALIGNMENT) return 2.0f;
    return steer_agent_max_linear(a);
}

static void fuzz_check_steering(const fuzz_input *in, const steer_agent *a, steer_steering st,
                                int which)
{
    FUZZ_REQUIRE(!fuzz_steering_has_nan(st), "behaviour %d returned NaN", which);
    if (in->nonfinite > 0 || !steer_agent_state_is_finite(a)) return;
    FUZZ_REQUIRE(fuzz_vec3_is_finite(st.linear) && isfinite(st.angular),
                 "behaviour %d: (%g %g %g, %g) from finite input", which, (double)st.linear.x,
                 (double)st.linear.y, (double)st.linear.z, (double)st.angular);
    float limit = fuzz_linear_limit(a, which);
    FUZZ_REQUIRE(fuzz_within(fuzz_length(st.linear), limit),
                 "behaviour %d: |linear| %g over the limit %g", which, fuzz_length(st.linear),
                 (double)limit);
    FUZZ_REQUIRE(fuzz_within(fabs((double)st.angular), a->max_angular_accel),
                 "behaviour %d: |angular| %g over the limit %g", which, fabs((double)st.angular),
                 (double)a->max_angular_accel);
    FUZZ_REQUIRE(!(a->space == STEER_SPACE_XY && st.linear.z != 0.0f) &&
                     !(a->space == STEER_SPACE_XZ && st.linear.y != 0.0f),
                 "behaviour %d: linear (%g %g %g) leaves the plane of space %d", which,
                 (double)st.linear.x, (double)st.linear.y, (double)st.linear.z, (int)a->space);
}

static void fuzz_check_step(const steer_agent *a, bool moved)
{
    if (!moved || !steer_agent_state_is_finite(a)) {
        FUZZ_REQUIRE(!isnan(a->velocity.x) && !isnan(a->velocity.y) && !isnan(a->velocity.z) &&
                         !isnan(a->position.x) && !isnan(a->position.y) && !isnan(a->position.z) &&
                         !isnan(a->orientation) && !isnan(a->rotation),
                     "%s", "integration made NaN");
        return;
    }
    FUZZ_REQUIRE(fuzz_within(fuzz_length(a->velocity), a->max_speed),
                 "speed %g over max_speed %g after a step", fuzz_length(a->velocity),
                 (double)a->max_speed);
}

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size)
{
    fuzz_input in = fuzz_input_make(data, size);
    int which = fuzz_below(&in, B_COUNT);
    int steps = 1 + fuzz_below(&in, FUZZ_MAX_STEPS);
    fuzz_scene *s = malloc(sizeof *s);
    if (s == NULL) return 0;
    fuzz_scene_make(&in, s);
    bool was_finite = steer_agent_state_is_finite(&s->agent);
    for (int k = 0; k < steps; k++) {
        steer_steering st = fuzz_steer_scene(s, which);
        fuzz_check_steering(&in, &s->agent, st, which);
        bool moved = steer_agent_step(&s->agent, st, s->dt);
        if (was_finite) fuzz_check_step(&s->agent, moved);
    }
    free(s);
    return 0;
}
