/* SPDX-License-Identifier: MIT */
/* The world's behaviour table (world_behaviours.h): a row per recipe item kind with its
 * name, what it reads, its scalar evaluation, its lane evaluation and its serialised
 * parameters, and the public name lookups (steer/world.h). Each evaluation calls the
 * single-agent function of the library and nothing else, so a recipe item gives the same
 * bits as that function called on its own. */
#include "world_behaviours.h"

#include "world_crowd.h"

#include <string.h>

/* ---- what the behaviours read of the world ---------------------------------------------- */

/* The target agent's dense index, or -1 when it has none or it is gone. */
static int steer_world_target_index(const steer_world_eval *e)
{
    const steer_world_slot *t = steer__world_slot(e->w, e->slot->target_agent);
    return t != NULL ? t->dense : -1;
}

/* The target point: the target agent's position when it has one, else the point. */
static steer_vec3 steer_world_target_point(const steer_world_eval *e)
{
    int t = steer_world_target_index(e);
    return t >= 0 ? e->w->pos[e->w->cur][t] : e->slot->target;
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
        return steer_wander_3d(&e->agent, &it->wander, &e->body.wander, &e->body.rng);
    return steer_wander(&e->agent, &it->wander, &e->body.wander, &e->body.rng);
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
    return steer__world_avoid_agents(e->w, e->i, &e->agent, e->body.mask, it);
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
    return steer_align(&e->agent, e->w->body[e->w->cur][t].orientation, &it->align);
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
    return steer_interpose(&e->agent, w->pos[w->cur][t], w->vel[w->cur][t], e->slot->target,
                           steer_v3_zero(), &it->arrive, NULL);
}

static steer_steering steer_world_eval_offset_pursuit(steer_world_eval *e, int k,
                                                      const steer_recipe_item *it)
{
    (void)k;
    int t = steer_world_target_index(e);
    if (t < 0) return steer_steering_zero();
    const steer_world *w = e->w;
    steer_leader leader = {w->pos[w->cur][t], w->vel[w->cur][t], w->body[w->cur][t].orientation};
    return steer_offset_pursuit(&e->agent, &leader, it->offset, &it->arrive, NULL);
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

static const steer_world_field steer_fields_arrive[] = {
    STEER_F32(arrive.target_radius), STEER_F32(arrive.slow_radius),
    STEER_F32(arrive.time_to_target), STEER_F32(arrive.step), STEER_F32(arrive.rest_speed)};

static const steer_world_field steer_fields_pursue[] = {STEER_F32(pursue.max_prediction)};

static const steer_world_field steer_fields_wander[] = {STEER_F32(wander.circle_distance),
                                                        STEER_F32(wander.circle_radius),
                                                        STEER_F32(wander.angle_change)};

static const steer_world_field steer_fields_align[] = {
    STEER_F32(align.target_radius), STEER_F32(align.slow_radius), STEER_F32(align.time_to_target),
    STEER_F32(align.step)};

static const steer_world_field steer_fields_neighbourhood[] = {STEER_F32(neighbourhood.radius),
                                                               STEER_F32(neighbourhood.cos_view)};

static const steer_world_field steer_fields_queue[] = {
    STEER_F32(queue.ahead.radius), STEER_F32(queue.ahead.cos_view), STEER_F32(queue.keep),
    STEER_F32(queue.time_to_target)};

static const steer_world_field steer_fields_leader[] = {STEER_F32(leader.behind),
                                                        STEER_F32(leader.clear_radius),
                                                        STEER_F32(leader.arrive.target_radius),
                                                        STEER_F32(leader.arrive.slow_radius),
                                                        STEER_F32(leader.arrive.time_to_target),
                                                        STEER_F32(leader.arrive.step),
                                                        STEER_F32(leader.arrive.rest_speed),
                                                        STEER_F32(leader.evade.max_prediction)};

static const steer_world_field steer_fields_avoid_agents[] = {
    STEER_F32(neighbourhood.radius), STEER_F32(neighbourhood.cos_view), STEER_F32(predict.horizon),
    STEER_F32(predict.margin)};

static const steer_world_field steer_fields_leave[] = {STEER_F32(leave.escape_radius),
                                                       STEER_F32(leave.danger_radius),
                                                       STEER_F32(leave.time_to_target)};

static const steer_world_field steer_fields_match[] = {STEER_F32(time_to_target)};

static const steer_world_field steer_fields_offset_pursuit[] = {
    STEER_F32(offset.x),           STEER_F32(offset.y),
    STEER_F32(offset.z),           STEER_F32(arrive.target_radius),
    STEER_F32(arrive.slow_radius), STEER_F32(arrive.time_to_target),
    STEER_F32(arrive.step),        STEER_F32(arrive.rest_speed)};

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
                              steer_world_eval_none, NULL, STEER_NO_FIELDS},
    [STEER_BEHAVIOUR_SEEK] = {"seek", STEER_READS_TARGET, 0, STEER_WORLD_SUM_NONE,
                              STEER_WORLD_LANE_NONE, steer_world_eval_seek, NULL, STEER_NO_FIELDS},
    [STEER_BEHAVIOUR_FLEE] = {"flee", STEER_READS_TARGET, 0, STEER_WORLD_SUM_NONE,
                              STEER_WORLD_LANE_NONE, steer_world_eval_flee, NULL, STEER_NO_FIELDS},
    [STEER_BEHAVIOUR_ARRIVE] = {"arrive", STEER_READS_TARGET, 0, STEER_WORLD_SUM_NONE,
                                STEER_WORLD_LANE_NONE, steer_world_eval_arrive, NULL,
                                STEER_FIELDS(steer_fields_arrive)},
    [STEER_BEHAVIOUR_PURSUE] = {"pursue", STEER_READS_TARGETS, 0, STEER_WORLD_SUM_NONE,
                                STEER_WORLD_LANE_NONE, steer_world_eval_pursue, NULL,
                                STEER_FIELDS(steer_fields_pursue)},
    [STEER_BEHAVIOUR_EVADE] = {"evade", STEER_READS_TARGETS, 0, STEER_WORLD_SUM_NONE,
                               STEER_WORLD_LANE_NONE, steer_world_eval_evade, NULL,
                               STEER_FIELDS(steer_fields_pursue)},
    [STEER_BEHAVIOUR_WANDER] = {"wander", STEER_READS_RANDOM, 0, STEER_WORLD_SUM_NONE,
                                STEER_WORLD_LANE_WANDER, steer_world_eval_wander, NULL,
                                STEER_FIELDS(steer_fields_wander)},
    [STEER_BEHAVIOUR_LOOK_WHERE_GOING] = {"look_where_going", 0u, 0, STEER_WORLD_SUM_NONE,
                                          STEER_WORLD_LANE_NONE, steer_world_eval_look, NULL,
                                          STEER_FIELDS(steer_fields_align)},
    [STEER_BEHAVIOUR_SEPARATION] = {"separation", STEER_READS_FLOCK, STEER_NB(neighbourhood),
                                    STEER_WORLD_SUM_FUSED, STEER_WORLD_LANE_DIRECTION,
                                    steer_world_eval_direction, NULL,
                                    STEER_FIELDS(steer_fields_neighbourhood)},
    [STEER_BEHAVIOUR_ALIGNMENT] = {"alignment", STEER_READS_FLOCK, STEER_NB(neighbourhood),
                                   STEER_WORLD_SUM_FUSED, STEER_WORLD_LANE_ALIGNMENT,
                                   steer_world_eval_alignment, steer_world_defaults_alignment,
                                   STEER_FIELDS(steer_fields_neighbourhood)},
    [STEER_BEHAVIOUR_COHESION] = {"cohesion", STEER_READS_FLOCK, STEER_NB(neighbourhood),
                                  STEER_WORLD_SUM_FUSED, STEER_WORLD_LANE_DIRECTION,
                                  steer_world_eval_direction, steer_world_defaults_cohesion,
                                  STEER_FIELDS(steer_fields_neighbourhood)},
    [STEER_BEHAVIOUR_QUEUE] = {"queue", STEER_READS_FLOCK, STEER_NB(queue.ahead),
                               STEER_WORLD_SUM_COUNTED, STEER_WORLD_LANE_NONE,
                               steer_world_eval_queue, NULL, STEER_FIELDS(steer_fields_queue)},
    [STEER_BEHAVIOUR_FOLLOW_LEADER] = {"follow_leader", STEER_READS_TARGETS | STEER_READS_AGENTS, 0,
                                       STEER_WORLD_SUM_NONE, STEER_WORLD_LANE_NONE,
                                       steer_world_eval_leader, NULL,
                                       STEER_FIELDS(steer_fields_leader)},
    [STEER_BEHAVIOUR_AVOID_AGENTS] = {"avoid_agents", STEER_READS_AGENTS, 0, STEER_WORLD_SUM_NONE,
                                      STEER_WORLD_LANE_NONE, steer_world_eval_avoid_agents,
                                      steer_world_defaults_avoid_agents,
                                      STEER_FIELDS(steer_fields_avoid_agents)},
    [STEER_BEHAVIOUR_LEAVE] = {"leave", STEER_READS_TARGET, 0, STEER_WORLD_SUM_NONE,
                               STEER_WORLD_LANE_NONE, steer_world_eval_leave, NULL,
                               STEER_FIELDS(steer_fields_leave)},
    [STEER_BEHAVIOUR_ALIGN] = {"align", STEER_READS_TARGET_AGENT, 0, STEER_WORLD_SUM_NONE,
                               STEER_WORLD_LANE_NONE, steer_world_eval_align, NULL,
                               STEER_FIELDS(steer_fields_align)},
    [STEER_BEHAVIOUR_FACE] = {"face", STEER_READS_TARGET, 0, STEER_WORLD_SUM_NONE,
                              STEER_WORLD_LANE_NONE, steer_world_eval_face, NULL,
                              STEER_FIELDS(steer_fields_align)},
    [STEER_BEHAVIOUR_MATCH_VELOCITY] = {"match_velocity", STEER_READS_TARGET_AGENT, 0,
                                        STEER_WORLD_SUM_NONE, STEER_WORLD_LANE_NONE,
                                        steer_world_eval_match, NULL,
                                        STEER_FIELDS(steer_fields_match)},
    [STEER_BEHAVIOUR_INTERPOSE] = {"interpose", STEER_READS_TARGETS, 0, STEER_WORLD_SUM_NONE,
                                   STEER_WORLD_LANE_NONE, steer_world_eval_interpose, NULL,
                                   STEER_FIELDS(steer_fields_arrive)},
    [STEER_BEHAVIOUR_OFFSET_PURSUIT] = {"offset_pursuit", STEER_READS_TARGET_AGENT, 0,
                                        STEER_WORLD_SUM_NONE, STEER_WORLD_LANE_NONE,
                                        steer_world_eval_offset_pursuit, NULL,
                                        STEER_FIELDS(steer_fields_offset_pursuit)},
};

const steer_world_behaviour *steer__world_behaviour(steer_behaviour_kind kind)
{
    if ((unsigned)kind >= (unsigned)STEER_BEHAVIOUR_KIND_COUNT) return NULL;
    return &steer__world_behaviours[kind];
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
