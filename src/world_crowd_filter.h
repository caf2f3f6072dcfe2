/* SPDX-License-Identifier: MIT */
/* The world's side of the ORCA filter (world_crowd.h's steer__world_crowd): the nearest
 * neighbours from the step's snapshot, fed straight into the filter's steps
 * (crowd_filter.h). Private code in a header, static: world_crowd.c and crowd_avx2.c
 * each include it once and define their build's entry point under its own name,
 * steer__world_crowd and steer__world_crowd_avx2; src/CMakeLists.txt compiles
 * crowd_avx2.c with -mavx2. The same operations, so the same bits. */
#ifndef STEER_WORLD_CROWD_FILTER_H
#define STEER_WORLD_CROWD_FILTER_H

#include "world_crowd.h"

#include "crowd_filter.h"
#include "lanes.h"
#include "world_near.h"

/* The first neighbour search's radius as a fraction of the full one (steer_crowd_nearest).
 * The cost of a search grows with the candidates it hands over, all of which go through
 * the nearest-first list; one that finds too few costs a second, full search. A square
 * lattice of spacing 4 (the crossing benchmark) has 12 agents within 8.4 units (0.56 of
 * 15: 4 at 4, 4 at 5.7, 4 at 8) and 20 within 9 (0.6, the old fraction, adding 8 at
 * 8.9). Measured on crossing N = 20,000, 50 steps: 12.9 candidates per agent at 0.56
 * and 2.8% second searches (the lattice's edges), against 19.4 and 0.05% at 0.6; 0.5
 * (7.5) misses the ring at 8 and searches twice for 94% of agents. */
#define STEER_CROWD_FIRST 0.56f

/* The nearest agents found so far, sorted by distance; equal distances keep the index
 * order of the search, which is fixed, so the choice is deterministic. The search hands
 * over indices only (steer__world_scan); the distances are worked out here from its
 * position arrays and the searching agent's position p. */
typedef struct steer_crowd_gather {
    int cap, count;
    float d2[STEER_ORCA_MAX_NEIGHBOURS];
    int32_t j[STEER_ORCA_MAX_NEIGHBOURS];
    const steer_world_points *pt;
    float px, py, pz;
} steer_crowd_gather;

/* The squared distance of agent j, with the operations and order of the search's own
 * (world_near.h), so the same bits as steer__world_near's records. */
static inline float steer_crowd_d2(const steer_crowd_gather *g, uint32_t j)
{
    float dx = g->pt->x[j] - g->px, dy = g->pt->y[j] - g->py, dz = g->pt->z[j] - g->pz;
    return dx * dx + dy * dy + dz * dz;
}

static void steer_crowd_keep(steer_crowd_gather *g, float d2, int32_t j)
{
    if (g->count == g->cap && !(d2 < g->d2[g->cap - 1])) return;
    int k = g->count < g->cap ? g->count++ : g->cap - 1;
    for (; k > 0 && d2 < g->d2[k - 1]; k--) {
        g->d2[k] = g->d2[k - 1];
        g->j[k] = g->j[k - 1];
    }
    g->d2[k] = d2;
    g->j[k] = j;
}

/* The batch one candidate at a time (steer_crowd_keep). Most are further than the
 * furthest kept: rejected on one compare. */
static void steer_crowd_insert(steer_crowd_gather *g, const uint32_t *idx, int n)
{
    float limit = g->count == g->cap ? g->d2[g->cap - 1] : HUGE_VALF;
    for (int q = 0; q < n; q++) {
        float d2 = steer_crowd_d2(g, idx[q]);
        if (d2 >= limit) continue;
        steer_crowd_keep(g, d2, (int32_t)idx[q]);
        if (g->count == g->cap) limit = g->d2[g->cap - 1];
    }
}

#if STEER_LANES
/* Most entries steer_crowd_rank orders at once: the kept list and a batch's candidates,
 * each padded to whole groups of four. */
#define STEER_CROWD_RANK_MAX 32
_Static_assert(STEER_CROWD_RANK_MAX <= STEER_ORCA_MAX_NEIGHBOURS, "every rank has a place");

/* The batch's candidates from key[m], at[m] on, four at a time: their squared distances
 * (steer_crowd_d2's arithmetic, lane by lane) and indices, each group written in one
 * store (the ranking reads it back as one load, which a store of one lane at a time
 * would hold up) and the lanes past n +inf. Returns the new m. */
static int steer_crowd_line_up_batch(const steer_crowd_gather *g, const uint32_t *idx, int n,
                                     float *key, int32_t *at, int m)
{
    const steer_world_points *pt = g->pt;
    const steer_f4 px = steer_f4_splat(g->px), py = steer_f4_splat(g->py);
    const steer_f4 pz = steer_f4_splat(g->pz), far = steer_f4_splat(HUGE_VALF);
    const steer_i4 lane = {0, 1, 2, 3}, end = {n, n, n, n};
    for (int q0 = 0; q0 < n; q0 += 4, m += 4) {
        /* Lanes past n repeat the group's first. Built whole: setting one lane at a time
         * goes through memory (x86-64 without SSE4.1 has no lane insert). */
        const uint32_t c0 = idx[q0], c1 = idx[q0 + 1 < n ? q0 + 1 : q0];
        const uint32_t c2 = idx[q0 + 2 < n ? q0 + 2 : q0], c3 = idx[q0 + 3 < n ? q0 + 3 : q0];
        const steer_i4 j = {(int32_t)c0, (int32_t)c1, (int32_t)c2, (int32_t)c3};
        const steer_f4 x = {pt->x[c0], pt->x[c1], pt->x[c2], pt->x[c3]};
        const steer_f4 y = {pt->y[c0], pt->y[c1], pt->y[c2], pt->y[c3]};
        const steer_f4 z = {pt->z[c0], pt->z[c1], pt->z[c2], pt->z[c3]};
        steer_f4 dx = x - px, dy = y - py, dz = z - pz;
        steer_f4 d2 = dx * dx + dy * dy + dz * dz;
        d2 = steer_f4_select(lane + (steer_i4){q0, q0, q0, q0} < end, d2, far);
        memcpy(key + m, &d2, sizeof d2);
        memcpy(at + m, &j, sizeof j);
    }
    return m;
}

/* v with its lanes turned: lane l gets lane (l + r) % 4 of v (r = 1, 2, 3). */
#if defined(__clang__) || __GNUC__ >= 12
#define STEER_CROWD_TURN(v, r)                                                                     \
    __builtin_shufflevector(v, v, r, (r + 1) % 4, (r + 2) % 4, (r + 3) % 4)
#else
#define STEER_CROWD_TURN(v, r)                                                                     \
    __builtin_shuffle(v, (steer_i4){r, (r + 1) % 4, (r + 2) % 4, (r + 3) % 4})
#endif

/* The ranks of entries [q0, q0 + 4) of key[0, m) (steer_crowd_rank): how many entries
 * come before each, nearer or equally near and earlier. Four entries are compared with
 * four others at a time, the other four turned a lane at a time. Groups before q0 come
 * first when equally near, groups after it after; within its own group an entry
 * compared with a turned lane that wrapped round is an earlier one. True lanes of a
 * comparison are -1, so subtracting counts them. */
static steer_i4 steer_crowd_ranks(const float *key, int m, int q0)
{
    const steer_f4 kq = steer_f4_load(key + q0);
    steer_i4 rank = {0, 0, 0, 0};
    for (int p0 = 0; p0 < q0; p0 += 4) {
        const steer_f4 kp = steer_f4_load(key + p0);
        rank -= kp <= kq;
        rank -= STEER_CROWD_TURN(kp, 1) <= kq;
        rank -= STEER_CROWD_TURN(kp, 2) <= kq;
        rank -= STEER_CROWD_TURN(kp, 3) <= kq;
    }
    const steer_i4 wrap1 = {0, 0, 0, -1}, wrap2 = {0, 0, -1, -1}, wrap3 = {0, -1, -1, -1};
    const steer_f4 t1 = STEER_CROWD_TURN(kq, 1), t2 = STEER_CROWD_TURN(kq, 2);
    const steer_f4 t3 = STEER_CROWD_TURN(kq, 3);
    rank -= (t1 < kq) | ((t1 == kq) & wrap1);
    rank -= (t2 < kq) | ((t2 == kq) & wrap2);
    rank -= (t3 < kq) | ((t3 == kq) & wrap3);
    for (int p0 = q0 + 4; p0 < m; p0 += 4) {
        const steer_f4 kp = steer_f4_load(key + p0);
        rank -= kp < kq;
        rank -= STEER_CROWD_TURN(kp, 1) < kq;
        rank -= STEER_CROWD_TURN(kp, 2) < kq;
        rank -= STEER_CROWD_TURN(kp, 3) < kq;
    }
    return rank;
}

/* steer_crowd_insert for a batch that fits STEER_CROWD_RANK_MAX with the kept list (false,
 * nothing done, when it does not), without a branch on the data. The insertion's
 * branches (where does it go, is it near enough) were mispredicted about 11 times per
 * agent-step of the crossing (simulated). Here each entry's place is its rank: the
 * entries nearer than it plus the equally near ones before it (the kept list first,
 * then the batch in search order), counted sixteen pairs at a time. That is the order
 * the insertion builds, so the list is the same. Every candidate is ranked, with +inf
 * between the kept list and the batch and after the batch to fill whole groups: a
 * candidate the insertion would have turned away (no nearer than a full list's last)
 * ranks after the whole list, and the padding after every real entry, so the first
 * `cap` places are the insertion's. */
static bool steer_crowd_rank(steer_crowd_gather *g, const uint32_t *idx, int n)
{
    int kept = (g->count + 3) & ~3;
    if (kept + ((n + 3) & ~3) > STEER_CROWD_RANK_MAX) return false;
    float key[STEER_CROWD_RANK_MAX];
    int32_t at[STEER_CROWD_RANK_MAX];
    if (g->count > 0) { /* whole arrays: a fixed copy, no call */
        memcpy(key, g->d2, sizeof g->d2);
        memcpy(at, g->j, sizeof g->j);
        for (int q = g->count; q < kept; q++) key[q] = HUGE_VALF;
    }
    int m = steer_crowd_line_up_batch(g, idx, n, key, at, kept);
    for (int q0 = 0; q0 < m; q0 += 4) {
        steer_i4 rank = steer_crowd_ranks(key, m, q0);
        /* Ranks are distinct and below m <= STEER_CROWD_RANK_MAX: the list's arrays
         * take them all, and only the first count count. */
        for (int l = 0; l < 4; l++) {
            g->d2[rank[l]] = key[q0 + l];
            g->j[rank[l]] = at[q0 + l];
        }
    }
    int count = g->count + n;
    g->count = count < g->cap ? count : g->cap;
    return true;
}
#endif

static void steer_crowd_take(void *ctx, const uint32_t *idx, int n)
{
    steer_crowd_gather *g = ctx;
#if STEER_LANES
    if (steer_crowd_rank(g, idx, n)) return;
#endif
    steer_crowd_insert(g, idx, n);
}

/* The `cap` nearest agents within `radius`. A first search within STEER_CROWD_FIRST of the
 * radius is enough when it finds `cap` of them (anyone beyond is further than all of
 * them), and it visits under a third of the area: in a dense crowd it nearly always is.
 * An agent that had fewer than `cap` others in reach last step goes straight to the full
 * search: in a sparse crowd (a ring, a queue) the first would nearly always fall short,
 * and cost 14% of the step for nothing. Neither choice changes anything but the cost:
 * whichever search answers, the list is the `cap` nearest with ties in search order. */
static void steer_crowd_nearest(const steer_world *w, int i, uint32_t mask, float radius, int cap,
                                steer_crowd_gather *g)
{
    g->cap = cap < STEER_ORCA_MAX_NEIGHBOURS ? cap : STEER_ORCA_MAX_NEIGHBOURS;
    g->count = 0;
    if (g->cap <= 0 || !(radius > 0.0f) || !steer_is_finite(radius)) return;
    g->pt = &w->points;
    g->px = w->points.x[i];
    g->py = w->points.y[i];
    g->pz = w->points.z[i];
    if (w->neighbours[w->kept][i] >= (uint32_t)g->cap) {
        steer__world_scan_inline(w, i, radius * STEER_CROWD_FIRST, mask, steer_crowd_take, g);
        if (g->count == g->cap) return;
        g->count = 0;
    }
    steer__world_scan_inline(w, i, radius, mask, steer_crowd_take, g);
}

/* The weight the filter gives an agent on recipe r: agents without the ORCA filter do
 * not give way, so they count as responsibility 0 (the other does all of it). */
static float steer_crowd_weight(const steer_world *w, int32_t r)
{
    return r >= 0 && w->recipes[r].recipe.crowd ? w->recipes[r].recipe.orca.responsibility : 0.0f;
}

/* The gathered neighbours handed to the ORCA filter f from agent i's point of view
 * (steer_crowd_of in the filter's form), each filed as it is read (crowd_near.h: no
 * records written and read back). One is skipped, as steer_orca_velocity skips it, when
 * its velocity or radius is outside the filter's domain (steer__orca_in_domain; agents
 * without the filter may go faster than its domain): the index marks it so, with a
 * radius of -1, once per agent when it is built. The offset is taken from the search's position
 * arrays, the same floats as the snapshot's positions, with the subtraction
 * steer_orca_velocity does: the same bits as through a steer_crowd_view. The position
 * itself is finite: the search only hands over agents at a finite distance. The radius,
 * recipe and slot come from the index's copies of the bodies' (world_index.c writes them
 * with the positions): the records then read no body, which cost a cache line per
 * neighbour for three fields. */
static void steer_crowd_feed(const steer_world *w, int i, steer_space space,
                             const steer_crowd_gather *g, steer_orca_filter *f)
{
    const steer_world_points *pt = &w->points; /* the radius, recipe and slot too */
    const steer_vec3 *vel = w->vel[w->cur];
    /* The plane's axes (steer__v2_from): only they are subtracted. */
    const float *pa = pt->x, *pb = space == STEER_SPACE_XY ? pt->y : pt->z;
    const float a = pa[i], b = pb[i];
    int32_t recipe = -1; /* neighbours mostly share a recipe: look its weight up once */
    float weight = steer__orca_weight(steer_crowd_weight(w, recipe));
    steer_orca_adder add = steer__orca_adder(f);
    for (int k = 0; k < g->count; k++) {
        int32_t j = g->j[k];
        steer_vec3 v = vel[j];
        float radius = pt->radius[j];
        if (pt->recipe[j] != recipe) {
            recipe = pt->recipe[j];
            weight = steer__orca_weight(steer_crowd_weight(w, recipe));
        }
        if (!(radius >= 0.0f)) continue; /* outside the domain (world_index.c) */
        steer_orca_near nb;
        nb.rel_p = steer__v2(pa[j] - a, pb[j] - b);
        nb.vel = steer__v2_from(space, v);
        nb.radius = radius;
        nb.responsibility = weight;
        nb.id = pt->slot[j];
        steer__orca_file(f, &add, &nb);
    }
    steer__orca_adder_done(f, &add);
}

/* The velocity the agent's steering would reach this step, as the integrator computes
 * it (steer/integrate.h), before the speed limit; and in *wanted, where that steering
 * leads: the same acceleration kept up for as long as it takes the agent to reach full
 * speed from rest (max_speed / max_accel; at least the step), within max_speed. With a
 * limited acceleration the first is only a step's worth of change, nearly the current
 * velocity; the keep-right rule reads the second, so an agent held against a wall leans
 * by what it wants, not by a step of it (docs/crowd.md). */
static steer_vec3 steer_crowd_preferred(const steer_agent *a, steer_vec3 linear, float dt,
                                        steer_vec3 *wanted)
{
    steer_vec3 accel;
    float lead = dt;
    if (a->model == STEER_MODEL_REYNOLDS) {
        float mass = a->mass > 0.0f && steer_is_finite(a->mass) ? a->mass : 1.0f;
        accel = steer_scale(steer_truncate(linear, a->max_force), 1.0f / mass);
        dt = 1.0f;
        lead = dt;
    } else {
        accel = steer_truncate(linear, a->max_accel);
        float reach = a->max_speed / a->max_accel;
        if (reach > lead && steer_is_finite(reach)) lead = reach;
    }
    if (!steer_v3_is_finite(accel)) accel = steer_v3_zero();
    accel = steer_space_project(a->space, accel);
    *wanted = steer_truncate(steer_add_scaled(a->velocity, accel, lead), a->max_speed);
    return steer_add_scaled(a->velocity, accel, dt);
}

/* Most navmesh edges one agent's filter gathers as walls (steer_crowd_mesh_walls): room
 * for twice the walls the solver takes (STEER_ORCA_MAX_SEGMENTS, the nearest of them), on
 * the worker's stack, so nothing is allocated. */
#define STEER_CROWD_MESH_WALLS (2 * STEER_ORCA_MAX_SEGMENTS)

/* The time horizon, seconds, of a navigating agent's mesh walls: the recipe's
 * time_horizon_obstacles when shorter. A path hugs the walls it turns round, and ORCA's
 * usual 10 s had the agents brake for every wall they walked along (half as many
 * arrived in bench_navigate, at twice the cost a step); 1 s keeps them on the mesh. */
#define STEER_CROWD_MESH_HORIZON 1.0f

/* Whether a wall segment lies on another floor than an agent at height h (steer_world_def.
 * floor_clearance `clear` > 0 along the axis `up` picks: 1 y, 2 z): both ends more than the
 * clearance above it, or both more below. */
static bool steer_crowd_wall_elsewhere(const steer_segment *s, int up, float h, float clear)
{
    float a = up == 1 ? s->a.y : s->a.z, b = up == 1 ? s->b.y : s->b.z;
    return (a - h > clear && b - h > clear) || (h - a > clear && h - b > clear);
}

/* The boundary edges of the navmesh the agent's recipe navigates on (recipe->nav_item)
 * within its wall reach, into out; returns the count. Edges on other floors are dropped
 * (steer_crowd_wall_elsewhere). When more come within the reach than fit, the reach is
 * halved until they fit: the nearest ones are the ones that matter (the filter takes the
 * nearest STEER_ORCA_MAX_SEGMENTS), and the tree's order would otherwise decide which
 * are dropped. The mesh and the agent's position alone decide the list, so it is the same
 * for any split of the work. */
static int steer_crowd_mesh_walls(const steer_world *w, int i, const steer_agent *agent,
                                  const steer_world_recipe *recipe, float reach, steer_segment *out)
{
    if (recipe->nav_item < 0) return 0;
    const steer_recipe_item *it = &recipe->recipe.items[recipe->nav_item];
    const steer_world_navmesh *nm =
        steer__world_resource(w, it->resource, STEER_WORLD_RESOURCE_NAVMESH);
    if (nm == NULL || !(reach > 0.0f)) return 0;
    bool more = true;
    int n = 0;
    for (int tries = 0; more && tries < 8; tries++, reach *= 0.5f)
        n = steer_navmesh_walls_near(nm->mesh, agent->position, reach, out, STEER_CROWD_MESH_WALLS,
                                     &more);
    float clear = steer__world_floor_clearance(w);
    if (!(clear > 0.0f)) return n;
    int up = agent->space == STEER_SPACE_XY ? 2 : 1;
    float h = up == 1 ? w->points.y[i] : w->points.z[i];
    int kept = 0;
    for (int k = 0; k < n; k++)
        if (!steer_crowd_wall_elsewhere(&out[k], up, h, clear)) out[kept++] = out[k];
    return kept;
}

/* steer__world_crowd's work (world_crowd.h), for the build that includes this. */
static void steer_world_crowd_filter(const steer_world *w, int i, steer_agent *agent,
                                     const steer_world_traits *traits, steer_world_pose *pose,
                                     const steer_world_recipe *recipe, steer_steering *out,
                                     uint32_t *seen)
{
    const steer_orca_params *p = &recipe->recipe.orca;
    steer_crowd_gather g;
    steer_crowd_nearest(w, i, traits->mask, p->neighbour_dist, p->max_neighbours, &g);
    float dt = agent->model == STEER_MODEL_REYNOLDS ? 1.0f : w->dt;
    steer_vec3 wanted;
    steer_vec3 pref = steer_crowd_preferred(agent, out->linear, w->dt, &wanted);
    if (recipe->settle_item >= 0 &&
        steer__world_settle(w, i, agent, traits, pose, recipe, g.j, g.count))
        pref = wanted = steer_v3_zero(); /* arrived: it stops pressing for its goal */
    /* steer_orca_velocity over the view of these neighbours and the walls, without
     * building the view: the neighbours go to the filter as they are read. */
    steer_orca_filter f;
    steer_vec3 v = steer_v3_zero();
    if (steer_orca_begin(&f, agent, pref, &wanted, p, traits->slot, dt)) {
        steer_crowd_feed(w, i, agent->space, &g, &f);
        /* A navigating agent also keeps off its mesh's boundary (docs/navigation.md),
         * looking at most STEER_CROWD_MESH_HORIZON ahead: its way runs along those walls.
         * A compare, not libm's fmaxf (inv_tau_obst is finite): an SSE call from inside
         * the AVX-512 build can pay for a dirty upper register half on Intel
         * (avx512_leave.h, which cleans up only when the build returns). */
        const float mesh_floor = 1.0f / STEER_CROWD_MESH_HORIZON;
        float mesh_inv_tau = f.s.inv_tau_obst > mesh_floor ? f.s.inv_tau_obst : mesh_floor;
        steer_segment mesh[STEER_CROWD_MESH_WALLS];
        int mesh_count = steer_crowd_mesh_walls(w, i, agent, recipe,
                                                steer_orca_wall_reach(&f, mesh_inv_tau), mesh);
        v = steer_orca_end(&f, w->walls, w->wall_count, mesh, mesh_count, mesh_inv_tau);
    }
    agent->velocity = v;
    *seen = (uint32_t)g.count;
    out->linear = steer_v3_zero();
}

#endif /* STEER_WORLD_CROWD_FILTER_H */
