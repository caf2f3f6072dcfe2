/* SPDX-License-Identifier: MIT */
/* The world's behaviour table (world_behaviours.h): a row per recipe item kind with its
 * name, what it reads, its scalar evaluation, its lane evaluation and its serialised
 * parameters, and the public name lookups (steer/world.h). Each evaluation calls the
 * single-agent function of the library and nothing else, so a recipe item gives the same
 * bits as that function called on its own. */
#include "world_behaviours.h"
#include "world_group_navigate.h"

#include "world_crowd.h"
#include "navmesh_internal.h"

#include <string.h>

/* ---- what the behaviours read of the world ---------------------------------------------- */

/* The evaluated agent's aim (its slot is gathered for every recipe that reads a target). */
static const steer_world_aim *steer_world_aim_of(const steer_world_eval *e)
{
    return steer__world_aim(e->w, e->slot);
}

/* The target agent's dense index, or -1 when it has none or it is gone. */
static int steer_world_target_index(const steer_world_eval *e)
{
    const steer_world_slot *t = steer__world_slot(e->w, steer_world_aim_of(e)->target_agent);
    return t != NULL ? t->dense : -1;
}

/* The target point: the target agent's position when it has one, else the point. */
static steer_vec3 steer_world_target_point(const steer_world_eval *e)
{
    return steer__world_goal(e->w, steer_world_aim_of(e));
}

/* ---- evaluations ------------------------------------------------------------------------ */

static steer_steering steer_world_eval_none(steer_world_eval *e, int k, const steer_recipe_item *it)
{
    (void)e, (void)k, (void)it;
    return steer_steering_zero();
}

static steer_steering steer_world_eval_seek(steer_world_eval *e, int k, const steer_recipe_item *it)
{
    (void)k, (void)it;
    return steer_seek(&e->agent, steer_world_target_point(e));
}

static steer_steering steer_world_eval_flee(steer_world_eval *e, int k, const steer_recipe_item *it)
{
    (void)k, (void)it;
    return steer_flee(&e->agent, steer_world_target_point(e));
}

static steer_steering steer_world_eval_arrive(steer_world_eval *e, int k,
                                              const steer_recipe_item *it)
{
    (void)k;
    return steer_arrive(&e->agent, steer_world_target_point(e), &it->arrive, NULL);
}

static steer_steering steer_world_eval_pursue(steer_world_eval *e, int k,
                                              const steer_recipe_item *it)
{
    (void)k;
    int t = steer_world_target_index(e);
    if (t < 0) return steer_steering_zero();
    const steer_world *w = e->w;
    return steer_pursue(&e->agent, w->pos[w->cur][t], w->vel[w->cur][t], &it->pursue);
}

static steer_steering steer_world_eval_evade(steer_world_eval *e, int k,
                                             const steer_recipe_item *it)
{
    (void)k;
    int t = steer_world_target_index(e);
    if (t < 0) return steer_steering_zero();
    const steer_world *w = e->w;
    return steer_evade(&e->agent, w->pos[w->cur][t], w->vel[w->cur][t], &it->pursue);
}

static steer_steering steer_world_eval_wander(steer_world_eval *e, int k,
                                              const steer_recipe_item *it)
{
    (void)k;
    if (e->agent.space == STEER_SPACE_3D)
        return steer_wander_3d(&e->agent, &it->wander, &e->own.wander, &e->own.rng);
    return steer_wander(&e->agent, &it->wander, &e->own.wander, &e->own.rng);
}

static steer_steering steer_world_eval_look(steer_world_eval *e, int k, const steer_recipe_item *it)
{
    (void)k;
    return steer_look_where_going(&e->agent, &it->align);
}

/* Separation and cohesion: the direction of the neighbour sum. */
static steer_steering steer_world_eval_direction(steer_world_eval *e, int k,
                                                 const steer_recipe_item *it)
{
    (void)it;
    return steer__flock_direction(&e->agent, e->sum[k].v);
}

static steer_steering steer_world_eval_alignment(steer_world_eval *e, int k,
                                                 const steer_recipe_item *it)
{
    (void)it;
    return steer__alignment_finish(&e->agent, e->sum[k].v, e->sum[k].n,
                                   steer__world_forward(e->w, e->i));
}

static steer_steering steer_world_eval_queue(steer_world_eval *e, int k,
                                             const steer_recipe_item *it)
{
    return steer__queue_finish(&e->agent, e->sum[k].n > 0, &it->queue);
}

static steer_steering steer_world_eval_leader(steer_world_eval *e, int k,
                                              const steer_recipe_item *it)
{
    (void)k;
    int t = steer_world_target_index(e);
    if (t < 0) return steer_steering_zero();
    const steer_world *w = e->w;
    return steer_follow_leader(&e->agent, w->pos[w->cur][t], w->vel[w->cur][t],
                               steer__world_forward(w, t), &it->leader);
}

static steer_steering steer_world_eval_avoid_agents(steer_world_eval *e, int k,
                                                    const steer_recipe_item *it)
{
    (void)k;
    return steer__world_avoid_agents(e->w, e->i, &e->agent, e->traits->mask, it);
}

static steer_steering steer_world_eval_leave(steer_world_eval *e, int k,
                                             const steer_recipe_item *it)
{
    (void)k;
    return steer_leave(&e->agent, steer_world_target_point(e), &it->leave);
}

static steer_steering steer_world_eval_align(steer_world_eval *e, int k,
                                             const steer_recipe_item *it)
{
    (void)k;
    int t = steer_world_target_index(e);
    if (t < 0) return steer_steering_zero();
    return steer_align(&e->agent, e->w->pose[e->w->cur][t].orientation, &it->align);
}

static steer_steering steer_world_eval_face(steer_world_eval *e, int k, const steer_recipe_item *it)
{
    (void)k;
    return steer_face(&e->agent, steer_world_target_point(e), &it->align);
}

static steer_steering steer_world_eval_match(steer_world_eval *e, int k,
                                             const steer_recipe_item *it)
{
    (void)k;
    int t = steer_world_target_index(e);
    if (t < 0) return steer_steering_zero();
    return steer_match_velocity(&e->agent, e->w->vel[e->w->cur][t], it->time_to_target);
}

/* Between the target agent and the target point (which stands still). */
static steer_steering steer_world_eval_interpose(steer_world_eval *e, int k,
                                                 const steer_recipe_item *it)
{
    (void)k;
    int t = steer_world_target_index(e);
    if (t < 0) return steer_steering_zero();
    const steer_world *w = e->w;
    return steer_interpose(&e->agent, w->pos[w->cur][t], w->vel[w->cur][t],
                           steer_world_aim_of(e)->target, steer_v3_zero(), &it->arrive, NULL);
}

static steer_steering steer_world_eval_offset_pursuit(steer_world_eval *e, int k,
                                                      const steer_recipe_item *it)
{
    (void)k;
    int t = steer_world_target_index(e);
    if (t < 0) return steer_steering_zero();
    const steer_world *w = e->w;
    steer_leader leader = {w->pos[w->cur][t], w->vel[w->cur][t], w->pose[w->cur][t].orientation};
    return steer_offset_pursuit(&e->agent, &leader, it->offset, &it->arrive, NULL);
}

/* The anchor is the target agent; the member's own target point holds its slot's offset
 * in the anchor's frame (steer_world_formation_assign writes both). */
/* A formation member that navigates holds its slot by formation steering when the plan
 * reaches the slot itself in a straight line: the last leg, ending on the slot (a slot
 * off the mesh plans to the mesh's nearest point instead). */
static bool steer_world_slot_in_reach(const steer_world_nav *nav)
{
    return nav->state == STEER_WORLD_NAV_LAST && steer_distance(nav->corner, nav->goal) <= 1e-3f;
}

static steer_steering steer_world_eval_formation(steer_world_eval *e, int k,
                                                 const steer_recipe_item *it)
{
    (void)k;
    int t = steer_world_target_index(e);
    if (t < 0) return steer_steering_zero();
    const steer_world *w = e->w;
    steer_leader anchor = {w->pos[w->cur][t], w->vel[w->cur][t], w->pose[w->cur][t].orientation};
    steer_formation_slot slot = {steer_world_aim_of(e)->target, 0.0f, 0u};
    steer_formation_member_params p = {it->arrive, it->align};
    /* A member that also navigates leaves the way round walls, and a slot off the mesh,
     * to its navigate item. */
    if (steer__world_recipe_walks_to_slot(&e->recipe->recipe) &&
        !steer_world_slot_in_reach(
            &steer__world_memory((steer_world *)(uintptr_t)w, e->traits->slot)->nav))
        return steer_steering_zero();
    return steer_formation_member(&e->agent, &anchor, &slot, &p, NULL);
}

/* The obstacle set or flow field the item names; the recipe checks made sure it is live. */
static const void *steer_world_data(const steer_world_eval *e, const steer_recipe_item *it,
                                    steer_world_resource_kind kind)
{
    return steer__world_resource(e->w, it->resource, kind);
}

static steer_steering steer_world_eval_contain(steer_world_eval *e, int k,
                                               const steer_recipe_item *it)
{
    (void)k;
    return steer_contain(&e->agent, &it->region, &it->contain);
}

static steer_steering steer_world_eval_avoid_obstacles(steer_world_eval *e, int k,
                                                       const steer_recipe_item *it)
{
    (void)k;
    const steer_obstacles *obs = steer_world_data(e, it, STEER_WORLD_RESOURCE_OBSTACLES);
    if (obs == NULL) return steer_steering_zero();
    return steer_avoid_obstacles(&e->agent, obs, &it->avoid);
}

static steer_steering steer_world_eval_follow_wall(steer_world_eval *e, int k,
                                                   const steer_recipe_item *it)
{
    (void)k;
    const steer_obstacles *obs = steer_world_data(e, it, STEER_WORLD_RESOURCE_OBSTACLES);
    if (obs == NULL) return steer_steering_zero();
    return steer_follow_wall(&e->agent, obs, &it->wall);
}

/* Hide from the target agent. */
static steer_steering steer_world_eval_hide(steer_world_eval *e, int k, const steer_recipe_item *it)
{
    (void)k;
    const steer_obstacles *obs = steer_world_data(e, it, STEER_WORLD_RESOURCE_OBSTACLES);
    int t = steer_world_target_index(e);
    if (obs == NULL || t < 0) return steer_steering_zero();
    const steer_world *w = e->w;
    return steer_hide(&e->agent, obs, w->pos[w->cur][t], w->vel[w->cur][t], &it->hide, NULL);
}

static steer_steering steer_world_eval_flow(steer_world_eval *e, int k, const steer_recipe_item *it)
{
    (void)k;
    const steer_flow_field *f = steer_world_data(e, it, STEER_WORLD_RESOURCE_FLOW_FIELD);
    if (f == NULL) return steer_steering_zero();
    return steer_follow_flow_field(&e->agent, f, it->predict_time, it->time_to_target);
}

/* The agent's memory of steer_world_memory, valid for the agent now in its slot: zero,
 * the fresh state, the first time (steer_path_cursor and steer_wander_target_state both
 * start from zero). Only this agent's evaluation touches it, once per step. */
static steer_world_memory *steer_world_memory_of(steer_world_eval *e)
{
    steer_world *w = (steer_world *)(uintptr_t)e->w; /* its own entry, never another's */
    return steer__world_memory(w, e->traits->slot);
}

steer_world_memory *steer__world_memory(steer_world *w, uint32_t slot)
{
    steer_world_memory *m = &w->memory[slot];
    uint32_t generation = w->slots[slot].generation;
    if (m->generation != generation) {
        memset(m, 0, sizeof *m);
        m->generation = generation;
    }
    return m;
}

static steer_steering steer_world_eval_follow_path(steer_world_eval *e, int k,
                                                   const steer_recipe_item *it)
{
    (void)k;
    const steer_path *path = steer_world_data(e, it, STEER_WORLD_RESOURCE_PATH);
    if (path == NULL) return steer_steering_zero();
    /* With avoid_obstacles in the recipe, aim past its obstacles (the first such item). */
    const steer_recipe *rc = &e->recipe->recipe;
    for (int j = 0; j < rc->count; j++) {
        const steer_recipe_item *av = &rc->items[j];
        if (av->kind != STEER_BEHAVIOUR_AVOID_OBSTACLES) continue;
        const steer_obstacles *obs = steer_world_data(e, av, STEER_WORLD_RESOURCE_OBSTACLES);
        if (obs == NULL) break;
        return steer_follow_path_around(&e->agent, path, obs, av->avoid.margin, &it->follow,
                                        &steer_world_memory_of(e)->cursor, NULL);
    }
    return steer_follow_path(&e->agent, path, &it->follow, &steer_world_memory_of(e)->cursor, NULL);
}

/* Toward the corner planned at the start of the step (world_navigate.c), the mesh's
 * containment first. */
static steer_steering steer_world_eval_navigate(steer_world_eval *e, int k,
                                                const steer_recipe_item *it)
{
    (void)k;
    const steer_world_navmesh *nm = steer_world_data(e, it, STEER_WORLD_RESOURCE_NAVMESH);
    if (nm == NULL) return steer_steering_zero();
    steer_contain_params contain = steer_navmesh_follow_default().contain;
    /* During a step the navigate pass has located the agent (world_navigate.c). */
    int poly =
        e->w->stepping ? e->w->nav_poly[e->i] : steer_navmesh_locate(nm->mesh, e->agent.position);
    steer_steering keep_on = steer__navmesh_contain_in(&e->agent, nm->mesh, poly, &contain);
    if (steer_length_sq(keep_on.linear) > 0.0f) return keep_on;
    const steer_world_nav *nav = &steer_world_memory_of(e)->nav;
    if (nav->state == STEER_WORLD_NAV_CORNER || nav->state == STEER_WORLD_NAV_PASSING)
        return steer_seek(&e->agent, nav->corner);
    /* a formation member in straight reach of its slot: its formation item holds it */
    if (steer__world_recipe_walks_to_slot(&e->recipe->recipe) && steer_world_slot_in_reach(nav))
        return steer_steering_zero();
    if (nav->state == STEER_WORLD_NAV_LAST)
        return steer_arrive(&e->agent, nav->corner, &it->arrive, NULL);
    return steer_match_velocity(&e->agent, steer_v3_zero(), 0.1f);
}

/* Time runs in the agent's units: the step's dt, or one frame under the Reynolds model. */
static steer_steering steer_world_eval_wander_target(steer_world_eval *e, int k,
                                                     const steer_recipe_item *it)
{
    (void)k;
    float dt = e->agent.model == STEER_MODEL_REYNOLDS ? 1.0f : e->w->dt;
    return steer_wander_target(&e->agent, &it->wander_target,
                               &steer_world_memory_of(e)->wander_target, &e->own.rng, dt);
}

/* The agent's walker in walkers[], fresh (count 0: steer_approach_walk starts it from the
 * agent's position) the first time, like steer_world_memory_of. */
static steer_approach_walker *steer_world_walker_of(steer_world_eval *e)
{
    steer_world *w = (steer_world *)(uintptr_t)e->w; /* its own entry, never another's */
    steer_world_walker *m = &w->walkers[e->traits->slot];
    uint32_t generation = w->slots[e->traits->slot].generation;
    if (m->generation != generation) {
        memset(m, 0, sizeof *m);
        m->generation = generation;
    }
    return &m->walker;
}

static steer_steering steer_world_eval_approach(steer_world_eval *e, int k,
                                                const steer_recipe_item *it)
{
    (void)k;
    return steer_approach_walk(&e->agent, steer_world_walker_of(e), steer_world_target_point(e),
                               &it->approach, &e->own.rng, NULL);
}

/* A recipe holds no pointers, so no polygon region (a snapshot could not carry it). */
static bool steer_world_check_contain(const steer_recipe_item *it)
{
    return it->region.kind == STEER_REGION_BOX || it->region.kind == STEER_REGION_CIRCLE;
}

/* ---- kind-specific defaults ------------------------------------------------------------- */

static void steer_world_defaults_alignment(steer_recipe_item *it)
{
    it->neighbourhood = steer_alignment_default();
}

static void steer_world_defaults_cohesion(steer_recipe_item *it)
{
    it->neighbourhood = steer_cohesion_default();
}

/* Predictive avoidance looks a few seconds ahead: farther than separation's reach. */
static void steer_world_defaults_avoid_agents(steer_recipe_item *it)
{
    it->neighbourhood.radius = 10.0f;
}

/* ---- serialised parameters --------------------------------------------------------------- */

#define STEER_F32(path)                                                                            \
    {                                                                                              \
#path, (uint16_t)offsetof(steer_recipe_item, path), STEER_FIELD_F32                        \
    }

#define STEER_BOOL(path)                                                                           \
    {                                                                                              \
#path, (uint16_t)offsetof(steer_recipe_item, path), STEER_FIELD_BOOL                       \
    }

/* An arrive parameter set at `a` (an item field path such as follow.arrive). */
#define STEER_ARRIVE_FIELDS(a)                                                                     \
    STEER_F32(a.target_radius), STEER_F32(a.slow_radius), STEER_F32(a.time_to_target),             \
        STEER_F32(a.step), STEER_F32(a.rest_speed), STEER_BOOL(a.cookbook)

static const steer_world_field steer_fields_arrive[] = {STEER_ARRIVE_FIELDS(arrive)};

static const steer_world_field steer_fields_pursue[] = {STEER_F32(pursue.max_prediction),
                                                        STEER_F32(pursue.time_to_target)};

static const steer_world_field steer_fields_wander[] = {STEER_F32(wander.circle_distance),
                                                        STEER_F32(wander.circle_radius),
                                                        STEER_F32(wander.angle_change)};

static const steer_world_field steer_fields_align[] = {
    STEER_F32(align.target_radius), STEER_F32(align.slow_radius), STEER_F32(align.time_to_target),
    STEER_F32(align.step), STEER_BOOL(align.cookbook)};

static const steer_world_field steer_fields_neighbourhood[] = {STEER_F32(neighbourhood.radius),
                                                               STEER_F32(neighbourhood.cos_view)};

static const steer_world_field steer_fields_queue[] = {
    STEER_F32(queue.ahead.radius), STEER_F32(queue.ahead.cos_view), STEER_F32(queue.keep),
    STEER_F32(queue.time_to_target)};

static const steer_world_field steer_fields_leader[] = {
    STEER_F32(leader.behind), STEER_F32(leader.clear_radius), STEER_ARRIVE_FIELDS(leader.arrive),
    STEER_F32(leader.evade.max_prediction), STEER_F32(leader.evade.time_to_target)};

static const steer_world_field steer_fields_avoid_agents[] = {
    STEER_F32(neighbourhood.radius), STEER_F32(neighbourhood.cos_view), STEER_F32(predict.horizon),
    STEER_F32(predict.margin)};

static const steer_world_field steer_fields_leave[] = {STEER_F32(leave.escape_radius),
                                                       STEER_F32(leave.danger_radius),
                                                       STEER_F32(leave.time_to_target)};

static const steer_world_field steer_fields_match[] = {STEER_F32(time_to_target)};

static const steer_world_field steer_fields_offset_pursuit[] = {
    STEER_F32(offset.x), STEER_F32(offset.y), STEER_F32(offset.z), STEER_ARRIVE_FIELDS(arrive)};

#define STEER_I32(path)                                                                            \
    {                                                                                              \
#path, (uint16_t)offsetof(steer_recipe_item, path), STEER_FIELD_I32                        \
    }

static const steer_world_field steer_fields_contain[] = {
    STEER_I32(region.kind),      STEER_F32(region.min.x),    STEER_F32(region.min.y),
    STEER_F32(region.min.z),     STEER_F32(region.max.x),    STEER_F32(region.max.y),
    STEER_F32(region.max.z),     STEER_F32(region.center.x), STEER_F32(region.center.y),
    STEER_F32(region.center.z),  STEER_F32(region.radius),   STEER_F32(contain.margin),
    STEER_F32(contain.look_time)};

/* The resource's slot and generation; its world is the one the snapshot restores into. */
#define STEER_RESOURCE_FIELDS STEER_I32(resource.index), STEER_I32(resource.generation)

static const steer_world_field steer_fields_avoid_obstacles[] = {
    STEER_RESOURCE_FIELDS,      STEER_F32(avoid.margin),       STEER_F32(avoid.min_look),
    STEER_F32(avoid.look_time), STEER_F32(avoid.brake_weight), STEER_F32(avoid.step)};

static const steer_world_field steer_fields_follow_wall[] = {
    STEER_RESOURCE_FIELDS,   STEER_F32(wall.distance), STEER_F32(wall.stiffness),
    STEER_F32(wall.damping), STEER_F32(wall.speed),    STEER_I32(wall.side)};

static const steer_world_field steer_fields_hide[] = {
    STEER_RESOURCE_FIELDS, STEER_F32(hide.distance_behind), STEER_F32(hide.max_prediction)};

static const steer_world_field steer_fields_flow[] = {
    STEER_RESOURCE_FIELDS, STEER_F32(predict_time), STEER_F32(time_to_target)};

static const steer_world_field steer_fields_follow_path[] = {
    STEER_RESOURCE_FIELDS, STEER_F32(follow.predict_time), STEER_F32(follow.lead),
    STEER_F32(follow.window), STEER_ARRIVE_FIELDS(follow.arrive)};

static const steer_world_field steer_fields_formation[] = {
    STEER_F32(arrive.target_radius),  STEER_F32(arrive.slow_radius),
    STEER_F32(arrive.time_to_target), STEER_F32(arrive.step),
    STEER_F32(arrive.rest_speed),     STEER_BOOL(arrive.cookbook),
    STEER_F32(align.target_radius),   STEER_F32(align.slow_radius),
    STEER_F32(align.time_to_target),  STEER_F32(align.step),
    STEER_BOOL(align.cookbook)};

static const steer_world_field steer_fields_wander_target[] = {
    STEER_F32(wander_target.area_min.x), STEER_F32(wander_target.area_min.y),
    STEER_F32(wander_target.area_min.z), STEER_F32(wander_target.area_max.x),
    STEER_F32(wander_target.area_max.y), STEER_F32(wander_target.area_max.z),
    STEER_F32(wander_target.interval)};

static const steer_world_field steer_fields_approach[] = {
    STEER_F32(approach.approach.min_step),
    STEER_F32(approach.approach.max_step),
    STEER_F32(approach.approach.step_factor),
    STEER_F32(approach.approach.aggro_distance),
    STEER_F32(approach.approach.max_fov),
    STEER_F32(approach.approach.fov_scale),
    STEER_I32(approach.ahead),
    STEER_BOOL(approach.smooth),
    STEER_F32(approach.reach_radius),
    STEER_F32(approach.lead),
    STEER_ARRIVE_FIELDS(approach.arrive)};

static const steer_world_field steer_fields_navigate[] = {STEER_RESOURCE_FIELDS,
                                                          STEER_ARRIVE_FIELDS(arrive)};

/* ---- the table ----------------------------------------------------------------------------- */

#define STEER_FIELDS(list) list, (int)(sizeof list / sizeof list[0])
#define STEER_NO_FIELDS    NULL, 0
#define STEER_NB(path)     offsetof(steer_recipe_item, path)

enum {
    STEER_READS_TARGETS = STEER_READS_TARGET | STEER_READS_TARGET_AGENT,
    STEER_READS_FLOCK = STEER_READS_NEIGHBOURS
};

const steer_world_behaviour steer__world_behaviours[STEER_BEHAVIOUR_KIND_COUNT] = {
    [STEER_BEHAVIOUR_NONE] = {"none", 0u, 0, STEER_WORLD_SUM_NONE, STEER_WORLD_LANE_NONE,
                              STEER_WORLD_KEEPS_NOTHING, steer_world_eval_none, NULL, NULL,
                              STEER_NO_FIELDS},
    [STEER_BEHAVIOUR_SEEK] = {"seek", STEER_READS_TARGET | STEER_HEADS_FOR_TARGET, 0,
                              STEER_WORLD_SUM_NONE, STEER_WORLD_LANE_SEEK,
                              STEER_WORLD_KEEPS_NOTHING, steer_world_eval_seek, NULL, NULL,
                              STEER_NO_FIELDS},
    [STEER_BEHAVIOUR_FLEE] = {"flee", STEER_READS_TARGET, 0, STEER_WORLD_SUM_NONE,
                              STEER_WORLD_LANE_FLEE, STEER_WORLD_KEEPS_NOTHING,
                              steer_world_eval_flee, NULL, NULL, STEER_NO_FIELDS},
    [STEER_BEHAVIOUR_ARRIVE] = {"arrive", STEER_READS_TARGET | STEER_HEADS_FOR_TARGET, 0,
                                STEER_WORLD_SUM_NONE, STEER_WORLD_LANE_ARRIVE,
                                STEER_WORLD_KEEPS_NOTHING, steer_world_eval_arrive, NULL, NULL,
                                STEER_FIELDS(steer_fields_arrive)},
    [STEER_BEHAVIOUR_PURSUE] = {"pursue", STEER_READS_TARGETS | STEER_HEADS_FOR_TARGET, 0,
                                STEER_WORLD_SUM_NONE, STEER_WORLD_LANE_PURSUE,
                                STEER_WORLD_KEEPS_NOTHING, steer_world_eval_pursue, NULL, NULL,
                                STEER_FIELDS(steer_fields_pursue)},
    [STEER_BEHAVIOUR_EVADE] = {"evade", STEER_READS_TARGETS, 0, STEER_WORLD_SUM_NONE,
                               STEER_WORLD_LANE_EVADE, STEER_WORLD_KEEPS_NOTHING,
                               steer_world_eval_evade, NULL, NULL,
                               STEER_FIELDS(steer_fields_pursue)},
    [STEER_BEHAVIOUR_WANDER] = {"wander", STEER_READS_RANDOM, 0, STEER_WORLD_SUM_NONE,
                                STEER_WORLD_LANE_WANDER, STEER_WORLD_KEEPS_NOTHING,
                                steer_world_eval_wander, NULL, NULL,
                                STEER_FIELDS(steer_fields_wander)},
    [STEER_BEHAVIOUR_LOOK_WHERE_GOING] = {"look_where_going", 0u, 0, STEER_WORLD_SUM_NONE,
                                          STEER_WORLD_LANE_NONE, STEER_WORLD_KEEPS_NOTHING,
                                          steer_world_eval_look, NULL, NULL,
                                          STEER_FIELDS(steer_fields_align)},
    [STEER_BEHAVIOUR_SEPARATION] = {"separation", STEER_READS_FLOCK, STEER_NB(neighbourhood),
                                    STEER_WORLD_SUM_FUSED, STEER_WORLD_LANE_DIRECTION,
                                    STEER_WORLD_KEEPS_NOTHING, steer_world_eval_direction, NULL,
                                    NULL, STEER_FIELDS(steer_fields_neighbourhood)},
    [STEER_BEHAVIOUR_ALIGNMENT] = {"alignment", STEER_READS_FLOCK, STEER_NB(neighbourhood),
                                   STEER_WORLD_SUM_FUSED, STEER_WORLD_LANE_ALIGNMENT,
                                   STEER_WORLD_KEEPS_NOTHING, steer_world_eval_alignment,
                                   steer_world_defaults_alignment, NULL,
                                   STEER_FIELDS(steer_fields_neighbourhood)},
    [STEER_BEHAVIOUR_COHESION] = {"cohesion", STEER_READS_FLOCK, STEER_NB(neighbourhood),
                                  STEER_WORLD_SUM_FUSED, STEER_WORLD_LANE_DIRECTION,
                                  STEER_WORLD_KEEPS_NOTHING, steer_world_eval_direction,
                                  steer_world_defaults_cohesion, NULL,
                                  STEER_FIELDS(steer_fields_neighbourhood)},
    [STEER_BEHAVIOUR_QUEUE] = {"queue", STEER_READS_FLOCK, STEER_NB(queue.ahead),
                               STEER_WORLD_SUM_COUNTED, STEER_WORLD_LANE_NONE,
                               STEER_WORLD_KEEPS_NOTHING, steer_world_eval_queue, NULL, NULL,
                               STEER_FIELDS(steer_fields_queue)},
    [STEER_BEHAVIOUR_FOLLOW_LEADER] = {"follow_leader", STEER_READS_TARGETS | STEER_READS_AGENTS, 0,
                                       STEER_WORLD_SUM_NONE, STEER_WORLD_LANE_NONE,
                                       STEER_WORLD_KEEPS_NOTHING, steer_world_eval_leader, NULL,
                                       NULL, STEER_FIELDS(steer_fields_leader)},
    [STEER_BEHAVIOUR_AVOID_AGENTS] = {"avoid_agents", STEER_READS_AGENTS, 0, STEER_WORLD_SUM_NONE,
                                      STEER_WORLD_LANE_NONE, STEER_WORLD_KEEPS_NOTHING,
                                      steer_world_eval_avoid_agents,
                                      steer_world_defaults_avoid_agents, NULL,
                                      STEER_FIELDS(steer_fields_avoid_agents)},
    [STEER_BEHAVIOUR_LEAVE] = {"leave", STEER_READS_TARGET, 0, STEER_WORLD_SUM_NONE,
                               STEER_WORLD_LANE_NONE, STEER_WORLD_KEEPS_NOTHING,
                               steer_world_eval_leave, NULL, NULL,
                               STEER_FIELDS(steer_fields_leave)},
    [STEER_BEHAVIOUR_ALIGN] = {"align", STEER_READS_TARGET_AGENT, 0, STEER_WORLD_SUM_NONE,
                               STEER_WORLD_LANE_NONE, STEER_WORLD_KEEPS_NOTHING,
                               steer_world_eval_align, NULL, NULL,
                               STEER_FIELDS(steer_fields_align)},
    [STEER_BEHAVIOUR_FACE] = {"face", STEER_READS_TARGET, 0, STEER_WORLD_SUM_NONE,
                              STEER_WORLD_LANE_NONE, STEER_WORLD_KEEPS_NOTHING,
                              steer_world_eval_face, NULL, NULL, STEER_FIELDS(steer_fields_align)},
    [STEER_BEHAVIOUR_MATCH_VELOCITY] = {"match_velocity", STEER_READS_TARGET_AGENT, 0,
                                        STEER_WORLD_SUM_NONE, STEER_WORLD_LANE_NONE,
                                        STEER_WORLD_KEEPS_NOTHING, steer_world_eval_match, NULL,
                                        NULL, STEER_FIELDS(steer_fields_match)},
    [STEER_BEHAVIOUR_INTERPOSE] = {"interpose", STEER_READS_TARGETS, 0, STEER_WORLD_SUM_NONE,
                                   STEER_WORLD_LANE_NONE, STEER_WORLD_KEEPS_NOTHING,
                                   steer_world_eval_interpose, NULL, NULL,
                                   STEER_FIELDS(steer_fields_arrive)},
    [STEER_BEHAVIOUR_OFFSET_PURSUIT] = {"offset_pursuit", STEER_READS_TARGET_AGENT, 0,
                                        STEER_WORLD_SUM_NONE, STEER_WORLD_LANE_NONE,
                                        STEER_WORLD_KEEPS_NOTHING, steer_world_eval_offset_pursuit,
                                        NULL, NULL, STEER_FIELDS(steer_fields_offset_pursuit)},
    [STEER_BEHAVIOUR_CONTAIN] = {"contain", 0u, 0, STEER_WORLD_SUM_NONE, STEER_WORLD_LANE_NONE,
                                 STEER_WORLD_KEEPS_NOTHING, steer_world_eval_contain, NULL,
                                 steer_world_check_contain, STEER_FIELDS(steer_fields_contain)},
    [STEER_BEHAVIOUR_AVOID_OBSTACLES] = {"avoid_obstacles", STEER_READS_OBSTACLES, 0,
                                         STEER_WORLD_SUM_NONE, STEER_WORLD_LANE_NONE,
                                         STEER_WORLD_KEEPS_NOTHING,
                                         steer_world_eval_avoid_obstacles, NULL, NULL,
                                         STEER_FIELDS(steer_fields_avoid_obstacles)},
    [STEER_BEHAVIOUR_FOLLOW_WALL] = {"follow_wall", STEER_READS_OBSTACLES, 0, STEER_WORLD_SUM_NONE,
                                     STEER_WORLD_LANE_NONE, STEER_WORLD_KEEPS_NOTHING,
                                     steer_world_eval_follow_wall, NULL, NULL,
                                     STEER_FIELDS(steer_fields_follow_wall)},
    [STEER_BEHAVIOUR_HIDE] = {"hide", STEER_READS_OBSTACLES | STEER_READS_TARGETS, 0,
                              STEER_WORLD_SUM_NONE, STEER_WORLD_LANE_NONE,
                              STEER_WORLD_KEEPS_NOTHING, steer_world_eval_hide, NULL, NULL,
                              STEER_FIELDS(steer_fields_hide)},
    [STEER_BEHAVIOUR_FOLLOW_FLOW_FIELD] = {"follow_flow_field", STEER_READS_FLOW_FIELD, 0,
                                           STEER_WORLD_SUM_NONE, STEER_WORLD_LANE_NONE,
                                           STEER_WORLD_KEEPS_NOTHING, steer_world_eval_flow, NULL,
                                           NULL, STEER_FIELDS(steer_fields_flow)},
    [STEER_BEHAVIOUR_FOLLOW_PATH] = {"follow_path", STEER_READS_PATH, 0, STEER_WORLD_SUM_NONE,
                                     STEER_WORLD_LANE_NONE, STEER_WORLD_KEEPS_CURSOR,
                                     steer_world_eval_follow_path, NULL, NULL,
                                     STEER_FIELDS(steer_fields_follow_path)},
    [STEER_BEHAVIOUR_WANDER_TARGET] = {"wander_target", STEER_READS_RANDOM, 0, STEER_WORLD_SUM_NONE,
                                       STEER_WORLD_LANE_NONE, STEER_WORLD_KEEPS_WANDER_TARGET,
                                       steer_world_eval_wander_target, NULL, NULL,
                                       STEER_FIELDS(steer_fields_wander_target)},
    [STEER_BEHAVIOUR_APPROACH] = {"approach",
                                  STEER_READS_TARGET | STEER_READS_RANDOM | STEER_HEADS_FOR_TARGET,
                                  0, STEER_WORLD_SUM_NONE, STEER_WORLD_LANE_NONE,
                                  STEER_WORLD_KEEPS_WALKER, steer_world_eval_approach, NULL, NULL,
                                  STEER_FIELDS(steer_fields_approach)},
    [STEER_BEHAVIOUR_NAVIGATE] = {"navigate",
                                  STEER_READS_NAVMESH | STEER_READS_TARGET | STEER_HEADS_FOR_TARGET,
                                  0, STEER_WORLD_SUM_NONE, STEER_WORLD_LANE_NONE,
                                  STEER_WORLD_KEEPS_NAV, steer_world_eval_navigate, NULL, NULL,
                                  STEER_FIELDS(steer_fields_navigate)},
    [STEER_BEHAVIOUR_FORMATION] = {"formation", STEER_READS_TARGETS, 0, STEER_WORLD_SUM_NONE,
                                   STEER_WORLD_LANE_NONE, STEER_WORLD_KEEPS_NOTHING,
                                   steer_world_eval_formation, NULL, NULL,
                                   STEER_FIELDS(steer_fields_formation)},
};

const steer_world_behaviour *steer__world_behaviour(steer_behaviour_kind kind)
{
    if ((unsigned)kind >= (unsigned)STEER_BEHAVIOUR_KIND_COUNT) return NULL;
    return &steer__world_behaviours[kind];
}

/* The kind of resource a row reads, or NONE. */
static steer_world_resource_kind steer_world_row_resource(const steer_world_behaviour *row)
{
    if ((row->reads & STEER_READS_OBSTACLES) != 0u) return STEER_WORLD_RESOURCE_OBSTACLES;
    if ((row->reads & STEER_READS_FLOW_FIELD) != 0u) return STEER_WORLD_RESOURCE_FLOW_FIELD;
    if ((row->reads & STEER_READS_PATH) != 0u) return STEER_WORLD_RESOURCE_PATH;
    if ((row->reads & STEER_READS_NAVMESH) != 0u) return STEER_WORLD_RESOURCE_NAVMESH;
    return STEER_WORLD_RESOURCE_NONE;
}

bool steer__world_item_ok(const steer_world *world, const steer_recipe_item *it)
{
    const steer_world_behaviour *row = steer__world_behaviour(it->kind);
    if (row == NULL || (row->check != NULL && !row->check(it))) return false;
    if (world == NULL) return true;
    if (row->keeps == STEER_WORLD_KEEPS_WALKER && world->walkers == NULL) return false;
    steer_world_resource_kind kind = steer_world_row_resource(row);
    return kind == STEER_WORLD_RESOURCE_NONE ||
           steer__world_resource(world, it->resource, kind) != NULL;
}

int steer__world_item_resource(const steer_recipe_item *it)
{
    const steer_world_behaviour *row = steer__world_behaviour(it->kind);
    if (row == NULL || steer_world_row_resource(row) == STEER_WORLD_RESOURCE_NONE) return -1;
    return (int)it->resource.index;
}

const steer_neighbourhood *steer__world_item_neighbourhood(const steer_recipe_item *it)
{
    const steer_world_behaviour *row = steer__world_behaviour(it->kind);
    if (row == NULL || (row->reads & STEER_READS_NEIGHBOURS) == 0u) return NULL;
    return (const steer_neighbourhood *)(const void *)((const char *)it + row->neighbourhood);
}

/* ---- items ------------------------------------------------------------------------------- */

/* Every parameter at its behaviour's default, whatever the kind (a game may change the
 * kind of an item it made), then the kind's own adjustments. */
steer_recipe_item steer_recipe_item_make(steer_behaviour_kind kind, float weight)
{
    steer_recipe_item it;
    memset(&it, 0, sizeof it);
    it.kind = kind;
    it.weight = weight;
    it.group = 0;
    it.neighbourhood = steer_separation_default();
    it.arrive = steer_arrive_default();
    it.pursue = steer_pursue_default();
    it.wander = steer_wander_default();
    it.align = steer_align_default();
    it.queue = steer_queue_default();
    it.leader = steer_leader_default();
    it.predict = steer_predict_default();
    it.leave = steer_leave_default();
    it.time_to_target = 0.1f;
    it.offset = steer_v3(-2.0f, 0.0f, 0.0f);
    it.region.kind = STEER_REGION_BOX;
    it.region.min = steer_v3(-50.0f, -50.0f, -50.0f);
    it.region.max = steer_v3(50.0f, 50.0f, 50.0f);
    it.region.radius = 50.0f;
    it.contain = steer_contain_default();
    it.avoid = steer_avoid_default();
    it.wall = steer_wall_follow_default();
    it.hide = steer_hide_default();
    it.predict_time = 0.5f;
    it.follow = steer_path_follow_default();
    it.wander_target = steer_wander_target_default();
    it.approach = steer_approach_walk_default();
    it.resource = steer_resource_none();
    const steer_world_behaviour *row = steer__world_behaviour(kind);
    if (row != NULL && row->defaults != NULL) row->defaults(&it);
    return it;
}

/* ---- names -------------------------------------------------------------------------------- */

const char *steer_behaviour_name(steer_behaviour_kind kind)
{
    const steer_world_behaviour *row = steer__world_behaviour(kind);
    return row != NULL ? row->name : "";
}

steer_behaviour_kind steer_behaviour_from_name(const char *name)
{
    if (name == NULL) return STEER_BEHAVIOUR_NONE;
    for (int k = 1; k < STEER_BEHAVIOUR_KIND_COUNT; k++)
        if (strcmp(steer__world_behaviours[k].name, name) == 0) return (steer_behaviour_kind)k;
    return STEER_BEHAVIOUR_NONE;
}
