/* SPDX-License-Identifier: MIT */
/* The binding's own C helpers: whole-world reads and writes in one call each (numpy
 * buffers filled without per-agent Python work) and reference results written with C
 * literals for the tests. Compiled into the extension with the library's flags. */
#ifndef STEER_PY_BINDING_H
#define STEER_PY_BINDING_H

#include "steer/steer.h"

/* Copy the live agents [first, first + count) (steer_world_read's order) into the
 * caller's contiguous buffers: positions and velocities as count x 3 floats,
 * orientations as count floats, handles as count x 3 uint32 (index, generation, world).
 * NULL buffers are skipped. Returns the number of agents copied. */
int steer_py_read(const steer_world *world, int first, int count, float *positions,
                  float *velocities, float *orientations, uint32_t *handles);

/* Write positions, velocities and orientations (each may be NULL) of the agents named by
 * handles[count x 3]. Stops at the first agent that fails and returns its status, with
 * *done (may be NULL) the number written before it; OK after all of them. */
steer_world_status steer_py_write(steer_world *world, int count, const uint32_t *handles,
                                  const float *positions, const float *velocities,
                                  const float *orientations, int *done);

/* Add count agents from one def, each at positions[3i..] with velocities[3i..] (may be
 * NULL: the def's), writing their handles to handles[count x 3]. Stops at the first
 * failure and returns its status, with *done the number added before it. */
steer_world_status steer_py_add_many(steer_world *world, const steer_world_agent_def *def,
                                     int count, const float *positions, const float *velocities,
                                     uint32_t *handles, int *done);

/* Step the world n times with dt; stops at the first step that fails and returns its
 * status (OK after n steps). */
steer_world_status steer_py_step(steer_world *world, int n, float dt);

/* Reference results computed in C from C literals, one row of 4 floats (linear x, y, z,
 * angular) per behaviour in the order of steer_py_ref_names; returns the row count
 * (at most `rows`). The Python tests build the same inputs through the wrapper and
 * compare bit for bit. */
int steer_py_ref_behaviours(float *out, int rows);

#endif /* STEER_PY_BINDING_H */
