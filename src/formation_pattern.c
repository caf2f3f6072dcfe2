/* SPDX-License-Identifier: MIT */
/* Formation patterns: the built-in slot layouts, and slots placed in the world from an
 * anchor's pose. */
#include "steer/formation.h"

#include "steering_internal.h"

static steer_formation_slot steer_slot_at(float forward, float left, unsigned role)
{
    steer_formation_slot s;
    s.offset = steer_v3(forward, left, 0.0f);
    s.heading = 0.0f;
    s.role = role;
    return s;
}

/* Ranks across the heading, `cols` wide, front to back; a short last rank is centred. */
static void steer_pattern_ranks(int count, int cols, float spacing, steer_formation_slot *out)
{
    int rows = (count + cols - 1) / cols;
    for (int i = 0; i < count; i++) {
        int r = i / cols, c = i % cols;
        int width = count - r * cols < cols ? count - r * cols : cols;
        unsigned role = 0u;
        if (r == 0) role |= STEER_ROLE_FRONT;
        if (r == rows - 1 && rows > 1) role |= STEER_ROLE_REAR;
        if (width > 1 && (c == 0 || c == width - 1)) role |= STEER_ROLE_FLANK;
        out[i] = steer_slot_at((0.5f * (float)(rows - 1) - (float)r) * spacing,
                               (0.5f * (float)(width - 1) - (float)c) * spacing, role);
    }
}

static void steer_pattern_column(int count, float spacing, steer_formation_slot *out)
{
    for (int i = 0; i < count; i++) {
        unsigned role = i == 0 ? STEER_ROLE_FRONT : (i == count - 1 ? STEER_ROLE_REAR : 0u);
        out[i] = steer_slot_at((0.5f * (float)(count - 1) - (float)i) * spacing, 0.0f, role);
    }
}

/* Tip first, then left and right arm alternately, 45 degrees back from the heading. */
static void steer_pattern_wedge(int count, float spacing, steer_formation_slot *out)
{
    const float arm = 0.70710678f; /* cos 45 = sin 45 */
    out[0] = steer_slot_at(0.0f, 0.0f, STEER_ROLE_FRONT);
    for (int i = 1; i < count; i++) {
        float k = (float)((i + 1) / 2) * spacing * arm;
        out[i] = steer_slot_at(-k, (i % 2 == 1) ? k : -k, STEER_ROLE_FLANK);
    }
}

/* A ring whose neighbours are `spacing` apart along the chord; slot 0 in front, then
 * alternately left and right round to the back. */
static void steer_pattern_circle(int count, float spacing, steer_formation_slot *out)
{
    float ring = 0.0f;
    if (count > 1) ring = spacing / (2.0f * steer_sin(STEER_PI / (float)count));
    for (int i = 0; i < count; i++) {
        int k = (i + 1) / 2;
        float a = (float)(i % 2 == 1 ? k : -k) * (STEER_TAU / (float)count);
        float s, c;
        steer_sincos(a, &s, &c);
        unsigned role =
            c > 0.5f ? STEER_ROLE_FRONT : (c < -0.5f ? STEER_ROLE_REAR : STEER_ROLE_FLANK);
        out[i] = steer_slot_at(ring * c, ring * s, count == 1 ? STEER_ROLE_FRONT : role);
    }
}

/* Moves the slots so their mean offset is the anchor (mean taken in double). */
static void steer_pattern_centre(steer_formation_slot *out, int count)
{
    double x = 0.0, y = 0.0;
    for (int i = 0; i < count; i++) {
        x += out[i].offset.x;
        y += out[i].offset.y;
    }
    float mx = (float)(x / count), my = (float)(y / count);
    for (int i = 0; i < count; i++) {
        out[i].offset.x -= mx;
        out[i].offset.y -= my;
    }
}

int steer_formation_pattern(steer_formation_shape shape, int count, float spacing,
                            steer_formation_slot *out, int capacity)
{
    STEER_ASSERT(out != NULL);
    if (out == NULL || count < 1 || count > capacity || count > STEER_GROUP_MAX) return 0;
    if (!steer_is_finite(spacing) || spacing < 0.0f || spacing > 1e18f) return 0;
    int cols = 1;
    while (cols * cols < count) cols++;
    switch (shape) {
    case STEER_FORMATION_LINE:
        steer_pattern_ranks(count, count, spacing, out);
        break;
    case STEER_FORMATION_COLUMN:
        steer_pattern_column(count, spacing, out);
        break;
    case STEER_FORMATION_WEDGE:
        steer_pattern_wedge(count, spacing, out);
        break;
    case STEER_FORMATION_CIRCLE:
        steer_pattern_circle(count, spacing, out);
        break;
    case STEER_FORMATION_BOX:
        steer_pattern_ranks(count, cols, spacing, out);
        break;
    default:
        return 0;
    }
    steer_pattern_centre(out, count);
    return count;
}

steer_vec3 steer_formation_slot_position(steer_space space, steer_vec3 position, float orientation,
                                         steer_vec3 offset)
{
    if (!steer_v3_is_finite(position)) return steer_v3_zero();
    if (!steer_is_finite(orientation) || !steer_v3_is_finite(offset)) return position;
    return steer__hold_in_range(steer__frame_point(space, position, orientation, offset));
}

float steer_formation_slot_orientation(float orientation, float heading)
{
    if (!steer_is_finite(orientation)) orientation = 0.0f;
    if (!steer_is_finite(heading)) heading = 0.0f;
    return steer_wrap_angle(orientation + heading);
}
