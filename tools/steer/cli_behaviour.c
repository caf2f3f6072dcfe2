/* SPDX-License-Identifier: MIT */
/* cli_behaviour.c - the behaviour table: parameters and evaluation, one row a behaviour. */
#include "cli_behaviour.h"

#include <stdlib.h>
#include <string.h>

#define CLI_OFF(field) offsetof(cli_behaviour, field)

steer_vec3 cli_target_position(const cli_target *t, const steer_agent *agents)
{
    if (t->kind == CLI_TARGET_AGENT) return agents[t->agent].position;
    return t->point;
}

static steer_vec3 cli_target_velocity(const cli_target *t, const steer_agent *agents)
{
    return t->kind == CLI_TARGET_AGENT ? agents[t->agent].velocity : steer_v3_zero();
}

/* ---- evaluation: each calls the library and nothing else ------------------------- */

static steer_steering cli_eval_seek(const cli_behaviour *b, const cli_eval *e,
                                    cli_behaviour_state *st)
{
    (void)st;
    return steer_seek(e->self, cli_target_position(&b->target, e->agents));
}

static steer_steering cli_eval_flee(const cli_behaviour *b, const cli_eval *e,
                                    cli_behaviour_state *st)
{
    (void)st;
    return steer_flee(e->self, cli_target_position(&b->target, e->agents));
}

static steer_steering cli_eval_arrive(const cli_behaviour *b, const cli_eval *e,
                                      cli_behaviour_state *st)
{
    return steer_arrive(e->self, cli_target_position(&b->target, e->agents), &b->arrive,
                        &st->arrived);
}

static steer_steering cli_eval_leave(const cli_behaviour *b, const cli_eval *e,
                                     cli_behaviour_state *st)
{
    (void)st;
    return steer_leave(e->self, cli_target_position(&b->target, e->agents), &b->leave);
}

static steer_steering cli_eval_align(const cli_behaviour *b, const cli_eval *e,
                                     cli_behaviour_state *st)
{
    (void)st;
    float goal = b->has_orientation ? b->orientation : e->agents[b->target.agent].orientation;
    return steer_align(e->self, goal, &b->align);
}

static steer_steering cli_eval_face(const cli_behaviour *b, const cli_eval *e,
                                    cli_behaviour_state *st)
{
    (void)st;
    return steer_face(e->self, cli_target_position(&b->target, e->agents), &b->align);
}

static steer_steering cli_eval_look(const cli_behaviour *b, const cli_eval *e,
                                    cli_behaviour_state *st)
{
    (void)st;
    return steer_look_where_going(e->self, &b->align);
}

static steer_steering cli_eval_match(const cli_behaviour *b, const cli_eval *e,
                                     cli_behaviour_state *st)
{
    (void)st;
    steer_vec3 goal = b->has_velocity ? b->velocity : cli_target_velocity(&b->target, e->agents);
    return steer_match_velocity(e->self, goal, b->time_to_target);
}

static steer_steering cli_eval_pursue(const cli_behaviour *b, const cli_eval *e,
                                      cli_behaviour_state *st)
{
    (void)st;
    return steer_pursue(e->self, cli_target_position(&b->target, e->agents),
                        cli_target_velocity(&b->target, e->agents), &b->pursue);
}

static steer_steering cli_eval_evade(const cli_behaviour *b, const cli_eval *e,
                                     cli_behaviour_state *st)
{
    (void)st;
    return steer_evade(e->self, cli_target_position(&b->target, e->agents),
                       cli_target_velocity(&b->target, e->agents), &b->pursue);
}

static steer_steering cli_eval_wander(const cli_behaviour *b, const cli_eval *e,
                                      cli_behaviour_state *st)
{
    return steer_wander(e->self, &b->wander, &st->wander, e->rng);
}

static steer_steering cli_eval_wander_3d(const cli_behaviour *b, const cli_eval *e,
                                         cli_behaviour_state *st)
{
    return steer_wander_3d(e->self, &b->wander, &st->wander, e->rng);
}

static steer_steering cli_eval_wander_target(const cli_behaviour *b, const cli_eval *e,
                                             cli_behaviour_state *st)
{
    steer_steering s =
        steer_wander_target(e->self, &b->wander_target, &st->wander_target, e->rng, e->time_step);
    st->has_goal = st->wander_target.has_target;
    st->goal = st->wander_target.target;
    return s;
}

static steer_steering cli_eval_approach(const cli_behaviour *b, const cli_eval *e,
                                        cli_behaviour_state *st)
{
    steer_steering s =
        steer_approach_walk(e->self, &st->walker, cli_target_position(&b->target, e->agents),
                            &b->approach, e->rng, &st->arrived);
    st->has_goal = st->walker.count > 1;
    st->goal = st->walker.plan[st->walker.count > 1 ? 1 : 0];
    return s;
}

/* ---- paths and obstacles ----------------------------------------------------------- */

/* As the world's follow_path: an agent that also avoids the obstacles aims past them,
 * with the margin of its first avoid_obstacles (steer_follow_path_around). */
static steer_steering cli_eval_follow_path(const cli_behaviour *b, const cli_eval *e,
                                           cli_behaviour_state *st)
{
    const cli_agent_def *d = &e->scenario->agents[e->index];
    int avoid = cli_behaviour_kind_find("avoid_obstacles");
    for (int k = 0; k < d->behaviour_count; k++)
        if (d->behaviours[k].kind == avoid)
            return steer_follow_path_around(
                e->self, &e->scenario->paths[b->path].path, &e->scenario->obstacles.set,
                d->behaviours[k].avoid.margin, &b->follow, &st->cursor, &st->arrived);
    return steer_follow_path(e->self, &e->scenario->paths[b->path].path, &b->follow, &st->cursor,
                             &st->arrived);
}

static steer_steering cli_eval_avoid(const cli_behaviour *b, const cli_eval *e,
                                     cli_behaviour_state *st)
{
    (void)st;
    return steer_avoid_obstacles(e->self, &e->scenario->obstacles.set, &b->avoid);
}

static steer_steering cli_eval_contain(const cli_behaviour *b, const cli_eval *e,
                                       cli_behaviour_state *st)
{
    (void)st;
    steer_region r;
    memset(&r, 0, sizeof r);
    r.kind = b->has_center ? STEER_REGION_CIRCLE : STEER_REGION_BOX;
    r.min = b->region_min;
    r.max = b->region_max;
    r.center = b->center;
    r.radius = b->radius;
    return steer_contain(e->self, &r, &b->contain);
}

static steer_steering cli_eval_follow_wall(const cli_behaviour *b, const cli_eval *e,
                                           cli_behaviour_state *st)
{
    (void)st;
    return steer_follow_wall(e->self, &e->scenario->obstacles.set, &b->wall);
}

static steer_steering cli_eval_hide(const cli_behaviour *b, const cli_eval *e,
                                    cli_behaviour_state *st)
{
    (void)st;
    return steer_hide(e->self, &e->scenario->obstacles.set,
                      cli_target_position(&b->target, e->agents),
                      cli_target_velocity(&b->target, e->agents), &b->hide, NULL);
}

/* ---- grid behaviours: a move every `every` steps, none once the other is caught ----- */

bool cli_cells_touch(steer_cell a, steer_cell b)
{
    return abs(a.x - b.x) <= 1 && abs(a.y - b.y) <= 1;
}

/* True when this step is a move and the agent is not next to its target; sets the
 * cells of both. */
static bool cli_grid_turn(const cli_behaviour *b, const cli_eval *e, cli_behaviour_state *st,
                          steer_cell *self, steer_cell *other)
{
    st->grid_move = false;
    *self = e->cells[e->index];
    *other = e->cells[b->target.agent];
    return e->step % b->every == 0 && !cli_cells_touch(*self, *other);
}

static steer_grid_moves cli_grid_moves(const cli_behaviour *b)
{
    return b->diagonal ? STEER_MOVES_8 : STEER_MOVES_4;
}

static steer_steering cli_grid_result(cli_behaviour_state *st, steer_grid_status status,
                                      steer_cell next)
{
    st->grid_move = status == STEER_GRID_MOVED;
    st->next = next;
    return steer_steering_zero();
}

/* The A* part of the chases: storage attached on first use (the straight method and
 * the line tie rule set as the behaviour asks). */
static steer_fallback_chase *cli_fallback(const cli_behaviour *b, const cli_eval *e,
                                          cli_behaviour_state *st, steer_grid_chase_method m)
{
    if (!st->fallback_ready) {
        steer_fallback_chase_init(&st->fallback, m, e->path, e->path_capacity);
        st->fallback.line.tie = b->horizontal_ties ? STEER_LINE_TIE_HORIZONTAL : st->line.tie;
        st->fallback_ready = true;
    }
    return &st->fallback;
}

static steer_astar_chase_params cli_astar_params(const cli_behaviour *b)
{
    steer_astar_chase_params p = steer_astar_chase_default();
    p.search.moves = cli_grid_moves(b);
    return p;
}

/* A straight chase with "fallback": A* leads while the straight method is blocked. */
static steer_steering cli_eval_grid_fallback(const cli_behaviour *b, const cli_eval *e,
                                             cli_behaviour_state *st, steer_grid_chase_method m)
{
    steer_cell self, target, next = {0, 0};
    if (!cli_grid_turn(b, e, st, &self, &target)) return steer_steering_zero();
    steer_astar_chase_params p = cli_astar_params(b);
    return cli_grid_result(st,
                           steer_fallback_chase_step(&e->scenario->grid.grid, NULL,
                                                     cli_fallback(b, e, st, m), e->scratch, &p,
                                                     self, target, &next),
                           next);
}

static steer_steering cli_eval_grid_astar(const cli_behaviour *b, const cli_eval *e,
                                          cli_behaviour_state *st)
{
    steer_cell self, target, next = {0, 0};
    if (!cli_grid_turn(b, e, st, &self, &target)) return steer_steering_zero();
    steer_astar_chase_params p = cli_astar_params(b);
    steer_fallback_chase *f = cli_fallback(b, e, st, STEER_CHASE_LINE);
    return cli_grid_result(st,
                           steer_astar_chase_step(&e->scenario->grid.grid, NULL, &f->astar,
                                                  e->scratch, &p, self, target, &next),
                           next);
}

static steer_steering cli_eval_grid_compare(const cli_behaviour *b, const cli_eval *e,
                                            cli_behaviour_state *st)
{
    if (b->fallback) return cli_eval_grid_fallback(b, e, st, STEER_CHASE_COMPARE);
    steer_cell self, target, next = {0, 0};
    if (!cli_grid_turn(b, e, st, &self, &target)) return steer_steering_zero();
    return cli_grid_result(st,
                           steer_grid_chase_compare(&e->scenario->grid.grid, e->occ, self, target,
                                                    cli_grid_moves(b), &next),
                           next);
}

static steer_steering cli_eval_grid_line(const cli_behaviour *b, const cli_eval *e,
                                         cli_behaviour_state *st)
{
    if (b->fallback) return cli_eval_grid_fallback(b, e, st, STEER_CHASE_LINE);
    steer_cell self, target, next = {0, 0};
    if (!cli_grid_turn(b, e, st, &self, &target)) return steer_steering_zero();
    return cli_grid_result(st,
                           steer_grid_chase_line(&e->scenario->grid.grid, e->occ, &st->line, self,
                                                 target, cli_grid_moves(b), &next),
                           next);
}

static steer_steering cli_eval_grid_evade(const cli_behaviour *b, const cli_eval *e,
                                          cli_behaviour_state *st)
{
    steer_cell self, threat, next = {0, 0};
    if (!cli_grid_turn(b, e, st, &self, &threat)) return steer_steering_zero();
    steer_grid_evade_params p = steer_grid_evade_default();
    p.moves = cli_grid_moves(b);
    p.lookahead = b->lookahead;
    return cli_grid_result(
        st, steer_grid_evade(&e->scenario->grid.grid, e->occ, self, &threat, 1, &p, &next), next);
}

/* ---- parameters, shared between rows ---------------------------------------------- */

static const cli_param cli_arrive_params[] = {
    {"target_radius", CLI_OFF(arrive.target_radius), CLI_PARAM_FLOAT, 0.0f, 0,
     "inside it the agent brakes to rest (world units)"},
    {"slow_radius", CLI_OFF(arrive.slow_radius), CLI_PARAM_FLOAT, 0.0f, 0,
     "inside it the agent slows down (world units)"},
    {"time_to_target", CLI_OFF(arrive.time_to_target), CLI_PARAM_FLOAT, 0.0f, 0,
     "time to reach the desired velocity (s, or frames)"},
    {"step", CLI_OFF(arrive.step), CLI_PARAM_FLOAT, 0.0f, 0,
     "braking step; defaults to the scenario's dt (1 frame under Reynolds)"},
    {"rest_speed", CLI_OFF(arrive.rest_speed), CLI_PARAM_FLOAT, 0.0f, 0,
     "arrived once inside target_radius and slower than this"},
    {"cookbook", CLI_OFF(arrive.cookbook), CLI_PARAM_BOOL, 0.0f, 0,
     "the cookbook's formula exactly: no braking inside target_radius, no stopping cap"},
};

static const cli_param cli_leave_params[] = {
    {"escape_radius", CLI_OFF(leave.escape_radius), CLI_PARAM_FLOAT, 0.0f, 0,
     "inside it, flee at full speed (world units)"},
    {"danger_radius", CLI_OFF(leave.danger_radius), CLI_PARAM_FLOAT, 0.0f, 0,
     "beyond it, no steering (world units)"},
    {"time_to_target", CLI_OFF(leave.time_to_target), CLI_PARAM_FLOAT, 0.0f, 0,
     "time to reach the desired velocity"},
};

#define CLI_ALIGN_PARAMS                                                                           \
    {"target_radius",                                                                              \
     CLI_OFF(align.target_radius),                                                                 \
     CLI_PARAM_FLOAT,                                                                              \
     0.0f,                                                                                         \
     0,                                                                                            \
     "angle inside which rotation brakes to rest (radians)"},                                      \
        {"slow_radius",                                                                            \
         CLI_OFF(align.slow_radius),                                                               \
         CLI_PARAM_FLOAT,                                                                          \
         0.0f,                                                                                     \
         0,                                                                                        \
         "angle inside which rotation slows (radians)"},                                           \
        {"time_to_target",                                                                         \
         CLI_OFF(align.time_to_target),                                                            \
         CLI_PARAM_FLOAT,                                                                          \
         0.0f,                                                                                     \
         0,                                                                                        \
         "time to reach the desired rotation"},                                                    \
        {"step",                                                                                   \
         CLI_OFF(align.step),                                                                      \
         CLI_PARAM_FLOAT,                                                                          \
         0.0f,                                                                                     \
         0,                                                                                        \
         "braking step; defaults to the scenario's dt"},                                           \
    {                                                                                              \
        "cookbook", CLI_OFF(align.cookbook), CLI_PARAM_BOOL, 0.0f, 0,                              \
            "the cookbook's formula exactly: no braking inside target_radius, no stopping cap"     \
    }

static const cli_param cli_align_params[] = {
    CLI_ALIGN_PARAMS,
    {"orientation", CLI_OFF(orientation), CLI_PARAM_FLOAT, -1e9f, CLI_OFF(has_orientation),
     "fixed orientation to turn to (radians), instead of a target agent's"},
};

static const cli_param cli_face_params[] = {CLI_ALIGN_PARAMS};

static const cli_param cli_match_params[] = {
    {"time_to_target", CLI_OFF(time_to_target), CLI_PARAM_FLOAT, 0.0f, 0,
     "time to reach the velocity"},
    {"velocity", CLI_OFF(velocity), CLI_PARAM_VEC3, 0.0f, CLI_OFF(has_velocity),
     "fixed velocity to match, instead of a target agent's"},
};

static const cli_param cli_pursue_params[] = {
    {"max_prediction", CLI_OFF(pursue.max_prediction), CLI_PARAM_FLOAT, 0.0f, 0,
     "cap on the look-ahead (s, or frames)"},
    {"time_to_target", CLI_OFF(pursue.time_to_target), CLI_PARAM_FLOAT, 0.0f, 0,
     "kinematic model: time to reach the desired velocity (s)"},
    {"catch_radius", CLI_OFF(catch_radius), CLI_PARAM_FLOAT, 0.0f, 0,
     "the run reports the first step the target is this close (0: never)"},
};

static const cli_param cli_evade_params[] = {
    {"max_prediction", CLI_OFF(pursue.max_prediction), CLI_PARAM_FLOAT, 0.0f, 0,
     "cap on the look-ahead (s, or frames)"},
    {"time_to_target", CLI_OFF(pursue.time_to_target), CLI_PARAM_FLOAT, 0.0f, 0,
     "kinematic model: time to reach the desired velocity (s)"},
};

static const cli_param cli_wander_params[] = {
    {"circle_distance", CLI_OFF(wander.circle_distance), CLI_PARAM_FLOAT, 0.0f, 0,
     "how far ahead the wander circle sits"},
    {"circle_radius", CLI_OFF(wander.circle_radius), CLI_PARAM_FLOAT, 0.0f, 0,
     "radius of the wander circle"},
    {"angle_change", CLI_OFF(wander.angle_change), CLI_PARAM_FLOAT, 0.0f, 0,
     "largest change of the wander angle per step (radians)"},
};

static const cli_param cli_wander_target_params[] = {
    {"area_min", CLI_OFF(wander_target.area_min), CLI_PARAM_VEC3, 0.0f, 0,
     "corner of the box targets are drawn in (default: the world box)"},
    {"area_max", CLI_OFF(wander_target.area_max), CLI_PARAM_VEC3, 0.0f, 0, "opposite corner"},
    {"interval", CLI_OFF(wander_target.interval), CLI_PARAM_FLOAT, 0.0f, 0,
     "time between new targets (s, or frames)"},
};

static const cli_param cli_approach_params[] = {
    {"min_step", CLI_OFF(approach.approach.min_step), CLI_PARAM_FLOAT, 0.0f, 0,
     "shortest leg (world units)"},
    {"max_step", CLI_OFF(approach.approach.max_step), CLI_PARAM_FLOAT, 0.0f, 0, "longest leg"},
    {"step_factor", CLI_OFF(approach.approach.step_factor), CLI_PARAM_FLOAT, 0.0f, 0,
     "share of the distance one leg walks"},
    {"aggro_distance", CLI_OFF(approach.approach.aggro_distance), CLI_PARAM_FLOAT, 0.0f, 0,
     "distance from which the full field of view is used"},
    {"max_fov", CLI_OFF(approach.approach.max_fov), CLI_PARAM_FLOAT, 0.0f, 0,
     "field of view at aggro_distance (radians)"},
    {"fov_scale", CLI_OFF(approach.approach.fov_scale), CLI_PARAM_FLOAT, 0.0f, 0,
     "share of the field used as the deviation limit"},
    {"ahead", CLI_OFF(approach.ahead), CLI_PARAM_INT, 1.0f, 0, "waypoints planned ahead (1 to 8)"},
    {"smooth", CLI_OFF(approach.smooth), CLI_PARAM_BOOL, 0.0f, 0,
     "follow a spline through the planned waypoints"},
    {"reach_radius", CLI_OFF(approach.reach_radius), CLI_PARAM_FLOAT, 0.0f, 0,
     "a waypoint counts as reached inside it"},
    {"lead", CLI_OFF(approach.lead), CLI_PARAM_FLOAT, 0.0f, 0,
     "smooth mode: how far ahead on the spline the sought point runs"},
    {"target_radius", CLI_OFF(approach.arrive.target_radius), CLI_PARAM_FLOAT, 0.0f, 0,
     "arrive at the end: inside it the walker brakes to rest"},
    {"slow_radius", CLI_OFF(approach.arrive.slow_radius), CLI_PARAM_FLOAT, 0.0f, 0,
     "arrive at the end: inside it the walker slows down"},
};

#define CLI_GRID_PARAMS                                                                            \
    {"every", CLI_OFF(every), CLI_PARAM_INT, 1.0f, 0, "steps a move takes (one cell a move)"},     \
    {                                                                                              \
        "diagonal", CLI_OFF(diagonal), CLI_PARAM_BOOL, 0.0f, 0,                                    \
            "8-connected moves, never past a wall's corner (false: 4-connected)"                   \
    }

static const cli_param cli_grid_chase_params[] = {
    CLI_GRID_PARAMS,
    {"fallback", CLI_OFF(fallback), CLI_PARAM_BOOL, 0.0f, 0,
     "A* leads while the straight method is blocked, until the target is in sight"},
};

static const cli_param cli_grid_astar_params[] = {CLI_GRID_PARAMS};

static const cli_param cli_grid_line_params[] = {
    CLI_GRID_PARAMS,
    {"fallback", CLI_OFF(fallback), CLI_PARAM_BOOL, 0.0f, 0,
     "A* leads while the straight method is blocked, until the target is in sight"},
    {"horizontal_ties", CLI_OFF(horizontal_ties), CLI_PARAM_BOOL, 0.0f, 0,
     "exact ties take the horizontal step, as the original code (false: the longer axis)"},
};

static const cli_param cli_grid_evade_params[] = {
    CLI_GRID_PARAMS,
    {"lookahead", CLI_OFF(lookahead), CLI_PARAM_INT, 1.0f, 0,
     "free cells beyond a step that make it no dead end (1 to 16)"},
};

static const cli_param cli_follow_path_params[] = {
    {"path", CLI_OFF(path), CLI_PARAM_PATH, 0.0f, 0, "the name of a path of \"paths\" (required)"},
    {"predict_time", CLI_OFF(follow.predict_time), CLI_PARAM_FLOAT, 0.0f, 0,
     "the position is predicted this far ahead before projecting (s, or frames)"},
    {"lead", CLI_OFF(follow.lead), CLI_PARAM_FLOAT, 0.0f, 0,
     "the sought point runs this far ahead of the cursor (world units)"},
    {"window", CLI_OFF(follow.window), CLI_PARAM_FLOAT, 0.0f, 0,
     "how far ahead the cursor looks for the agent (world units)"},
    {"target_radius", CLI_OFF(follow.arrive.target_radius), CLI_PARAM_FLOAT, 0.0f, 0,
     "open path: inside it the agent brakes to rest at the end"},
    {"slow_radius", CLI_OFF(follow.arrive.slow_radius), CLI_PARAM_FLOAT, 0.0f, 0,
     "open path: inside it the agent slows down for the end"},
};

static const cli_param cli_avoid_params[] = {
    {"margin", CLI_OFF(avoid.margin), CLI_PARAM_FLOAT, 0.0f, 0,
     "clearance kept beyond the agent's radius (world units)"},
    {"min_look", CLI_OFF(avoid.min_look), CLI_PARAM_FLOAT, 0.0f, 0,
     "shortest look-ahead (world units)"},
    {"look_time", CLI_OFF(avoid.look_time), CLI_PARAM_FLOAT, 0.0f, 0,
     "look-ahead grows by speed times this"},
    {"brake_weight", CLI_OFF(avoid.brake_weight), CLI_PARAM_FLOAT, 0.0f, 0,
     "share of the response spent braking (0 to 1)"},
    {"step", CLI_OFF(avoid.step), CLI_PARAM_FLOAT, 0.0f, 0,
     "braking step; defaults to the scenario's dt (1 frame under Reynolds)"},
};

static const cli_param cli_contain_params[] = {
    {"min", CLI_OFF(region_min), CLI_PARAM_VEC3, 0.0f, 0,
     "corner of the box to stay in (default: the world box)"},
    {"max", CLI_OFF(region_max), CLI_PARAM_VEC3, 0.0f, 0, "opposite corner"},
    {"center", CLI_OFF(center), CLI_PARAM_VEC3, 0.0f, CLI_OFF(has_center),
     "stay in a circle around this point instead of a box"},
    {"radius", CLI_OFF(radius), CLI_PARAM_FLOAT, 0.0f, 0, "the circle's radius"},
    {"margin", CLI_OFF(contain.margin), CLI_PARAM_FLOAT, 0.0f, 0,
     "distance from the edge at which to turn back"},
    {"look_time", CLI_OFF(contain.look_time), CLI_PARAM_FLOAT, 0.0f, 0,
     "extra look-ahead, speed times this"},
};

static const cli_param cli_wall_params[] = {
    {"distance", CLI_OFF(wall.distance), CLI_PARAM_FLOAT, 0.0f, 0,
     "distance kept from the wall (world units)"},
    {"stiffness", CLI_OFF(wall.stiffness), CLI_PARAM_FLOAT, 0.0f, 0,
     "how hard the distance is corrected"},
    {"damping", CLI_OFF(wall.damping), CLI_PARAM_FLOAT, 0.0f, 0,
     "how hard sideways motion is damped"},
    {"speed", CLI_OFF(wall.speed), CLI_PARAM_FLOAT, 0.0f, 0, "speed along the wall (0: max_speed)"},
    {"side", CLI_OFF(wall.side), CLI_PARAM_INT, -1.0f, 0,
     "1: wall on the left, -1: on the right, 0: the side it is on"},
};

static const cli_param cli_hide_params[] = {
    {"distance_behind", CLI_OFF(hide.distance_behind), CLI_PARAM_FLOAT, 0.0f, 0,
     "hiding spot's distance behind a circle's surface"},
    {"max_prediction", CLI_OFF(hide.max_prediction), CLI_PARAM_FLOAT, 0.0f, 0,
     "evade's look-ahead when there is nowhere to hide"},
};

#define CLI_ROW(name, help, rule, alt, params, fn)                                                 \
    {                                                                                              \
        name, help, rule, alt, params, (int)(sizeof params / sizeof params[0]), fn                 \
    }
#define CLI_ROW0(name, help, rule, fn)                                                             \
    {                                                                                              \
        name, help, rule, NULL, NULL, 0, fn                                                        \
    }

static const cli_behaviour_kind cli_kinds[] = {
    CLI_ROW0("seek", "head for the target at full speed", CLI_TARGET_RULE_ANY, cli_eval_seek),
    CLI_ROW0("flee", "run from the target at full speed", CLI_TARGET_RULE_ANY, cli_eval_flee),
    CLI_ROW("arrive", "reach the target and stop in it", CLI_TARGET_RULE_ANY, NULL,
            cli_arrive_params, cli_eval_arrive),
    CLI_ROW("leave", "get out of the target's danger radius", CLI_TARGET_RULE_ANY, NULL,
            cli_leave_params, cli_eval_leave),
    CLI_ROW("align", "turn to an orientation or a target agent's", CLI_TARGET_RULE_AGENT_OR,
            "orientation", cli_align_params, cli_eval_align),
    CLI_ROW("face", "turn to look at the target", CLI_TARGET_RULE_ANY, NULL, cli_face_params,
            cli_eval_face),
    CLI_ROW("look_where_going", "turn to face the velocity", CLI_TARGET_RULE_NONE, NULL,
            cli_face_params, cli_eval_look),
    CLI_ROW("match_velocity", "match a velocity or a target agent's", CLI_TARGET_RULE_AGENT_OR,
            "velocity", cli_match_params, cli_eval_match),
    CLI_ROW("pursue", "seek where the target agent will be", CLI_TARGET_RULE_AGENT, NULL,
            cli_pursue_params, cli_eval_pursue),
    CLI_ROW("evade", "flee from where the target agent will be", CLI_TARGET_RULE_AGENT, NULL,
            cli_evade_params, cli_eval_evade),
    CLI_ROW("wander", "Reynolds' wander circle", CLI_TARGET_RULE_NONE, NULL, cli_wander_params,
            cli_eval_wander),
    CLI_ROW("wander_3d", "the wander circle on a sphere, for flyers", CLI_TARGET_RULE_NONE, NULL,
            cli_wander_params, cli_eval_wander_3d),
    CLI_ROW("wander_target", "seek a random point, a new one every interval", CLI_TARGET_RULE_NONE,
            NULL, cli_wander_target_params, cli_eval_wander_target),
    CLI_ROW("approach", "walk to the target along random waypoints", CLI_TARGET_RULE_ANY, NULL,
            cli_approach_params, cli_eval_approach),
    CLI_ROW("follow_path", "follow a path of \"paths\", stopping at the end of an open one",
            CLI_TARGET_RULE_NONE, NULL, cli_follow_path_params, cli_eval_follow_path),
    CLI_ROW("avoid_obstacles", "steer around the obstacles ahead, braking", CLI_TARGET_RULE_NONE,
            NULL, cli_avoid_params, cli_eval_avoid),
    CLI_ROW("contain", "turn back before leaving a box or circle", CLI_TARGET_RULE_NONE, NULL,
            cli_contain_params, cli_eval_contain),
    CLI_ROW("follow_wall", "run along the nearest wall at a distance", CLI_TARGET_RULE_NONE, NULL,
            cli_wall_params, cli_eval_follow_wall),
    CLI_ROW("hide", "get behind a circle obstacle, out of the target agent's sight",
            CLI_TARGET_RULE_AGENT, NULL, cli_hide_params, cli_eval_hide),
    CLI_ROW("grid_chase_compare", "chase on the grid by comparing cells (the simple chase)",
            CLI_TARGET_RULE_AGENT, NULL, cli_grid_chase_params, cli_eval_grid_compare),
    CLI_ROW("grid_chase_line", "chase on the grid along a line (the line-tracking chase)",
            CLI_TARGET_RULE_AGENT, NULL, cli_grid_line_params, cli_eval_grid_line),
    CLI_ROW("grid_chase_astar", "chase on the grid along an A* path, re-planned as needed",
            CLI_TARGET_RULE_AGENT, NULL, cli_grid_astar_params, cli_eval_grid_astar),
    CLI_ROW("grid_evade", "flee on the grid, avoiding dead ends", CLI_TARGET_RULE_AGENT, NULL,
            cli_grid_evade_params, cli_eval_grid_evade),
};

int cli_behaviour_kind_count(void)
{
    return (int)(sizeof cli_kinds / sizeof cli_kinds[0]);
}

const cli_behaviour_kind *cli_behaviour_kind_at(int index)
{
    if (index < 0 || index >= cli_behaviour_kind_count()) return NULL;
    return &cli_kinds[index];
}

int cli_behaviour_kind_find(const char *name)
{
    for (int i = 0; i < cli_behaviour_kind_count(); i++)
        if (strcmp(cli_kinds[i].name, name) == 0) return i;
    return -1;
}

void cli_behaviour_defaults(cli_behaviour *b, const cli_scenario *s)
{
    float step = s->model == STEER_MODEL_REYNOLDS ? 1.0f : s->dt;
    b->weight = 1.0f;
    b->priority = 0;
    b->time_to_target = 0.1f;
    b->arrive = steer_arrive_default();
    b->arrive.step = step;
    b->leave = steer_leave_default();
    b->align = steer_align_default();
    b->align.step = step;
    b->pursue = steer_pursue_default();
    b->wander = steer_wander_default();
    b->wander_target = steer_wander_target_default();
    b->wander_target.area_min = s->world_min;
    b->wander_target.area_max = s->world_max;
    b->approach = steer_approach_walk_default();
    b->approach.arrive.step = step;
    b->every = 10;
    b->diagonal = true;
    b->lookahead = steer_grid_evade_default().lookahead;
    b->path = -1;
    b->follow = steer_path_follow_default();
    b->follow.arrive.step = step;
    b->avoid = steer_avoid_default();
    b->avoid.step = step;
    b->contain = steer_contain_default();
    b->region_min = s->world_min;
    b->region_max = s->world_max;
    b->wall = steer_wall_follow_default();
    b->hide = steer_hide_default();
}

bool cli_behaviour_arrives_at_path_end(const cli_behaviour *b, const cli_scenario *s)
{
    return b->kind == cli_behaviour_kind_find("follow_path") && b->path >= 0 &&
           !s->paths[b->path].path.closed;
}

bool cli_behaviour_is_grid(const cli_behaviour *b)
{
    return strncmp(cli_kinds[b->kind].name, "grid_", 5) == 0;
}

bool cli_behaviour_is_grid_chase(const cli_behaviour *b)
{
    return strncmp(cli_kinds[b->kind].name, "grid_chase", 10) == 0;
}

void cli_behaviour_state_init(const cli_behaviour *b, cli_behaviour_state *st, steer_rng *rng)
{
    memset(st, 0, sizeof *st);
    const char *name = cli_kinds[b->kind].name;
    if (strcmp(name, "wander") == 0 || strcmp(name, "wander_3d") == 0)
        st->wander = steer_wander_state_make(rng);
    steer_line_chase_reset(&st->line);
    if (b->horizontal_ties) st->line.tie = STEER_LINE_TIE_HORIZONTAL;
}

steer_steering cli_behaviour_eval(const cli_behaviour *b, const cli_eval *e,
                                  cli_behaviour_state *st)
{
    return cli_kinds[b->kind].eval(b, e, st);
}
