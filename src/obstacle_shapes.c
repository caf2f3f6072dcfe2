/* SPDX-License-Identifier: MIT */
/* Shape validation, boxes and distances (steer/obstacles.h). */
#include <math.h>

#include "obstacle_internal.h"

/* True when segments ab and cd cross at a point interior to both. */
static bool steer_segments_cross(steer_space space, steer_vec3 a, steer_vec3 b, steer_vec3 c,
                                 steer_vec3 d)
{
    float d1 = steer__perp_dot(space, steer_sub(b, a), steer_sub(c, a));
    float d2 = steer__perp_dot(space, steer_sub(b, a), steer_sub(d, a));
    float d3 = steer__perp_dot(space, steer_sub(d, c), steer_sub(a, c));
    float d4 = steer__perp_dot(space, steer_sub(d, c), steer_sub(b, c));
    return ((d1 > 0.0f) != (d2 > 0.0f)) && ((d3 > 0.0f) != (d4 > 0.0f)) && d1 != 0.0f &&
           d2 != 0.0f && d3 != 0.0f && d4 != 0.0f;
}

static float steer_polygon_area2(steer_space space, steer_polygon poly)
{
    float sum = 0.0f;
    for (int i = 0; i < poly.count; i++) {
        steer_vec3 a, b;
        steer__polygon_edge(space, poly, i, &a, &b);
        sum += steer__perp_dot(space, a, b);
    }
    return sum;
}

steer_polygon_status steer_polygon_check(steer_polygon poly, steer_space space)
{
    space = steer__wall_space(space);
    if (poly.points == NULL || poly.count < 3) return STEER_POLYGON_TOO_FEW_POINTS;
    for (int i = 0; i < poly.count; i++)
        if (!steer_v3_is_finite(poly.points[i])) return STEER_POLYGON_NOT_FINITE;
    for (int i = 0; i < poly.count; i++) {
        for (int j = i + 2; j < poly.count; j++) {
            if (i == 0 && j == poly.count - 1) continue; /* adjacent through the closing edge */
            steer_vec3 a, b, c, d;
            steer__polygon_edge(space, poly, i, &a, &b);
            steer__polygon_edge(space, poly, j, &c, &d);
            if (steer_segments_cross(space, a, b, c, d)) return STEER_POLYGON_SELF_INTERSECTING;
        }
    }
    float area2 = steer_polygon_area2(space, poly);
    if (!(fabsf(area2) > 1e-9f)) return STEER_POLYGON_DEGENERATE;
    return STEER_POLYGON_OK;
}

void steer_box_polygon(steer_vec3 min, steer_vec3 max, steer_space space, steer_vec3 out[4])
{
    STEER_ASSERT(out != NULL);
    if (out == NULL) return;
    if (space == STEER_SPACE_XY) {
        out[0] = steer_v3(min.x, min.y, 0.0f);
        out[1] = steer_v3(max.x, min.y, 0.0f);
        out[2] = steer_v3(max.x, max.y, 0.0f);
        out[3] = steer_v3(min.x, max.y, 0.0f);
        return;
    }
    out[0] = steer_v3(min.x, 0.0f, min.z);
    out[1] = steer_v3(min.x, 0.0f, max.z);
    out[2] = steer_v3(max.x, 0.0f, max.z);
    out[3] = steer_v3(max.x, 0.0f, min.z);
}

static float steer_polygon_distance(steer_space space, steer_polygon poly, steer_vec3 p)
{
    float best = HUGE_VALF;
    for (int i = 0; i < poly.count; i++) {
        steer_vec3 a, b;
        steer__polygon_edge(space, poly, i, &a, &b);
        float d = steer_distance(p, steer__closest_on_segment(p, a, b));
        best = d < best ? d : best;
    }
    return steer__point_in_polygon(space, poly, p) ? -best : best;
}

float steer_obstacle_distance(const steer_obstacles *o, steer_vec3 p, steer_space space)
{
    float best = HUGE_VALF;
    if (o == NULL || !steer_v3_is_finite(p)) return best;
    steer_space ws = steer__wall_space(space);
    for (int i = 0; i < o->circle_count && o->circles != NULL; i++) {
        if (!steer__circle_valid(&o->circles[i])) continue;
        steer_vec3 c = steer_space_project(space, steer_sub(o->circles[i].center, p));
        float d = steer_length(c) - o->circles[i].radius;
        best = d < best ? d : best;
    }
    steer_vec3 q = steer_space_project(ws, p);
    for (int i = 0; i < o->wall_count && o->walls != NULL; i++) {
        steer_vec3 a = steer_space_project(ws, o->walls[i].a),
                   b = steer_space_project(ws, o->walls[i].b);
        if (!steer__wall_valid(ws, a, b)) continue;
        float d = steer_distance(q, steer__closest_on_segment(q, a, b));
        best = d < best ? d : best;
    }
    for (int i = 0; i < o->polygon_count && o->polygons != NULL; i++) {
        if (steer_polygon_check(o->polygons[i], ws) != STEER_POLYGON_OK) continue;
        float d = steer_polygon_distance(ws, o->polygons[i], q);
        best = d < best ? d : best;
    }
    return best;
}
