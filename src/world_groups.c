/* SPDX-License-Identifier: MIT */
/* The world's group calls: group move-to and formations over a set of handles. They read
 * the agents, run the library's group functions (steer/formation.h) and set targets. */
#include "world_group_navigate.h"

/* In-place heap sort of slot indices, to find an agent named twice without a table the
 * size of the world. */
static void steer_sift_index(uint32_t *h, int root, int n)
{
    for (;;) {
        int child = 2 * root + 1;
        if (child >= n) return;
        if (child + 1 < n && h[child] < h[child + 1]) child++;
        if (h[root] >= h[child]) return;
        uint32_t t = h[root];
        h[root] = h[child];
        h[child] = t;
        root = child;
    }
}

static bool steer_has_duplicate(uint32_t *idx, int n)
{
    for (int k = n / 2; k-- > 0;) steer_sift_index(idx, k, n);
    for (int end = n; end-- > 1;) {
        uint32_t t = idx[0];
        idx[0] = idx[end];
        idx[end] = t;
        steer_sift_index(idx, 0, end);
    }
    for (int k = 1; k < n; k++)
        if (idx[k] == idx[k - 1]) return true;
    return false;
}

/* Every handle live and named once (the anchor, when given, among them); the agents'
 * states read into `agents` (may be NULL). */
static steer_group_status steer_group_read(const steer_world *w, const steer_handle *h, int n,
                                           const steer_handle *anchor, steer_agent *agents,
                                           steer_carve *c)
{
    if (w->stepping) return STEER_GROUP_BUSY;
    int total = n + (anchor != NULL ? 1 : 0);
    uint32_t *idx = steer__carve(c, sizeof(uint32_t) * (size_t)total);
    if (idx == NULL) return STEER_GROUP_NO_MEMORY;
    for (int i = 0; i < total; i++) {
        steer_handle one = i < n ? h[i] : *anchor;
        steer_agent a;
        if (steer_world_get_agent(w, one, &a) != STEER_WORLD_OK) return STEER_GROUP_STALE;
        if (agents != NULL && i < n) agents[i] = a;
        idx[i] = one.index;
    }
    return steer_has_duplicate(idx, total) ? STEER_GROUP_DUPLICATE : STEER_GROUP_OK;
}

static steer_group_status steer_group_check_args(const steer_world *w, const steer_handle *h, int n)
{
    STEER_ASSERT(w != NULL);
    if (w == NULL || h == NULL) return STEER_GROUP_EMPTY;
    if (n > STEER_GROUP_MAX) return STEER_GROUP_INVALID;
    return n < 1 ? STEER_GROUP_EMPTY : STEER_GROUP_OK;
}

size_t steer_world_group_workspace_size(int count, const steer_group_move_params *params)
{
    size_t move = steer_group_move_workspace_size(count, params);
    if (move == 0) return 0;
    size_t own = (size_t)count *
                 (sizeof(steer_agent) + sizeof(steer_vec3) * 2 + sizeof(float) + sizeof(uint32_t));
    return move + own + steer__world_group_nav_size(count) + 6 * 8 + 8;
}

/* The agents' positions and radii, then the move (to a point, or along a to b). */
static steer_group_status steer_world_move(steer_world *w, const steer_handle *h, int n,
                                           steer_vec3 a, const steer_vec3 *b,
                                           const steer_group_move_params *params,
                                           steer_vec3 *destinations, void *work, size_t size)
{
    steer_group_status st = steer_group_check_args(w, h, n);
    if (st != STEER_GROUP_OK) return st;
    size_t need = steer_world_group_workspace_size(n, params);
    if (work == NULL || need == 0 || size < need) return STEER_GROUP_NO_MEMORY;
    steer_carve c = steer__carve_start(work, size);
    steer_agent *agents = steer__carve(&c, sizeof(steer_agent) * (size_t)n);
    steer_vec3 *pos = steer__carve(&c, sizeof(steer_vec3) * (size_t)n);
    steer_vec3 *spots = steer__carve(&c, sizeof(steer_vec3) * (size_t)n);
    float *radii = steer__carve(&c, sizeof(float) * (size_t)n);
    st = steer_group_read(w, h, n, NULL, agents, &c);
    if (st != STEER_GROUP_OK) return st;
    for (int i = 0; i < n; i++) {
        pos[i] = agents[i].position;
        radii[i] = agents[i].radius;
    }
    steer_space space = agents[0].space;
    const steer_world_navmesh *nm = steer__world_group_navmesh(w, h[0]);
    if (nm != NULL)
        st = steer__world_group_nav_move(nm, pos, radii, n, a, b, params, spots, &c);
    else
        st = b != NULL
                 ? steer_group_move_along(space, pos, radii, n, a, *b, params, spots, c.at, c.left)
                 : steer_group_move_to(space, pos, radii, n, a, params, spots, c.at, c.left);
    if (st != STEER_GROUP_OK) return st;
    for (int i = 0; i < n; i++) {
        steer_world_set_target(w, h[i], spots[i]);
        if (destinations != NULL) destinations[i] = spots[i];
    }
    return STEER_GROUP_OK;
}

steer_group_status steer_world_group_move(steer_world *world, const steer_handle *agents, int count,
                                          steer_vec3 point, const steer_group_move_params *params,
                                          steer_vec3 *destinations, void *work, size_t work_size)
{
    return steer_world_move(world, agents, count, point, NULL, params, destinations, work,
                            work_size);
}

steer_group_status steer_world_group_move_along(steer_world *world, const steer_handle *agents,
                                                int count, steer_vec3 a, steer_vec3 b,
                                                const steer_group_move_params *params,
                                                steer_vec3 *destinations, void *work,
                                                size_t work_size)
{
    return steer_world_move(world, agents, count, a, &b, params, destinations, work, work_size);
}

size_t steer_world_formation_workspace_size(int count, int slot_count)
{
    size_t assign = steer_assign_workspace_size(count, slot_count);
    if (count < 1 || slot_count < 1 || assign == 0) return 0;
    size_t own = (size_t)count * (sizeof(steer_agent) + sizeof(steer_vec3) + sizeof(int) +
                                  sizeof(uint32_t) * 2) +
                 (size_t)slot_count * (sizeof(steer_vec3) + sizeof(unsigned));
    return assign + own + 8 * 8 + 8;
}

steer_group_status steer_world_formation_assign(steer_world *world, steer_handle anchor,
                                                const steer_handle *members, int count,
                                                const unsigned *member_roles,
                                                const steer_formation_slot *slots, int slot_count,
                                                int *slot_of, bool reoptimise, int *changed,
                                                void *work, size_t work_size)
{
    steer_group_status st = steer_group_check_args(world, members, count);
    if (st != STEER_GROUP_OK) return st;
    if (slots == NULL || slot_of == NULL || slot_count < 1) return STEER_GROUP_EMPTY;
    if (slot_count > STEER_GROUP_MAX) return STEER_GROUP_INVALID;
    if (count > slot_count) return STEER_GROUP_TOO_MANY;
    size_t need = steer_world_formation_workspace_size(count, slot_count);
    if (work == NULL || need == 0 || work_size < need) return STEER_GROUP_NO_MEMORY;
    steer_carve c = steer__carve_start(work, work_size);
    steer_agent *agents = steer__carve(&c, sizeof(steer_agent) * (size_t)count);
    steer_vec3 *pos = steer__carve(&c, sizeof(steer_vec3) * (size_t)count);
    steer_vec3 *points = steer__carve(&c, sizeof(steer_vec3) * (size_t)slot_count);
    unsigned *roles = steer__carve(&c, sizeof(unsigned) * (size_t)slot_count);
    int *result = steer__carve(&c, sizeof(int) * (size_t)count);
    st = steer_group_read(world, members, count, &anchor, agents, &c);
    if (st != STEER_GROUP_OK) return st;
    steer_agent lead;
    steer_world_get_agent(world, anchor, &lead);
    for (int j = 0; j < slot_count; j++) {
        if (!steer_v3_is_finite(slots[j].offset)) return STEER_GROUP_INVALID;
        points[j] = steer_formation_slot_position(lead.space, lead.position, lead.orientation,
                                                  slots[j].offset);
        roles[j] = slots[j].role;
    }
    for (int i = 0; i < count; i++) {
        pos[i] = agents[i].position;
        result[i] = reoptimise ? -1 : slot_of[i];
    }
    steer_assign_input in = {pos, member_roles, count, points, roles, slot_count};
    st = steer_assign_keep(&in, result, NULL, c.at, c.left);
    if (st != STEER_GROUP_OK && st != STEER_GROUP_ROLES) return st;
    int moved = 0;
    for (int i = 0; i < count; i++) {
        moved += result[i] != slot_of[i] ? 1 : 0;
        slot_of[i] = result[i];
        steer_world_set_target_agent(world, members[i], anchor);
        steer_world_set_target(world, members[i], slots[result[i]].offset);
    }
    if (changed != NULL) *changed = moved;
    return st;
}

steer_group_status
steer_world_formation_pace(steer_world *world, steer_handle anchor, const steer_handle *members,
                           int count, const steer_formation_slot *slots, int slot_count,
                           const int *slot_of, float cruise_speed, float turn_rate,
                           const steer_formation_pace_params *params, float *factor)
{
    steer_group_status st = steer_group_check_args(world, members, count);
    if (st != STEER_GROUP_OK) return st;
    if (slots == NULL || slot_of == NULL) return STEER_GROUP_EMPTY;
    if (!steer_is_finite(cruise_speed) || cruise_speed < 0.0f) return STEER_GROUP_INVALID;
    if (world->stepping) return STEER_GROUP_BUSY;
    steer_agent lead;
    if (steer_world_get_agent(world, anchor, &lead) != STEER_WORLD_OK) return STEER_GROUP_STALE;
    float worst = 0.0f;
    for (int i = 0; i < count; i++) {
        steer_agent a;
        if (slot_of[i] < 0 || slot_of[i] >= slot_count) return STEER_GROUP_INVALID;
        if (steer_world_get_agent(world, members[i], &a) != STEER_WORLD_OK)
            return STEER_GROUP_STALE;
        steer_vec3 p = steer_formation_slot_position(lead.space, lead.position, lead.orientation,
                                                     slots[slot_of[i]].offset);
        /* one member at a time through the library's own rule: the worst lag decides */
        float d = steer_distance(a.position, p);
        if (d > worst) worst = d;
    }
    steer_vec3 zero = steer_v3_zero(), far = steer_v3(worst, 0.0f, 0.0f);
    float f = steer_formation_pace(&zero, &far, 1, params);
    /* Only the limits change, and the spatial index holds neither: written in place, the
     * index stays valid (steer_world_set_agent would mark it stale, and a crowd world
     * would then rebuild it before the next step as well as after). */
    steer_world_traits *y = &world->traits[world->kept][steer__world_slot(world, anchor)->dense];
    y->max_speed = cruise_speed * f;
    if (steer_is_finite(turn_rate) && turn_rate > 0.0f) y->max_rotation = turn_rate * f;
    if (factor != NULL) *factor = f;
    return STEER_GROUP_OK;
}
