/* SPDX-License-Identifier: MIT */
/* fuzz_crowd: the ORCA velocity filter alone (steer_orca_velocity, steer/crowd.h) on
 * views built from the input: an agent (any model, space, facing, state and limits), a
 * preferred velocity, every field of steer_orca_params, up to 40 neighbours (positions,
 * velocities, radii, weights and ids, all drawn; some on top of the agent) and up to 8
 * walls, and the step dt, all from the input, so every number can be zero, subnormal,
 * huge, infinite or NaN.
 *
 * Properties, from steer/crowd.h (its number domain and its bad-input rules):
 * - the result is finite, whatever the input;
 * - its length is at most the agent's max_speed and at most STEER_CROWD_MAX_SPEED (a
 *   relative 1e-5 and 1e-30 absolute for rounding); zero when the agent's state is not
 *   finite or max_speed is below STEER_CROWD_MIN_SPEED or NaN;
 * - it lies in the agent's plane (z = 0 for XY agents, y = 0 for XZ ones);
 * - the same call gives the same bits again (no hidden state).
 */
#include "fuzz_input.h"
#include "steer/steer.h"

enum { FUZZ_CROWD_NEIGHBOURS = 40, FUZZ_CROWD_WALLS = 8 };

/* A neighbour: near the agent (an offset from its position) or anywhere. */
static steer_crowd_neighbour fuzz_neighbour(fuzz_input *in, steer_vec3 at)
{
    steer_crowd_neighbour nb;
    bool near = fuzz_bool(in);
    nb.position = fuzz_vec3(in);
    if (near) nb.position = steer_add(at, nb.position);
    nb.velocity = fuzz_vec3(in);
    nb.radius = fuzz_float(in);
    nb.responsibility = fuzz_float(in);
    nb.id = fuzz_u32(in);
    return nb;
}

static double fuzz_length(steer_vec3 v)
{
    return sqrt((double)v.x * v.x + (double)v.y * v.y + (double)v.z * v.z);
}

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size)
{
    fuzz_input in = fuzz_input_make(data, size);
    steer_agent a = fuzz_agent(&in);
    steer_vec3 preferred = fuzz_vec3(&in);
    steer_orca_params p = fuzz_orca(&in);
    float dt = fuzz_float(&in);
    steer_crowd_neighbour nbs[FUZZ_CROWD_NEIGHBOURS];
    steer_segment walls[FUZZ_CROWD_WALLS];
    steer_crowd_view view;
    view.self_id = fuzz_u32(&in);
    view.agent_count = fuzz_below(&in, FUZZ_CROWD_NEIGHBOURS + 1);
    view.segment_count = fuzz_below(&in, FUZZ_CROWD_WALLS + 1);
    for (int i = 0; i < view.agent_count; i++) nbs[i] = fuzz_neighbour(&in, a.position);
    for (int i = 0; i < view.segment_count; i++) {
        walls[i].a = fuzz_vec3(&in);
        walls[i].b = fuzz_vec3(&in);
        if (fuzz_bool(&in)) walls[i].a = steer_add(a.position, walls[i].a);
    }
    view.agents = nbs;
    view.segments = walls;

    steer_vec3 v = steer_orca_velocity(&a, preferred, &p, &view, dt);
    FUZZ_REQUIRE(fuzz_vec3_is_finite(v), "velocity (%g, %g, %g)", (double)v.x, (double)v.y,
                 (double)v.z);
    double speed = fuzz_length(v);
    bool moves = steer_agent_state_is_finite(&a) && a.max_speed >= STEER_CROWD_MIN_SPEED;
    FUZZ_REQUIRE(moves || speed == 0.0, "speed %g for an agent that cannot move", speed);
    double limit = a.max_speed < STEER_CROWD_MAX_SPEED ? a.max_speed : STEER_CROWD_MAX_SPEED;
    FUZZ_REQUIRE(!moves || speed <= limit * (1.0 + 1e-5) + 1e-30, "speed %g over the limit %g",
                 speed, limit);
    FUZZ_REQUIRE(a.space != STEER_SPACE_XY || v.z == 0.0f, "XY agent: z %g", (double)v.z);
    FUZZ_REQUIRE(a.space != STEER_SPACE_XZ || v.y == 0.0f, "XZ agent: y %g", (double)v.y);
    steer_vec3 again = steer_orca_velocity(&a, preferred, &p, &view, dt);
    FUZZ_REQUIRE(memcmp(&v, &again, sizeof v) == 0, "%s", "a second call differs");
    return 0;
}
