/* SPDX-License-Identifier: MIT */
/* Flow fields: bilinear sampling and following (steer/flowfield.h). */
#include "steer/flowfield.h"

#include "steer/behaviours.h"
#include "steering_internal.h"

#include <math.h>

void steer_flow_field_init(steer_flow_field *field, steer_vec3 *cells, int width, int height,
                           steer_vec3 origin, float cell_size, steer_space space)
{
    STEER_ASSERT(field != NULL);
    if (field == NULL) return;
    bool usable = cells != NULL && width >= 1 && height >= 1 && steer_v3_is_finite(origin);
    field->cells = usable ? cells : NULL;
    field->width = usable ? width : 0;
    field->height = usable ? height : 0;
    field->origin = usable ? origin : steer_v3_zero();
    field->cell_size = steer__positive_or(cell_size, 1.0f);
    field->space = space;
}

steer_vec3 *steer_flow_field_node(steer_flow_field *field, int i, int j)
{
    if (field == NULL || field->cells == NULL) return NULL;
    if (i < 0 || j < 0 || i >= field->width || j >= field->height) return NULL;
    return &field->cells[j * field->width + i];
}

static steer_vec3 steer_field_value(const steer_flow_field *f, int i, int j)
{
    steer_vec3 v = f->cells[j * f->width + i];
    return steer_v3_is_finite(v) ? v : steer_v3_zero();
}

/* Grid coordinate along one axis, clamped onto the grid: node index + fraction. */
static void steer_field_axis(float offset, float cell, int nodes, int *index, float *frac)
{
    float g = steer_clampf(offset / cell, 0.0f, (float)(nodes - 1));
    float base = floorf(g);
    *index = (int)base;
    *frac = g - base;
    if (*index >= nodes - 1) { /* on the far border: use the last cell at fraction 1 */
        *index = nodes > 1 ? nodes - 2 : 0;
        *frac = nodes > 1 ? 1.0f : 0.0f;
    }
}

steer_vec3 steer_flow_field_sample(const steer_flow_field *field, steer_vec3 position)
{
    if (field == NULL || field->cells == NULL || field->width < 1 || field->height < 1 ||
        !steer_v3_is_finite(position))
        return steer_v3_zero();
    steer_vec3 d = steer_sub(position, field->origin);
    float second = field->space == STEER_SPACE_XY ? d.y : d.z;
    int i, j;
    float fx, fy;
    steer_field_axis(d.x, field->cell_size, field->width, &i, &fx);
    steer_field_axis(second, field->cell_size, field->height, &j, &fy);
    int i1 = i + 1 < field->width ? i + 1 : i, j1 = j + 1 < field->height ? j + 1 : j;
    /* The wide lerp: steer_lerp made NaN of nodes near +-FLT_MAX with opposite signs. */
    steer_vec3 bottom =
        steer__lerp_wide(steer_field_value(field, i, j), steer_field_value(field, i1, j), fx);
    steer_vec3 top =
        steer__lerp_wide(steer_field_value(field, i, j1), steer_field_value(field, i1, j1), fx);
    return steer_space_project(field->space, steer__lerp_wide(bottom, top, fy));
}

steer_steering steer_follow_flow_field(const steer_agent *agent, const steer_flow_field *field,
                                       float predict_time, float time_to_target)
{
    if (!steer__usable(agent)) return steer_steering_zero();
    steer_vec3 ahead =
        steer_add_scaled(agent->position, agent->velocity, steer__nonneg(predict_time));
    steer_vec3 desired = steer_flow_field_sample(field, ahead);
    return steer_match_velocity(agent, steer_space_project(agent->space, desired), time_to_target);
}
