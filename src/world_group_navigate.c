/* SPDX-License-Identifier: MIT */
/* A group move for agents that navigate a mesh (world_groups.c calls it). Three things
 * differ from a move in the open: the block faces the way the group comes in (the last
 * legs of the members' paths, not the straight line from their mean position, which may
 * cross a wall); every spot is a free place on the mesh within sight of the point (a spot
 * off the mesh, too near a wall or too near another is moved to the nearest such place);
 * and spots are given in arrival order, the members with the shortest paths taking the
 * far ranks, so that nobody arriving late finds its spot walled in by those who came
 * before. */
#include "world_group_navigate.h"

#include <stdlib.h>

/* Longest path read per member: its length and its last leg are what count. */
enum { STEER_GROUP_NAV_POINTS = 32 };

/* A sort key: two numbers, then the index, so the order is total and the same on every
 * machine. Sorted in place by a heapsort: qsort may allocate, and the group calls do not. */
typedef struct steer_nav_key {
    float a, b;
    int index;
} steer_nav_key;

static bool steer_nav_key_less(const steer_nav_key *p, const steer_nav_key *q)
{
    if (p->a != q->a) return p->a < q->a;
    if (p->b != q->b) return p->b < q->b;
    return p->index < q->index;
}

static void steer_nav_sift(steer_nav_key *k, int root, int n)
{
    for (;;) {
        int child = 2 * root + 1;
        if (child >= n) return;
        if (child + 1 < n && steer_nav_key_less(&k[child], &k[child + 1])) child++;
        if (!steer_nav_key_less(&k[root], &k[child])) return;
        steer_nav_key t = k[root];
        k[root] = k[child];
        k[child] = t;
        root = child;
    }
}

static void steer_nav_sort(steer_nav_key *k, int n)
{
    for (int i = n / 2 - 1; i >= 0; i--) steer_nav_sift(k, i, n);
    for (int end = n - 1; end > 0; end--) {
        steer_nav_key t = k[0];
        k[0] = k[end];
        k[end] = t;
        steer_nav_sift(k, 0, end);
    }
}

const steer_world_navmesh *steer__world_group_navmesh(const steer_world *w, steer_handle h)
{
    const steer_world_slot *s = steer__world_slot(w, h);
    if (s == NULL || s->dense < 0) return NULL;
    int recipe = steer__world_traits(w, s->dense)->recipe;
    if (recipe < 0) return NULL;
    const steer_recipe *r = &w->recipes[recipe].recipe;
    for (int k = 0; k < r->count; k++)
        if (r->items[k].kind == STEER_BEHAVIOUR_NAVIGATE)
            return steer__world_resource(w, r->items[k].resource, STEER_WORLD_RESOURCE_NAVMESH);
    return NULL;
}

/* What a member's way to the point looks like. */
typedef struct steer_nav_way {
    float length;     /* along the mesh, or straight when there is no way */
    steer_vec3 entry; /* where its last leg starts (its position for a straight way) */
    bool leg;         /* entry -> point is a real last leg */
} steer_nav_way;

bool steer__world_recipe_walks_to_slot(const steer_recipe *r)
{
    bool slot = false, mesh = false;
    for (int k = 0; k < r->count; k++) {
        slot |= r->items[k].kind == STEER_BEHAVIOUR_FORMATION;
        mesh |= r->items[k].kind == STEER_BEHAVIOUR_NAVIGATE;
    }
    return slot && mesh;
}

steer_vec3 steer__world_nav_goal(const steer_world *w, const steer_world_slot *s,
                                 const steer_recipe *r)
{
    const steer_world_aim *a = steer__world_aim(w, s);
    const steer_world_slot *t = steer__world_slot(w, a->target_agent);
    if (t == NULL || t->dense < 0 || !steer__world_recipe_walks_to_slot(r))
        return steer__world_goal(w, a);
    return steer_formation_slot_position((steer_space)steer__world_traits(w, t->dense)->space,
                                         w->pos[w->cur][t->dense],
                                         w->pose[w->cur][t->dense].orientation, a->target);
}

size_t steer__world_group_nav_size(int count)
{
    if (count < 1 || count > STEER_GROUP_MAX) return 0;
    size_t n = (size_t)count;
    /* the six arrays steer__world_group_nav_move carves, each rounded up to 8 bytes */
    return n * (sizeof(steer_nav_way) + 2 * sizeof(steer_vec3) + 2 * sizeof(steer_nav_key) +
                sizeof(int)) +
           6 * 8;
}

static steer_nav_way steer_nav_way_of(const steer_world_navmesh *nm, steer_vec3 from,
                                      steer_vec3 point)
{
    steer_vec3 pts[STEER_GROUP_NAV_POINTS];
    steer_navmesh_path r = steer_navmesh_find_path(nm->mesh, nm->query, from, point, INFINITY, NULL,
                                                   0, pts, STEER_GROUP_NAV_POINTS);
    steer_nav_way way = {steer_distance(from, point), from, false};
    if (r.status == STEER_NAVMESH_PATH_FOUND && r.count >= 2 && steer_is_finite(r.length)) {
        way.length = r.length;
        way.entry = pts[r.count - 2];
        way.leg = true;
    } else if (r.status == STEER_NAVMESH_PATH_TOO_LONG && r.count >= 1) {
        way.length = r.length + steer_distance(pts[r.count - 1], point);
    }
    if (!steer_is_finite(way.length)) way.length = 0.0f;
    return way;
}

/* Is p a free place for a spot: on the mesh (q receives its point there), `clear` from
 * every wall, in sight of the point, `spacing` from every spot taken so far? */
typedef struct steer_nav_place {
    const steer_navmesh *mesh;
    steer_vec3 point; /* on the mesh */
    float clear, spacing;
    const steer_vec3 *taken;
    int taken_count;
} steer_nav_place;

static bool steer_nav_free(const steer_nav_place *pl, steer_vec3 p, steer_vec3 *q)
{
    if (!steer_v3_is_finite(p) || steer_navmesh_nearest(pl->mesh, p, q) < 0) return false;
    steer_vec3 ground = steer_space_project(pl->mesh->plane, steer_sub(*q, p));
    if (steer_length(ground) > 1e-3f * (1.0f + pl->spacing)) return false;
    steer_segment wall;
    if (pl->clear > 0.0f && steer_navmesh_walls_near(pl->mesh, *q, pl->clear, &wall, 1, NULL) > 0)
        return false;
    steer_navmesh_hit h = steer_navmesh_raycast(pl->mesh, pl->point, *q);
    if (h.polygon < 0 || h.hit) return false;
    for (int k = 0; k < pl->taken_count; k++)
        if (steer_distance(pl->taken[k], *q) < pl->spacing * 0.999f) return false;
    return true;
}

/* The nearest free place to `s` on a lattice `spacing` apart along fwd and left, searched
 * ring by ring out to `rings`; false when there is none. */
static bool steer_nav_nearest_free(const steer_nav_place *pl, steer_vec3 s, steer_vec3 fwd,
                                   steer_vec3 left, int rings, steer_vec3 *out)
{
    float best = INFINITY;
    for (int k = 1; k <= rings; k++) {
        if ((float)k * pl->spacing > best) break; /* no nearer place in further rings */
        for (int i = -k; i <= k; i++)
            for (int j = -k; j <= k; j++) {
                if (abs(i) != k && abs(j) != k) continue;
                steer_vec3 c = steer_add(s, steer_add(steer_scale(fwd, (float)i * pl->spacing),
                                                      steer_scale(left, (float)j * pl->spacing)));
                steer_vec3 q;
                if (!steer_nav_free(pl, c, &q)) continue;
                float d = steer_distance(q, s);
                if (d < best) {
                    best = d;
                    *out = q;
                }
            }
    }
    return best < INFINITY;
}

/* The spots from the block, each moved onto a free place of the mesh: first every spot
 * that is one already, then the others to the nearest free place. */
static void steer_nav_place_spots(steer_nav_place *pl, const steer_vec3 *raw, int n, steer_vec3 fwd,
                                  steer_vec3 left, steer_vec3 *spots, int *placed)
{
    int rings = 4;
    while (rings * rings < 4 * n) rings++;
    pl->taken = spots;
    pl->taken_count = 0;
    for (int i = 0; i < n; i++) {
        steer_vec3 q;
        placed[i] = steer_nav_free(pl, raw[i], &q) ? 1 : 0;
        if (placed[i]) spots[pl->taken_count++] = q;
    }
    for (int i = 0; i < n; i++) {
        if (placed[i]) continue;
        steer_vec3 q = raw[i];
        if (!steer_nav_nearest_free(pl, raw[i], fwd, left, rings, &q))
            steer_navmesh_nearest(pl->mesh, raw[i], &q); /* crowded out: on the mesh at least */
        spots[pl->taken_count++] = q;
    }
}

/* Members in arrival order (shortest way first) take the ranks from the far one back;
 * inside a rank they take the spots in the order of where they come in from, across. */
static void steer_nav_assign(const steer_nav_way *ways, const steer_vec3 *pos, int n,
                             const steer_vec3 *spots, steer_vec3 point, steer_vec3 fwd,
                             steer_vec3 left, float spacing, steer_nav_key *units,
                             steer_nav_key *order, steer_vec3 *destinations)
{
    for (int i = 0; i < n; i++) {
        steer_vec3 d = steer_sub(spots[i], point);
        order[i] = (steer_nav_key){-steer_dot(d, fwd), -steer_dot(d, left), i};
        units[i] = (steer_nav_key){ways[i].length, 0.0f, i};
    }
    steer_nav_sort(order, n);
    steer_nav_sort(units, n);
    for (int first = 0; first < n;) {
        int end = first + 1; /* one rank: spots within half a spacing of its front */
        while (end < n && order[end].a - order[first].a < 0.5f * spacing) end++;
        for (int k = first; k < end; k++) {
            int i = units[k].index;
            steer_vec3 from = ways[i].leg ? ways[i].entry : pos[i];
            units[k].a = -steer_dot(steer_sub(from, point), left);
            units[k].b = -steer_dot(steer_sub(pos[i], point), left);
        }
        steer_nav_sort(units + first, end - first);
        for (int k = first; k < end; k++) destinations[units[k].index] = spots[order[k].index];
        first = end;
    }
}

steer_group_status steer__world_group_nav_move(const steer_world_navmesh *nm, const steer_vec3 *pos,
                                               const float *radii, int n, steer_vec3 a,
                                               const steer_vec3 *b,
                                               const steer_group_move_params *params,
                                               steer_vec3 *destinations, steer_carve *c)
{
    steer_group_move_params p = params != NULL ? *params : steer_group_move_default();
    if (!steer_v3_is_finite(a) || (b != NULL && !steer_v3_is_finite(*b)))
        return STEER_GROUP_INVALID;
    steer_nav_way *ways = steer__carve(c, sizeof(steer_nav_way) * (size_t)n);
    steer_vec3 *virt = steer__carve(c, sizeof(steer_vec3) * (size_t)n);
    steer_vec3 *raw = steer__carve(c, sizeof(steer_vec3) * (size_t)n);
    steer_nav_key *units = steer__carve(c, sizeof(steer_nav_key) * (size_t)n);
    steer_nav_key *order = steer__carve(c, sizeof(steer_nav_key) * (size_t)n);
    int *placed = steer__carve(c, sizeof(int) * (size_t)n);
    if (placed == NULL) return STEER_GROUP_NO_MEMORY;
    steer_space plane = nm->mesh->plane;
    steer_vec3 point = a, other = b != NULL ? *b : a;
    steer_navmesh_nearest(nm->mesh, a, &point);
    if (b != NULL) steer_navmesh_nearest(nm->mesh, *b, &other);
    steer_vec3 mid = steer_scale(steer_add(point, other), 0.5f);
    if (b != NULL) steer_navmesh_nearest(nm->mesh, mid, &mid); /* a line across a wall */
    /* The way in: the members' last legs, each counted once as a unit direction. */
    steer_vec3 in = steer_v3_zero(), mean = steer_v3_zero();
    float widest = 0.0f;
    for (int i = 0; i < n; i++) {
        ways[i] = steer_nav_way_of(nm, pos[i], mid);
        steer_vec3 leg = steer_space_project(plane, steer_sub(mid, ways[i].entry));
        if (ways[i].leg && steer_length(leg) > 1e-6f) in = steer_add(in, steer_normalize(leg));
        mean = steer_add(mean, steer_scale(pos[i], 1.0f / (float)n));
        if (radii[i] > widest) widest = radii[i];
    }
    if (!(steer_length(in) > 1e-6f)) in = steer_space_project(plane, steer_sub(mid, mean));
    steer_vec3 fwd = steer_length(in) > 1e-6f ? steer_normalize(in) : steer_space_heading(plane, 0);
    steer_vec3 left = steer_cross(steer_space_up(plane), fwd);
    /* The block, laid out as if every member came in along that way, as far back as its
     * way is long (the straight-line move's own facing rule then faces it in). */
    for (int i = 0; i < n; i++) {
        float back = ways[i].length > 1.0f ? ways[i].length : 1.0f;
        virt[i] = steer_sub(mid, steer_scale(fwd, back));
    }
    steer_group_status st =
        b != NULL
            ? steer_group_move_along(plane, virt, radii, n, point, other, &p, raw, c->at, c->left)
            : steer_group_move_to(plane, virt, radii, n, point, &p, raw, c->at, c->left);
    if (st != STEER_GROUP_OK) return st;
    float spacing = 2.0f * widest + p.gap;
    steer_nav_place pl = {nm->mesh, mid, widest, spacing, NULL, 0};
    steer_vec3 *spots = virt; /* no longer needed as positions */
    steer_nav_place_spots(&pl, raw, n, fwd, left, spots, placed);
    steer_nav_assign(ways, pos, n, spots, mid, fwd, left, spacing, units, order, destinations);
    return STEER_GROUP_OK;
}
