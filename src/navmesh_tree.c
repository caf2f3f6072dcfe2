/* SPDX-License-Identifier: MIT */
/* The bounding-box tree over a mesh's polygons (one leaf a polygon, halves split at the
 * median centre along the longer side), and the two searches it serves: the polygon
 * under a point and the nearest point of the mesh. */
#include "navmesh_internal.h"

#define STEER_NAV_STACK 64 /* a median split is at most log2(2^24) + 1 deep */

static void steer__nav_poly_box(const steer_navmesh *m, int p, float lo[2], float hi[2])
{
    steer__nav2 c[STEER_NAVMESH_POLY_MAX];
    int n = steer__nav_corners(m, p, c);
    lo[0] = hi[0] = c[0].u;
    lo[1] = hi[1] = c[0].v;
    for (int k = 1; k < n; k++) {
        lo[0] = fminf(lo[0], c[k].u), hi[0] = fmaxf(hi[0], c[k].u);
        lo[1] = fminf(lo[1], c[k].v), hi[1] = fmaxf(hi[1], c[k].v);
    }
}

static int steer__nav_tree_range(steer_navmesh *m, steer__nav_key *keys, int from, int to,
                                 int *next)
{
    steer__nav_node *nodes = (steer__nav_node *)m->tree;
    int at = (*next)++;
    steer__nav_node *node = &nodes[at];
    steer__nav_poly_box(m, keys[from].value, node->lo, node->hi);
    for (int i = from + 1; i < to; i++) {
        float lo[2], hi[2];
        steer__nav_poly_box(m, keys[i].value, lo, hi);
        for (int a = 0; a < 2; a++) node->lo[a] = fminf(node->lo[a], lo[a]);
        for (int a = 0; a < 2; a++) node->hi[a] = fmaxf(node->hi[a], hi[a]);
    }
    if (to - from == 1) {
        node->left = -1;
        node->right = keys[from].value;
        return at;
    }
    int axis = node->hi[0] - node->lo[0] >= node->hi[1] - node->lo[1] ? 0 : 1;
    for (int i = from; i < to; i++) {
        float lo[2], hi[2];
        steer__nav_poly_box(m, keys[i].value, lo, hi);
        keys[i].key = steer__nav_float_key(0.5f * lo[axis] + 0.5f * hi[axis]);
    }
    steer__nav_sort(keys + from, to - from);
    int mid = from + (to - from) / 2;
    int left = steer__nav_tree_range(m, keys, from, mid, next);
    int right = steer__nav_tree_range(m, keys, mid, to, next);
    nodes[at].left = left;
    nodes[at].right = right;
    return at;
}

/* Polygon p's boundary edges into box b (empty when it has none). */
static void steer__nav_poly_walls(const steer_navmesh *m, int p, steer__nav_wall_box *b)
{
    b->lo[0] = b->lo[1] = INFINITY;
    b->hi[0] = b->hi[1] = -INFINITY;
    for (int32_t s = m->first[p]; s < m->first[p + 1]; s++) {
        if (m->neighbours[s] >= 0) continue;
        steer__nav2 e[2] = {steer__nav_vertex(m, m->indices[s]),
                            steer__nav_vertex(m, m->indices[steer__nav_slot_next(m, p, s)])};
        for (int k = 0; k < 2; k++) {
            b->lo[0] = fminf(b->lo[0], e[k].u), b->hi[0] = fmaxf(b->hi[0], e[k].u);
            b->lo[1] = fminf(b->lo[1], e[k].v), b->hi[1] = fmaxf(b->hi[1], e[k].v);
        }
    }
}

/* Every node's wall box, children before parents (a node's children come after it). */
static void steer__nav_wall_boxes_build(steer_navmesh *m, int node_count)
{
    const steer__nav_node *nodes = (const steer__nav_node *)m->tree;
    steer__nav_wall_box *boxes = steer__nav_wall_boxes(m);
    for (int i = node_count - 1; i >= 0; i--) {
        const steer__nav_node *n = &nodes[i];
        if (n->left < 0) {
            steer__nav_poly_walls(m, n->right, &boxes[i]);
            continue;
        }
        const steer__nav_wall_box *l = &boxes[n->left], *r = &boxes[n->right];
        for (int a = 0; a < 2; a++) {
            boxes[i].lo[a] = fminf(l->lo[a], r->lo[a]);
            boxes[i].hi[a] = fmaxf(l->hi[a], r->hi[a]);
        }
    }
}

void steer__nav_tree_build(steer_navmesh *m, steer__nav_key *keys)
{
    for (int p = 0; p < m->polygon_count; p++) keys[p].value = p, keys[p].key = 0;
    int next = 0;
    steer__nav_tree_range(m, keys, 0, m->polygon_count, &next);
    steer__nav_wall_boxes_build(m, next); /* over the keys: they are done with */
    const steer__nav_node *root = (const steer__nav_node *)m->tree;
    m->bounds[0] = root->lo[0], m->bounds[1] = root->lo[1];
    m->bounds[2] = root->hi[0], m->bounds[3] = root->hi[1];
}

static bool steer__nav_usable(const steer_navmesh *m, steer_vec3 p)
{
    return m != NULL && m->polygon_count > 0 && m->tree != NULL && steer_v3_is_finite(p);
}

int steer_navmesh_locate(const steer_navmesh *mesh, steer_vec3 p)
{
    STEER_ASSERT(mesh != NULL);
    if (!steer__nav_usable(mesh, p)) return -1;
    const steer__nav_node *nodes = (const steer__nav_node *)mesh->tree;
    steer__nav2 g = steer__nav_ground(mesh->plane, p);
    float h = steer__nav_height(mesh->plane, p);
    int stack[STEER_NAV_STACK], top = 0, best = -1;
    float best_dh = INFINITY;
    float slack = 1e-5f * (1.0f + fabsf(g.u) + fabsf(g.v));
    stack[top++] = 0;
    while (top > 0) {
        const steer__nav_node *n = &nodes[stack[--top]];
        if (g.u < n->lo[0] - slack || g.u > n->hi[0] + slack || g.v < n->lo[1] - slack ||
            g.v > n->hi[1] + slack)
            continue;
        if (n->left >= 0) {
            stack[top++] = n->right;
            stack[top++] = n->left;
            continue;
        }
        steer__nav2 c[STEER_NAVMESH_POLY_MAX];
        int count = steer__nav_corners(mesh, n->right, c);
        if (!steer__nav_contains(c, count, g)) continue;
        /* Heights only decide between polygons above one another: the first one found
         * is weighed when a second turns up. */
        if (best >= 0 && best_dh == INFINITY)
            best_dh = fabsf(steer__nav_height_at(mesh, best, g) - h);
        float dh = best < 0 ? INFINITY : fabsf(steer__nav_height_at(mesh, n->right, g) - h);
        if (best < 0 || dh < best_dh) best_dh = dh, best = n->right;
    }
    return best;
}

static float steer__nav_box_dist2(const steer__nav_node *n, steer__nav2 g)
{
    float du = g.u < n->lo[0] ? n->lo[0] - g.u : (g.u > n->hi[0] ? g.u - n->hi[0] : 0.0f);
    float dv = g.v < n->lo[1] ? n->lo[1] - g.v : (g.v > n->hi[1] ? g.v - n->hi[1] : 0.0f);
    return du * du + dv * dv;
}

int steer_navmesh_nearest(const steer_navmesh *mesh, steer_vec3 p, steer_vec3 *out)
{
    STEER_ASSERT(mesh != NULL);
    if (out != NULL) *out = p;
    if (!steer__nav_usable(mesh, p)) return -1;
    const steer__nav_node *nodes = (const steer__nav_node *)mesh->tree;
    steer__nav2 g = steer__nav_ground(mesh->plane, p);
    int stack[STEER_NAV_STACK], top = 0, best = -1;
    float best_d2 = INFINITY;
    steer_vec3 best_p = p;
    stack[top++] = 0;
    while (top > 0) {
        const steer__nav_node *n = &nodes[stack[--top]];
        if (!(steer__nav_box_dist2(n, g) < best_d2) && best >= 0) continue;
        if (n->left >= 0) {
            /* Nearer child last, so it is searched first. */
            bool left_first = steer__nav_box_dist2(&nodes[n->left], g) <=
                              steer__nav_box_dist2(&nodes[n->right], g);
            stack[top++] = left_first ? n->right : n->left;
            stack[top++] = left_first ? n->left : n->right;
            continue;
        }
        steer__nav2 c[STEER_NAVMESH_POLY_MAX];
        int count = steer__nav_corners(mesh, n->right, c);
        steer__nav2 q = steer__nav_closest(c, count, g);
        steer_vec3 on = steer__nav_point(mesh->plane, q, steer__nav_height_at(mesh, n->right, q));
        float d2 = steer_length_sq(steer_sub(on, p));
        if (d2 < best_d2 || best < 0) best_d2 = d2, best = n->right, best_p = on;
    }
    if (out != NULL) *out = best_p;
    return best;
}
