/* SPDX-License-Identifier: MIT */
/* Progress toward the goal: which agents are stuck, so the game can re-plan. */
#include "world_internal.h"

static float steer_progress_positive(float x, float fallback)
{
    return x > 0.0f && steer_is_finite(x) ? x : fallback;
}

/* Progress is judged once per window of stuck_time: a new closest distance to the goal,
 * by stuck_progress, within the window is moving, else stuck. Against the closest ever,
 * so an agent circling an obstacle round its goal reads stuck; once per window, so one
 * creeping along a wall (a filter slowing it for ever) reads stuck steadily instead of
 * flickering. */
static void steer_progress_update(steer_world_tally *t, float d, bool at_goal, float step,
                                  float limit, float dt)
{
    if (t->progress == STEER_PROGRESS_NONE || at_goal) {
        t->best = t->anchor = d;
        t->clock = t->idle = 0.0f;
        t->progress = at_goal ? STEER_PROGRESS_AT_GOAL : STEER_PROGRESS_MOVING;
        return;
    }
    if (d < t->best) t->best = d;
    t->clock += dt;
    t->idle += dt;
    if (t->progress == STEER_PROGRESS_AT_GOAL) t->progress = STEER_PROGRESS_MOVING;
    if (t->clock < limit) return;
    bool closer = t->anchor - t->best >= step;
    t->anchor = t->best;
    t->clock = 0.0f;
    if (closer) t->idle = 0.0f;
    t->progress = closer ? STEER_PROGRESS_MOVING : STEER_PROGRESS_STUCK;
}

/* Routes: move the target on to the next point once within reach of the current one. */
static void steer_route_advance(steer_world *world, int i, steer_world_slot *s)
{
    if (s->route == NULL || s->route_next >= s->route_count - 1) return;
    steer_vec3 p = world->pos[world->cur][i];
    steer_world_aim *a = steer__world_aim(world, s);
    if (steer_distance(p, a->target) > s->route_reach) return;
    s->route_next++;
    a->target = s->route[s->route_next];
    steer__world_progress_reset(world, s);
}

/* Whether any of the world's recipes heads for a goal: a world of wanderers and flocks
 * then skips the pass over its agents (some 2% of a wander step). */
static bool steer_world_any_goal(const steer_world *world)
{
    for (int r = 0; r < world->recipe_count; r++)
        if (world->recipes[r].has_goal) return true;
    return false;
}

/* What the pass over the agents does: advance routes, judge progress (stuck_time
 * `limit` > 0, by `step` per window). */
typedef struct steer_progress_job {
    steer_world *world;
    float dt, limit, step;
    bool routes, judge;
    int block_size;
} steer_progress_job;

/* Agents [begin, end): each touches its own slot, aim and tally only (and reads positions and
 * the slots' dense indices, which the pass does not change), so blocks run on any worker.
 * Returns how many are stuck. */
static int steer_progress_agents(const steer_progress_job *job, int begin, int end)
{
    steer_world *world = job->world;
    const steer_world_traits *y = world->traits[world->kept];
    int stuck = 0;
    for (int i = begin; i < end; i++) {
        if (job->routes) steer_route_advance(world, i, &world->slots[y[i].slot]);
        /* No goal: the aim and tally (cache misses) are not touched; setting the recipe reset it.
         */
        if (!job->judge || y[i].recipe < 0 || !world->recipes[y[i].recipe].has_goal) continue;
        steer_vec3 to =
            steer_sub(steer__world_goal(world, &world->aims[y[i].slot]), world->pos[world->cur][i]);
        float d = steer_length(to);
        if (!steer_is_finite(d)) d = 0.0f; /* unreadable: never reported stuck */
        /* An agent settled in a crowd at its goal (world_crowd.c) has arrived too. */
        bool at_goal = d <= job->step + y[i].radius ||
                       (world->pose[world->cur][i].flags & STEER_WORLD_SETTLED) != 0u;
        steer_world_tally *t = &world->tallies[y[i].slot];
        steer_progress_update(t, d, at_goal, job->step, job->limit, job->dt);
        stuck += t->progress == STEER_PROGRESS_STUCK ? 1 : 0;
    }
    return stuck;
}

/* The blocks (the index sort's split) that start in [begin, end), each counting its
 * stuck agents into its own entry. */
static void steer_progress_blocks(void *ctx, int begin, int end)
{
    const steer_progress_job *job = ctx;
    steer_world *world = job->world;
    int size = job->block_size;
    for (int k = (begin + size - 1) / size; k * size < end && k * size < world->count; k++) {
        int b = (k + 1) * size < world->count ? (k + 1) * size : world->count;
        world->stuck_in[k] = steer_progress_agents(job, k * size, b);
    }
}

void steer__world_progress(steer_world *world, float dt)
{
    world->stuck = 0;
    steer_progress_job job = {world, dt, world->def.stuck_time, 0.0f, world->routes > 0, false, 0};
    /* stuck_time off: every slot stays NONE. */
    job.judge = job.limit > 0.0f && steer_is_finite(job.limit) && steer_world_any_goal(world);
    if (!job.routes && !job.judge) return;
    job.step = steer_progress_positive(world->def.stuck_progress, 0.25f);
    job.block_size = steer__world_sort_block_size(world->count);
    int blocks = (int)steer__world_sort_blocks(world->count);
    steer__world_parallel(world, world->count, steer_progress_blocks, &job);
    for (int k = 0; k < blocks; k++) world->stuck += world->stuck_in[k];
}

steer_progress steer_world_agent_progress(const steer_world *world, steer_handle handle,
                                          float *idle)
{
    if (idle != NULL) *idle = 0.0f;
    STEER_ASSERT(world != NULL);
    if (world == NULL) return STEER_PROGRESS_NONE;
    const steer_world_slot *s = steer__world_slot(world, handle);
    if (s == NULL || s->dense < 0) return STEER_PROGRESS_NONE;
    const steer_world_tally *t = steer__world_tally(world, s);
    if (idle != NULL && t->progress != STEER_PROGRESS_NONE) *idle = t->idle;
    return (steer_progress)t->progress;
}

bool steer_world_agent_settled(const steer_world *world, steer_handle handle)
{
    STEER_ASSERT(world != NULL);
    if (world == NULL) return false;
    const steer_world_slot *s = steer__world_slot(world, handle);
    if (s == NULL || s->dense < 0) return false;
    return (world->pose[world->cur][s->dense].flags & STEER_WORLD_SETTLED) != 0u;
}

steer_world_status steer_world_set_route(steer_world *world, steer_handle handle,
                                         const steer_vec3 *points, int count, float reach)
{
    STEER_ASSERT(world != NULL);
    if (world == NULL) return STEER_WORLD_INVALID;
    if (world->stepping) return STEER_WORLD_BUSY;
    steer_world_slot *s = steer__world_slot(world, handle);
    if (s == NULL || s->dense < 0) return STEER_WORLD_INVALID;
    if (count < 0 || (count > 0 && points == NULL)) return STEER_WORLD_INVALID;
    if (count > 0 && (!(reach > 0.0f) || !steer_is_finite(reach))) return STEER_WORLD_INVALID;
    for (int k = 0; k < count; k++)
        if (!steer_v3_is_finite(points[k])) return STEER_WORLD_INVALID;
    world->routes += (count > 0 ? 1 : 0) - (s->route != NULL ? 1 : 0);
    s->route = count > 0 ? points : NULL;
    s->route_count = count;
    s->route_next = 0;
    s->route_reach = reach;
    if (count > 0) steer__world_aim(world, s)->target = points[0];
    steer__world_progress_reset(world, s);
    steer__world_unsettle(world, s);
    return STEER_WORLD_OK;
}

int steer_world_route_index(const steer_world *world, steer_handle handle)
{
    STEER_ASSERT(world != NULL);
    if (world == NULL) return -1;
    const steer_world_slot *s = steer__world_slot(world, handle);
    if (s == NULL || s->dense < 0 || s->route == NULL) return -1;
    return s->route_next;
}
