/* SPDX-License-Identifier: MIT */
/* The binding's C helpers (_binding.h): one C call per bulk operation, so reading or
 * stepping a world from Python costs no Python work per agent. */
#include "_binding.h"

#include "world_internal.h"

#include <string.h>

/* The reads go straight to the world's dense arrays (src/world_internal.h: positions and
 * velocities are packed steer_vec3 arrays in steer_world_read's order), so reading a
 * million positions is one 12 MB copy. The binding is compiled with the library from
 * the same tree, so the layout it reads is the one built; the tests compare these reads
 * with steer_world_get_agent agent by agent. */
_Static_assert(sizeof(steer_vec3) == 3 * sizeof(float), "steer_vec3 is three packed floats");

int steer_py_read(const steer_world *world, int first, int count, float *positions,
                  float *velocities, float *orientations, uint32_t *handles)
{
    if (world == NULL || first < 0 || count <= 0 || first >= world->count) return 0;
    int n = count < world->count - first ? count : world->count - first;
    int b = world->cur;
    if (positions != NULL) memcpy(positions, world->pos[b] + first, (size_t)n * sizeof(steer_vec3));
    if (velocities != NULL)
        memcpy(velocities, world->vel[b] + first, (size_t)n * sizeof(steer_vec3));
    if (orientations != NULL)
        for (int i = 0; i < n; i++) orientations[i] = world->pose[b][first + i].orientation;
    if (handles != NULL)
        for (int i = 0; i < n; i++) {
            steer_handle h = steer__world_handle_of(world, first + i);
            handles[3 * (size_t)i] = h.index;
            handles[3 * (size_t)i + 1] = h.generation;
            handles[3 * (size_t)i + 2] = h.world;
        }
    return n;
}

steer_world_status steer_py_write(steer_world *world, int count, const uint32_t *handles,
                                  const float *positions, const float *velocities,
                                  const float *orientations, int *done)
{
    steer_world_status st = STEER_WORLD_OK;
    int i = 0;
    for (; i < count; i++) {
        size_t k = (size_t)i;
        steer_handle h = {handles[3 * k], handles[3 * k + 1], handles[3 * k + 2]};
        steer_agent a;
        st = steer_world_get_agent(world, h, &a);
        if (st != STEER_WORLD_OK) break;
        if (positions != NULL)
            a.position = steer_v3(positions[3 * k], positions[3 * k + 1], positions[3 * k + 2]);
        if (velocities != NULL)
            a.velocity = steer_v3(velocities[3 * k], velocities[3 * k + 1], velocities[3 * k + 2]);
        if (orientations != NULL) a.orientation = orientations[k];
        st = steer_world_set_agent(world, h, &a);
        if (st != STEER_WORLD_OK) break;
    }
    if (done != NULL) *done = i;
    return st;
}

steer_world_status steer_py_add_many(steer_world *world, const steer_world_agent_def *def,
                                     int count, const float *positions, const float *velocities,
                                     uint32_t *handles, int *done)
{
    steer_world_status st = STEER_WORLD_OK;
    steer_world_agent_def d = *def;
    int i = 0;
    for (; i < count; i++) {
        size_t k = (size_t)i;
        d.agent.position = steer_v3(positions[3 * k], positions[3 * k + 1], positions[3 * k + 2]);
        if (velocities != NULL)
            d.agent.velocity =
                steer_v3(velocities[3 * k], velocities[3 * k + 1], velocities[3 * k + 2]);
        steer_handle h;
        st = steer_world_add(world, &d, &h);
        if (st != STEER_WORLD_OK) break;
        handles[3 * k] = h.index;
        handles[3 * k + 1] = h.generation;
        handles[3 * k + 2] = h.world;
    }
    if (done != NULL) *done = i;
    return st;
}

steer_world_status steer_py_step(steer_world *world, int n, float dt)
{
    for (int i = 0; i < n; i++) {
        steer_world_status st = steer_world_step(world, dt);
        if (st != STEER_WORLD_OK) return st;
    }
    return STEER_WORLD_OK;
}

/* ---- reference results for the tests ------------------------------------------------ */

static steer_agent ref_agent(void)
{
    steer_agent a = steer_agent_default();
    a.position = steer_v3(1.5f, -2.25f, 0.0f);
    a.velocity = steer_v3(0.75f, 0.5f, 0.0f);
    a.orientation = 0.3f;
    a.rotation = 0.2f;
    return a;
}

static void ref_row(float *out, int rows, int *n, steer_steering s)
{
    if (*n < rows) {
        out[4 * *n] = s.linear.x;
        out[4 * *n + 1] = s.linear.y;
        out[4 * *n + 2] = s.linear.z;
        out[4 * *n + 3] = s.angular;
    }
    (*n)++;
}

/* The order is the tests' (python/tests/test_behaviours.py, REF_ROWS). */
int steer_py_ref_behaviours(float *out, int rows)
{
    int n = 0;
    steer_agent a = ref_agent();
    steer_vec3 target = steer_v3(7.1f, 3.3f, 0.0f);
    ref_row(out, rows, &n, steer_seek(&a, target));
    ref_row(out, rows, &n, steer_flee(&a, target));
    ref_row(out, rows, &n, steer_arrive(&a, target, NULL, NULL));
    steer_arrive_params ap = steer_arrive_default();
    ap.target_radius = 0.5f, ap.slow_radius = 4.0f, ap.time_to_target = 0.2f;
    ref_row(out, rows, &n, steer_arrive(&a, steer_v3(2.0f, -1.0f, 0.0f), &ap, NULL));
    ref_row(out, rows, &n, steer_leave(&a, steer_v3(2.5f, -1.0f, 0.0f), NULL));
    ref_row(out, rows, &n, steer_align(&a, 1.2f, NULL));
    ref_row(out, rows, &n, steer_face(&a, target, NULL));
    ref_row(out, rows, &n, steer_look_where_going(&a, NULL));
    steer_vec3 tv = steer_v3(-1.0f, 0.5f, 0.0f);
    ref_row(out, rows, &n, steer_pursue(&a, target, tv, NULL));
    steer_pursue_params pp = steer_pursue_default();
    pp.max_prediction = 0.4f;
    ref_row(out, rows, &n, steer_evade(&a, target, tv, &pp));
    ref_row(out, rows, &n, steer_match_velocity(&a, steer_v3(2.0f, -1.0f, 0.0f), 0.25f));
    steer_vec3 predicted;
    steer_steering s =
        steer_interpose(&a, steer_v3(3.0f, 4.0f, 0.0f), steer_v3(1.0f, 0.0f, 0.0f),
                        steer_v3(-2.0f, 5.0f, 0.0f), steer_v3(0.0f, -1.0f, 0.0f), NULL, &predicted);
    ref_row(out, rows, &n, s);
    steer_leader leader = {steer_v3(4.0f, 1.0f, 0.0f), steer_v3(1.0f, 0.5f, 0.0f), 0.4f};
    steer_vec3 slot;
    ref_row(out, rows, &n,
            steer_offset_pursuit(&a, &leader, steer_v3(-2.0f, 1.0f, 0.0f), NULL, &slot));
    /* wander: three calls from a state drawn from the stream, the third one kept */
    steer_rng rng = steer_rng_make(7u, 3u);
    steer_wander_state ws = steer_wander_state_make(&rng);
    for (int i = 0; i < 2; i++) (void)steer_wander(&a, NULL, &ws, &rng);
    ref_row(out, rows, &n, steer_wander(&a, NULL, &ws, &rng));
    steer_agent a3 = a;
    a3.space = STEER_SPACE_3D;
    a3.velocity.z = -0.25f;
    (void)steer_wander_3d(&a3, NULL, &ws, &rng);
    ref_row(out, rows, &n, steer_wander_3d(&a3, NULL, &ws, &rng));
    steer_rng rng2 = steer_rng_make(9u, 1u);
    steer_wander_target_state wt = {{0.0f, 0.0f, 0.0f}, 0.0f, false};
    (void)steer_wander_target(&a, NULL, &wt, &rng2, 0.5f);
    ref_row(out, rows, &n, steer_wander_target(&a, NULL, &wt, &rng2, 0.5f));
    /* integrators: the agent after one step, as (x, y, z, orientation) */
    steer_agent k = a;
    (void)steer_integrate_kinematic(&k, steer_seek(&k, target), 1.0f / 60.0f);
    ref_row(out, rows, &n, (steer_steering){k.position, k.orientation});
    steer_agent r = steer_agent_default_reynolds();
    r.position = a.position, r.velocity = a.velocity;
    (void)steer_integrate_reynolds(&r, steer_seek(&r, target));
    ref_row(out, rows, &n, (steer_steering){r.position, r.orientation});
    steer_agent st = a;
    st.facing = STEER_FACING_STEERED;
    (void)steer_agent_step(&st, steer_align(&st, 1.2f, NULL), 0.05f);
    ref_row(out, rows, &n, (steer_steering){st.velocity, st.orientation});
    /* an XZ agent seeking, for the other plane */
    steer_agent xz = ref_agent();
    xz.space = STEER_SPACE_XZ;
    xz.position = steer_v3(1.5f, 0.0f, -2.25f);
    ref_row(out, rows, &n, steer_seek(&xz, steer_v3(7.1f, 2.0f, 3.3f)));
    return n;
}
