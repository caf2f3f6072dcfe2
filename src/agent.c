/* SPDX-License-Identifier: MIT */
/* The agent model: defaults, validity and the plane conventions (steer/agent.h). */
#include "steer/agent.h"

steer_agent steer_agent_default(void)
{
    steer_agent a;
    a.position = steer_v3_zero();
    a.velocity = steer_v3_zero();
    a.orientation = 0.0f;
    a.rotation = 0.0f;
    a.max_speed = 5.0f;
    a.max_accel = 10.0f;
    a.max_force = 10.0f;
    a.mass = 1.0f;
    a.max_rotation = STEER_TAU;
    a.max_angular_accel = 2.0f * STEER_TAU;
    a.radius = 0.5f;
    a.space = STEER_SPACE_XY;
    a.model = STEER_MODEL_KINEMATIC;
    a.facing = STEER_FACING_VELOCITY;
    return a;
}

steer_agent steer_agent_default_reynolds(void)
{
    steer_agent a = steer_agent_default();
    a.model = STEER_MODEL_REYNOLDS;
    a.max_speed = 6.0f;
    a.max_force = 0.6f;
    a.max_accel = 0.6f;
    a.max_rotation = 0.2f;
    a.max_angular_accel = 0.05f;
    return a;
}

bool steer_agent_state_is_finite(const steer_agent *agent)
{
    if (agent == NULL) return false;
    /* Each x - x is 0 when x is finite and NaN otherwise: one comparison for all eight. */
    const steer_vec3 p = agent->position, v = agent->velocity;
    float sum = (p.x - p.x) + (p.y - p.y) + (p.z - p.z) + (v.x - v.x) + (v.y - v.y) + (v.z - v.z) +
                (agent->orientation - agent->orientation) + (agent->rotation - agent->rotation);
    return sum == 0.0f;
}

static float steer_positive_or_zero(float x)
{
    return x > 0.0f && steer_is_finite(x) ? x : 0.0f;
}

float steer_agent_max_linear(const steer_agent *agent)
{
    if (agent == NULL) return 0.0f;
    float limit = agent->model == STEER_MODEL_REYNOLDS ? agent->max_force : agent->max_accel;
    return steer_positive_or_zero(limit);
}

steer_vec3 steer_space_up(steer_space space)
{
    return space == STEER_SPACE_XY ? steer_v3(0.0f, 0.0f, 1.0f) : steer_v3(0.0f, 1.0f, 0.0f);
}

steer_vec3 steer_space_heading(steer_space space, float orientation)
{
    float s, c;
    steer_sincos(orientation, &s, &c);
    if (space == STEER_SPACE_XY) return steer_v3(c, s, 0.0f);
    return steer_v3(s, 0.0f, c);
}

float steer_space_orientation(steer_space space, steer_vec3 dir, float fallback)
{
    float a = space == STEER_SPACE_XY ? dir.x : dir.z; /* the axis orientation 0 faces */
    float b = space == STEER_SPACE_XY ? dir.y : dir.x; /* the axis orientation pi/2 faces */
    if (!steer_is_finite(a) || !steer_is_finite(b) || a * a + b * b <= STEER_EPSILON_SQ)
        return fallback;
    return steer_atan2(b, a);
}

steer_vec3 steer_agent_heading(const steer_agent *agent)
{
    STEER_ASSERT(agent != NULL);
    if (agent == NULL) return steer_v3_zero();
    return steer_space_heading(agent->space, agent->orientation);
}

steer_vec3 steer_agent_forward(const steer_agent *agent)
{
    STEER_ASSERT(agent != NULL);
    if (agent == NULL) return steer_v3_zero();
    steer_vec3 v = steer_normalize(steer_space_project(agent->space, agent->velocity));
    if (steer_length_sq(v) > 0.0f) return v;
    return steer_agent_heading(agent);
}
