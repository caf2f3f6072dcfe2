/* SPDX-License-Identifier: MIT */
/* steer/flowfield.h - flow fields: a grid of desired velocities, and following one.
 *
 * Function index
 *   steer_flow_field_init, steer_flow_field_node, steer_flow_field_sample,
 *   steer_follow_flow_field
 *
 * The field stores one desired velocity per grid node, in a caller-owned array
 * (width * height vectors, row by row: node (i, j) is cells[j * width + i]). Node (i, j)
 * sits at origin + i * cell_size along the plane's first axis and j * cell_size along
 * its second: (x, y) for STEER_SPACE_XY, (x, z) for STEER_SPACE_XZ and STEER_SPACE_3D.
 * Between nodes the field is interpolated bilinearly; outside the grid the position is
 * clamped onto its border, so the edge values extend outwards. Nothing allocates.
 */
#ifndef STEER_FLOWFIELD_H
#define STEER_FLOWFIELD_H

#include "steer/agent.h"

STEER_EXTERN_C_BEGIN

/* A flow field over caller-owned cells. Fill it with steer_flow_field_init. */
typedef struct steer_flow_field {
    steer_vec3 *cells; /* width * height desired velocities, units/s (or units/frame) */
    int width, height; /* nodes along the plane's first and second axes */
    steer_vec3 origin; /* world position of node (0, 0) */
    float cell_size;   /* world units between neighbouring nodes, > 0 */
    steer_space space; /* which plane the grid lies in */
} steer_flow_field;

/* Set up a field over `cells` (width * height vectors, contents left as they are).
 * Bad input: width or height < 1, NULL cells or non-finite origin make an empty field
 * (width = height = 0) that samples as zero; cell_size <= 0 or non-finite becomes 1.
 * NULL field asserts. */
STEER_API void steer_flow_field_init(steer_flow_field *field, steer_vec3 *cells, int width,
                                     int height, steer_vec3 origin, float cell_size,
                                     steer_space space);

/* Pointer to node (i, j)'s velocity for writing or reading; NULL outside the grid or for
 * an empty field. */
STEER_API steer_vec3 *steer_flow_field_node(steer_flow_field *field, int i, int j);

/* The field's velocity at `position`: bilinear between the four surrounding nodes,
 * clamped to the border outside the grid, projected onto the field's plane. A node
 * whose velocity is not finite counts as zero. Any finite node values give a finite
 * result, also near +-FLT_MAX (where b - a of two nodes would overflow, the weighted
 * form a * (1 - f) + b * f is used). Positions any distance off the grid clamp onto its
 * border. Empty field (or a struct with width or height < 1), NULL or a non-finite
 * position: zero. */
STEER_API steer_vec3 steer_flow_field_sample(const steer_flow_field *field, steer_vec3 position);

/* Flow-field following: sample the field where the agent will be predict_time ahead
 * (position + velocity * predict_time; negative or NaN means 0), limit that velocity to
 * max_speed and reach it (steer_match_velocity with time_to_target, <= 0 or NaN: 0.1).
 * Bad input: as every behaviour (steer/behaviours.h); NULL or empty field gives the
 * steering that brings the agent to rest. */
STEER_API steer_steering steer_follow_flow_field(const steer_agent *agent,
                                                 const steer_flow_field *field, float predict_time,
                                                 float time_to_target);

STEER_EXTERN_C_END

#endif /* STEER_FLOWFIELD_H */
