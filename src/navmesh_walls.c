/* SPDX-License-Identifier: MIT */
/* The mesh's boundary edges near a point: walls for the crowd and for containment. */
#include "navmesh_internal.h"

#define STEER_NAV_WALL_STACK 64

static float steer__nav_box_gap(const steer__nav_node *n, steer__nav2 g)
{
    float du = g.u < n->lo[0] ? n->lo[0] - g.u : (g.u > n->hi[0] ? g.u - n->hi[0] : 0.0f);
    float dv = g.v < n->lo[1] ? n->lo[1] - g.v : (g.v > n->hi[1] ? g.v - n->hi[1] : 0.0f);
    return sqrtf(du * du + dv * dv);
}

/* Can no wall in box b be within `reach` of g? Taken in double, with a margin beyond
 * what rounding can move steer__nav_segment_gap by, so that it never passes over a wall
 * the exact test below would keep. An empty box is always apart. */
static bool steer__nav_walls_apart(const steer__nav_wall_box *b, steer__nav2 g, double reach)
{
    double du =
        g.u < b->lo[0] ? (double)b->lo[0] - g.u : (g.u > b->hi[0] ? (double)g.u - b->hi[0] : 0.0);
    double dv =
        g.v < b->lo[1] ? (double)b->lo[1] - g.v : (g.v > b->hi[1] ? (double)g.v - b->hi[1] : 0.0);
    return du * du + dv * dv > reach * reach;
}

static float steer__nav_segment_gap(steer__nav2 a, steer__nav2 b, steer__nav2 g)
{
    double du = (double)b.u - a.u, dv = (double)b.v - a.v, len2 = du * du + dv * dv;
    double t = len2 > 0.0 ? (((double)g.u - a.u) * du + ((double)g.v - a.v) * dv) / len2 : 0.0;
    t = t < 0.0 ? 0.0 : (t > 1.0 ? 1.0 : t);
    double eu = a.u + t * du - g.u, ev = a.v + t * dv - g.v;
    return (float)sqrt(eu * eu + ev * ev);
}

int steer_navmesh_walls_near(const steer_navmesh *mesh, steer_vec3 p, float radius,
                             steer_segment *out, int capacity, bool *more)
{
    STEER_ASSERT(mesh != NULL);
    if (more != NULL) *more = false;
    if (mesh == NULL || out == NULL || capacity < 1 || mesh->polygon_count < 1 ||
        !steer_v3_is_finite(p) || !(radius >= 0.0f))
        return 0;
    const steer__nav_node *nodes = (const steer__nav_node *)mesh->tree;
    const steer__nav_wall_box *walls = steer__nav_wall_boxes(mesh);
    steer__nav2 g = steer__nav_ground(mesh->plane, p);
    double reach = (double)radius * (1.0 + 1e-6) + 1e-6 * (1.0 + fabs(g.u) + fabs(g.v));
    int stack[STEER_NAV_WALL_STACK], top = 0, count = 0;
    stack[top++] = 0;
    /* Subtrees whose walls are all out of reach are passed over; a polygon is then read
     * on the test of its own box, as every node's box was tested before (a node's box
     * holds its children's, so their tests added nothing): the same walls, in the same
     * order. */
    while (top > 0) {
        int at = stack[--top];
        const steer__nav_node *n = &nodes[at];
        if (steer__nav_walls_apart(&walls[at], g, reach)) continue;
        if (n->left >= 0) {
            stack[top++] = n->right;
            stack[top++] = n->left;
            continue;
        }
        if (!(steer__nav_box_gap(n, g) <= radius)) continue;
        int poly = n->right;
        for (int s = mesh->first[poly]; s < mesh->first[poly + 1]; s++) {
            if (mesh->neighbours[s] >= 0) continue;
            int32_t a = mesh->indices[s], b = mesh->indices[steer__nav_slot_next(mesh, poly, s)];
            if (!(steer__nav_segment_gap(steer__nav_vertex(mesh, a), steer__nav_vertex(mesh, b),
                                         g) <= radius))
                continue;
            if (count == capacity) {
                if (more != NULL) *more = true;
                return count;
            }
            out[count].a = mesh->vertices[a];
            out[count++].b = mesh->vertices[b];
        }
    }
    return count;
}
