/* SPDX-License-Identifier: MIT */
/* Progress toward the goal: which agents are stuck, so the game can re-plan. */
#include "world_internal.h"

/* Where agent i heads for: its target agent's position while that agent lives, else its
 * target point (as the step's seek and arrive read it). */
static steer_vec3 steer_progress_goal(const steer_world *w, const steer_world_slot *s)
{
    const steer_world_slot *t = steer__world_slot(w, s->target_agent);
    if (t != NULL && t->dense >= 0) return w->pos[w->cur][t->dense];
    return s->target;
}

static float steer_progress_positive(float x, float fallback)
{
    return x > 0.0f && steer_is_finite(x) ? x : fallback;
}

/* Progress is judged once per window of stuck_time: a new closest distance to the goal,
 * by stuck_progress, within the window is moving, else stuck. Against the closest ever,
 * so an agent circling an obstacle round its goal reads stuck; once per window, so one
 * creeping along a wall (a filter slowing it for ever) reads stuck steadily instead of
 * flickering. */
static void steer_progress_update(steer_world_slot *s, float d, bool at_goal, float step,
                                  float limit, float dt)
{
    if (s->progress == STEER_PROGRESS_NONE || at_goal) {
        s->best = s->anchor = d;
        s->clock = s->idle = 0.0f;
        s->progress = at_goal ? STEER_PROGRESS_AT_GOAL : STEER_PROGRESS_MOVING;
        return;
    }
    if (d < s->best) s->best = d;
    s->clock += dt;
    s->idle += dt;
    if (s->progress == STEER_PROGRESS_AT_GOAL) s->progress = STEER_PROGRESS_MOVING;
    if (s->clock < limit) return;
    bool closer = s->anchor - s->best >= step;
    s->anchor = s->best;
    s->clock = 0.0f;
    if (closer) s->idle = 0.0f;
    s->progress = closer ? STEER_PROGRESS_MOVING : STEER_PROGRESS_STUCK;
}

void steer__world_progress(steer_world *world, float dt)
{
    world->stuck = 0;
    float limit = world->def.stuck_time;
    if (!(limit > 0.0f) || !steer_is_finite(limit)) return; /* off: every slot stays NONE */
    float step = steer_progress_positive(world->def.stuck_progress, 0.25f);
    const steer_world_body *y = world->body[world->cur];
    for (int i = 0; i < world->count; i++) {
        /* No goal: the slot (a cache miss) is not touched; setting the recipe reset it. */
        if (y[i].recipe < 0 || !world->recipes[y[i].recipe].has_goal) continue;
        steer_world_slot *s = &world->slots[y[i].slot];
        steer_vec3 to = steer_sub(steer_progress_goal(world, s), world->pos[world->cur][i]);
        float d = steer_length(to);
        if (!steer_is_finite(d)) d = 0.0f; /* unreadable: never reported stuck */
        steer_progress_update(s, d, d <= step + y[i].radius, step, limit, dt);
        world->stuck += s->progress == STEER_PROGRESS_STUCK ? 1 : 0;
    }
}

steer_progress steer_world_agent_progress(const steer_world *world, steer_handle handle,
                                          float *idle)
{
    if (idle != NULL) *idle = 0.0f;
    STEER_ASSERT(world != NULL);
    if (world == NULL) return STEER_PROGRESS_NONE;
    const steer_world_slot *s = steer__world_slot(world, handle);
    if (s == NULL || s->dense < 0) return STEER_PROGRESS_NONE;
    if (idle != NULL && s->progress != STEER_PROGRESS_NONE) *idle = s->idle;
    return (steer_progress)s->progress;
}
