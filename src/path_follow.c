/* SPDX-License-Identifier: MIT */
/* Path following with a cursor that only moves forward (steer/path.h). */
#include "steer/path.h"

#include "steer/obstacles.h"

#include "steering_internal.h"

steer_path_follow_params steer_path_follow_default(void)
{
    steer_path_follow_params p;
    p.predict_time = 0.1f;
    p.lead = 1.0f;
    p.window = 4.0f;
    p.arrive = steer_arrive_default();
    return p;
}

/* Parameter of waypoint k counted on from the cursor's lap: on a closed path waypoint
 * count + j is waypoint j one lap later; an open path stops at its end. */
static float steer_node_s(const steer_path *path, int k)
{
    if (!path->closed) return path->nodes[k < path->count ? k : path->count - 1].distance;
    return path->nodes[k % path->count].distance + (float)(k / path->count) * path->length;
}

static bool steer_cursor_valid(const steer_path *path, const steer_path_cursor *c)
{
    int max_node = path->closed ? path->count : path->count - 1;
    return steer_is_finite(c->s) && c->s >= 0.0f && c->s <= path->length && c->node >= 0 &&
           c->node <= max_node && c->lap >= 0;
}

/* Move the cursor forward to `found`, but never past the next waypoint: it is passed
 * (and the one after becomes next) only when the cursor lands on it. */
static void steer_cursor_move(const steer_path *path, steer_path_cursor *c, float found)
{
    float next = steer_node_s(path, c->node);
    if (found >= next) {
        found = next;
        if (path->closed || c->node < path->count - 1) c->node++;
    }
    c->s = found > c->s ? found : c->s;
    if (path->closed && c->node > path->count) { /* passed the closing return to 0 */
        c->s -= path->length;
        if (c->s < 0.0f) c->s = 0.0f;
        c->node = 1;
        c->lap++;
    }
}

/* The point the agent seeks: `lead` ahead of the cursor, never past the waypoint after
 * the next. Reports whether it is the end of an open path. */
static float steer_follow_target_s(const steer_path *path, const steer_path_cursor *c, float lead,
                                   bool *at_end)
{
    float s = c->s + lead;
    float cap = steer_node_s(path, c->node + 1);
    if (s > cap) s = cap;
    *at_end = !path->closed && s >= path->length;
    return s;
}

static steer_steering steer_follow_arrive(const steer_agent *agent, steer_vec3 end,
                                          const steer_path_follow_params *p,
                                          steer_path_cursor *cursor, bool *arrived)
{
    steer_steering s = steer_arrive(agent, end, &p->arrive, &cursor->arrived);
    if (arrived != NULL) *arrived = cursor->arrived;
    return s;
}

/* Most steps steer_skip_obstacles takes: it costs one steer_obstacle_distance each. */
#define STEER_SKIP_MAX 1024

/* Move the sought point on along the path while it lies within `keep` of an obstacle's
 * surface, in steps of a quarter of `keep` (at least 0.05) or, inside an obstacle, its
 * depth (every point that near is inside too), at most STEER_SKIP_MAX steps, one lap, or
 * to the end of an open path: the follower then aims beyond an obstacle standing on its
 * path, so its avoidance takes it round instead of against the near face. */
static float steer_skip_obstacles(const steer_path *path, const steer_obstacles *obstacles,
                                  steer_space space, float s, float keep)
{
    float step = 0.25f * keep > 0.05f ? 0.25f * keep : 0.05f;
    float limit = path->closed ? s + path->length : path->length;
    for (int k = 0; k < STEER_SKIP_MAX && s < limit; k++) {
        float d = steer_obstacle_distance(obstacles, steer_path_point_at(path, s), space);
        if (!(d < keep)) break;
        s += -d > step ? -d : step;
    }
    return s < limit ? s : limit;
}

static steer_steering steer_follow(const steer_agent *agent, const steer_path *path,
                                   const steer_obstacles *obstacles, float keep,
                                   const steer_path_follow_params *params,
                                   steer_path_cursor *cursor, bool *arrived)
{
    if (arrived != NULL) *arrived = false;
    STEER_ASSERT(path != NULL && cursor != NULL);
    if (!steer__usable(agent) || path == NULL || cursor == NULL) return steer_steering_zero();
    if (path->count < 1) {
        cursor->arrived = true;
        if (arrived != NULL) *arrived = true;
        return steer_steering_zero();
    }
    steer_path_follow_params p = params != NULL ? *params : steer_path_follow_default();
    if (path->count == 1 || !(path->length > 0.0f))
        return steer_follow_arrive(agent, path->nodes[0].point, &p, cursor, arrived);
    if (!steer_cursor_valid(path, cursor)) *cursor = (steer_path_cursor){0.0f, 0, 0, false};
    steer_vec3 predicted =
        steer_add_scaled(agent->position, agent->velocity, steer__nonneg(p.predict_time));
    float found = steer_path_parameter_near(path, predicted, cursor->s, p.window);
    steer_cursor_move(path, cursor, found);
    bool at_end;
    float target_s = steer_follow_target_s(path, cursor, steer__nonneg(p.lead), &at_end);
    if (obstacles != NULL && !at_end) {
        target_s = steer_skip_obstacles(path, obstacles, agent->space, target_s, keep);
        at_end = !path->closed && target_s >= path->length;
    }
    if (at_end)
        return steer_follow_arrive(agent, path->nodes[path->count - 1].point, &p, cursor, arrived);
    cursor->arrived = false;
    return steer_seek(agent, steer_path_point_at(path, target_s));
}

steer_steering steer_follow_path(const steer_agent *agent, const steer_path *path,
                                 const steer_path_follow_params *params, steer_path_cursor *cursor,
                                 bool *arrived)
{
    return steer_follow(agent, path, NULL, 0.0f, params, cursor, arrived);
}

steer_steering steer_follow_path_around(const steer_agent *agent, const steer_path *path,
                                        const steer_obstacles *obstacles, float clearance,
                                        const steer_path_follow_params *params,
                                        steer_path_cursor *cursor, bool *arrived)
{
    float keep = 0.0f;
    if (agent != NULL) keep = steer__nonneg(agent->radius) + steer__nonneg(clearance);
    if (!steer_is_finite(keep) || keep > 1e6f) keep = 0.0f;
    return steer_follow(agent, path, obstacles, keep, params, cursor, arrived);
}
