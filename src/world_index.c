/* SPDX-License-Identifier: MIT */
/* The spatial index: a uniform grid over the agents' bounding box, folded when it is
 * too sparse for its cells (world_internal.h's steer_world_grid), filled by a counting
 * sort that also reorders the agents' arrays, rebuilt every step that needs it; and the
 * public radius query (steer/world.h). */
#include "world_internal.h"

#include "crowd_internal.h"

#include <float.h>
#include <math.h>

/* Cells along an extent, at least 1; in double so huge spreads cannot overflow. */
static double steer_world_cells_along(double extent, double cell)
{
    double n = floor(extent / cell) + 1.0;
    return n >= 1.0 && n == n ? n : 1.0;
}

/* Most cells along one axis: cell coordinates stay ints however wide the spread. */
#define STEER_WORLD_SPAN_MAX 1073741824.0

/* s^n for small n, exactly (s^n stays below 2^53 here). */
static double steer_world_power(double s, int n)
{
    double p = 1.0;
    for (int k = 0; k < n; k++) p *= s;
    return p;
}

/* The largest integer s >= 1 with s^n <= budget: the first guess from libm, corrected
 * with exact products so the grid's shape (and so the search order) never depends on
 * how a libm rounds. */
static double steer_world_root(double budget, int n)
{
    double s = floor(pow(budget, 1.0 / n));
    if (!(s >= 1.0)) s = 1.0;
    while (s > 1.0 && steer_world_power(s, n) > budget) s -= 1.0;
    while (steer_world_power(s + 1.0, n) <= budget) s += 1.0;
    return s;
}

/* The largest prime <= n (or n itself below 3): a prime count of buckets folds a regular
 * spacing of agents onto distinct buckets unless the spacing is a multiple of it. */
static int steer_world_prime_at_most(int n)
{
    if (n < 3) return n < 1 ? 1 : n;
    for (int m = n % 2 == 0 ? n - 1 : n; m > 2; m -= 2) {
        bool prime = true;
        for (int d = 3; d <= m / d && prime; d += 2) prime = m % d != 0;
        if (prime) return m;
    }
    return 2;
}

/* Fold the axes whose cells do not fit: the narrowest axes keep all their cells when
 * they fit in an equal share of the budget, the others get a prime number of buckets
 * each, about the share. */
static void steer_world_fold(steer_world_grid *g)
{
    int order[3] = {0, 1, 2};
    for (int i = 1; i < 3; i++)
        for (int k = i; k > 0 && g->span[order[k]] < g->span[order[k - 1]]; k--) {
            int t = order[k];
            order[k] = order[k - 1];
            order[k - 1] = t;
        }
    double budget = (double)g->max_cells;
    for (int k = 0; k < 3; k++) {
        int a = order[k];
        double share = steer_world_root(budget, 3 - k);
        g->dim[a] =
            (double)g->span[a] <= share ? g->span[a] : steer_world_prime_at_most((int)share);
        g->folded = g->folded || g->dim[a] < g->span[a];
        budget = floor(budget / g->dim[a]);
    }
}

/* Cells per axis over extents ex at edge *cell, grown only if an axis would need more
 * than STEER_WORLD_SPAN_MAX; returns their product. */
static double steer_world_spans(const double ex[3], double *cell, double span[3])
{
    for (int tries = 0; tries < 200; tries++) {
        double widest = 0.0;
        for (int a = 0; a < 3; a++) {
            span[a] = steer_world_cells_along(ex[a], *cell);
            widest = span[a] > widest ? span[a] : widest;
        }
        if (widest <= STEER_WORLD_SPAN_MAX) break;
        *cell *= widest / STEER_WORLD_SPAN_MAX * 1.01 + 1e-9;
    }
    return span[0] * span[1] * span[2];
}

/* Whether any recipe reads other agents through the index (steer__world_wants_index
 * also counts callbacks, whose queries' radii the world cannot know). */
static bool steer_world_recipes_look(const steer_world *w)
{
    for (int r = 0; r < w->recipe_count; r++)
        if (w->recipes[r].looks_around) return true;
    return false;
}

/* The cells, `cells` of them at edge *cell, grown until the box fits `budget` cells (two
 * per agent of capacity), so a query of any radius visits cells in proportion to the
 * agents it could find. Returns their count. */
static double steer_world_fit(const double ex[3], double *cell, double span[3], double cells,
                              double budget)
{
    for (int tries = 0; tries < 200 && cells > budget; tries++) {
        *cell *= 1.26; /* about half the cells each time in 3D */
        cells = steer_world_spans(ex, cell, span);
    }
    return cells;
}

/* Choose the cell edge and the grid's shape: the box's cells at the requested edge when
 * they fit in what was allocated, else a folded grid (steer_world_grid). Its buckets
 * then hold agents of far cells too, about N / buckets of them each, whatever the
 * cell, so a search should visit few buckets: with the automatic edge the folded grid's
 * cell is the largest radius searched (a crowd's 0.3 of it reads 5 x 5 to 8 x 8
 * buckets; on the sparse ring of bench_world's circle this halved the candidates). A
 * world whose recipes search nothing has no such radius: its grid serves the game's
 * queries, and fits the box instead (steer_world_fit). */
static void steer_world_grid_shape(steer_world *w, steer_vec3 lo, steer_vec3 hi)
{
    steer_world_grid *g = &w->grid;
    bool automatic = !(w->def.cell_size > 0.0f && steer_is_finite(w->def.cell_size));
    double cell = automatic ? (double)w->auto_cell : (double)w->def.cell_size;
    double ex[3] = {(double)hi.x - lo.x, (double)hi.y - lo.y, (double)hi.z - lo.z};
    double span[3];
    double cells = steer_world_spans(ex, &cell, span);
    if (cells > (double)g->max_cells && automatic) {
        if (!steer_world_recipes_look(w)) {
            cells = steer_world_fit(ex, &cell, span, cells, (double)g->max_cells);
        } else if ((double)w->fold_cell > cell) {
            cell = (double)w->fold_cell;
            cells = steer_world_spans(ex, &cell, span);
        }
    }
    g->origin = lo;
    g->cell = (float)cell;
    g->inv_cell = (float)(1.0 / cell);
    g->folded = false;
    for (int a = 0; a < 3; a++) g->span[a] = g->dim[a] = (int)span[a];
    if (cells > (double)g->max_cells) steer_world_fold(g);
    g->cells = g->dim[0] * g->dim[1] * g->dim[2];
}

/* The agent's forward direction as behaviours see it (steer_agent_forward), for the
 * alignment and view-cone tests of its neighbours. */
static steer_vec3 steer_world_forward(steer_vec3 vel, const steer_world_traits *y,
                                      float orientation)
{
    steer_space space = (steer_space)y->space;
    steer_vec3 f = steer_normalize(steer_space_project(space, vel));
    return steer_length_sq(f) > 0.0f ? f : steer_space_heading(space, orientation);
}

/* The crowd filter's copies of entry d's traits (steer_world_points): its radius, or -1
 * when the filter skips it as a neighbour (its velocity v or radius outside the filter's
 * domain: decided here, once per agent, rather than for every agent that finds it), its
 * recipe and its slot. */
static void steer_world_crowd_point(const steer_world_points *pt, uint32_t d, steer_vec3 v,
                                    const steer_world_traits *y)
{
    pt->radius[d] = steer__orca_in_domain(v, y->radius) ? y->radius : -1.0f;
    pt->recipe[d] = y->recipe;
    pt->slot[d] = y->slot;
}

/* How far ahead the permutation asks for the slot it will write
 * (steer__world_prefetch_slot). */
#define STEER_WORLD_PREFETCH 16

static void steer_world_scatter_range(void *ctx, int begin, int end)
{
    steer_world *w = ctx;
    int s = w->cur, o = 1 - w->cur, k = w->kept;
    /* Every array in a local: the stores below are through pointers the compiler cannot
     * tell from w's own fields, so it would load each pointer again per agent. */
    const uint32_t *restrict to = w->new_index;
    const steer_vec3 *restrict pos = w->pos[s], *restrict vel = w->vel[s];
    const steer_world_pose *restrict pose = w->pose[s];
    const steer_steering *restrict steering = w->steering[s];
    const steer_world_traits *restrict traits = w->traits[k];
    const uint32_t *restrict seen = w->neighbours[k];
    steer_vec3 *restrict pos_to = w->pos[o], *restrict vel_to = w->vel[o];
    steer_world_pose *restrict pose_to = w->pose[o];
    steer_steering *restrict steering_to = w->steering[o];
    steer_world_traits *restrict traits_to = w->traits[1 - k];
    uint32_t *restrict seen_to = w->neighbours[1 - k];
    const steer_world_owns own = w->own[k];
    steer_world_owns own_to = w->own[1 - k];
    const steer_world_points pt = w->points;
    steer_world_slot *restrict slots = w->slots;
    const bool crowds = w->crowds;
    for (int i = begin; i < end; i++) {
        uint32_t d = to[i];
        const steer_world_traits *y = &traits[i];
        int ahead = i + STEER_WORLD_PREFETCH;
        if (ahead < end && to[ahead] != (uint32_t)ahead)
            steer__world_prefetch_slot(slots, &traits[ahead]);
        steer_vec3 p = pos[i], v = vel[i];
        pos_to[d] = p;
        vel_to[d] = v;
        pose_to[d] = pose[i];
        steering_to[d] = steering[i];
        traits_to[d] = *y;
        steer_world_own mine = steer__world_owns_get(&own, i);
        steer__world_owns_put(&own_to, (int)d, &mine);
        seen_to[d] = seen[i];
        steer_vec3 f = steer_world_forward(v, y, pose[i].orientation);
        pt.fx[d] = f.x;
        pt.fy[d] = f.y;
        pt.fz[d] = f.z;
        pt.x[d] = p.x;
        pt.y[d] = p.y;
        pt.z[d] = p.z;
        pt.layer[d] = y->layer;
        if (crowds) steer_world_crowd_point(&pt, d, v, y);
        /* An agent that keeps its place (43% per step in the crossing crowd, 5% in the
         * boids) leaves its slot alone: the slot is the cache miss of this loop. */
        if (d != (uint32_t)i) slots[y->slot].dense = (int32_t)d;
    }
}

bool steer__world_wants_index(const steer_world *w)
{
    return w->callbacks > 0 || steer_world_recipes_look(w);
}

/* The grid over the agents as they are, and each agent's place in it (new_index). */
static void steer_world_grid_and_sort(steer_world *w)
{
    steer_vec3 lo = steer_v3_zero(), hi = steer_v3_zero();
    if (!steer__world_bounds(w, &lo, &hi)) lo = hi = steer_v3_zero();
    steer_world_grid_shape(w, lo, hi);
    steer__world_sort(w);
}

void steer__world_rebuild(steer_world *w)
{
    steer_world_grid_and_sort(w);
    steer__world_parallel(w, w->count, steer_world_scatter_range, w);
    w->cur = 1 - w->cur;
    w->kept = 1 - w->kept;
    w->index_valid = true;
    w->index_moved = true;
}

/* The index for queries between steps leaves the agents where they are and lists them
 * in cell order in `entry`. Putting them in that order would change results: a remove
 * fills its place with the last agent, so after it two worlds, one of which had built
 * its index, would hold their agents in different orders from then on, and every
 * neighbour sum with them. A step then rebuilds the index in its own way. */
steer_world_status steer_world_update_index(steer_world *world)
{
    STEER_ASSERT(world != NULL);
    if (world == NULL) return STEER_WORLD_INVALID;
    if (world->stepping) return STEER_WORLD_BUSY;
    if (world->index_valid) return STEER_WORLD_OK;
    steer_world_grid_and_sort(world);
    for (int i = 0; i < world->count; i++) world->entry[world->new_index[i]] = (uint32_t)i;
    world->index_valid = true;
    world->index_moved = false;
    return STEER_WORLD_OK;
}

/* ---- the public query ------------------------------------------------------------------ */

typedef struct steer_world_query_state {
    steer_vec3 centre;
    float radius, radius_sq;
    uint32_t mask;
    steer_handle *out;
    int capacity;
    int found;
} steer_world_query_state;

static void steer_world_query_visit(const steer_world *w, steer_world_query_state *q, int i)
{
    if ((steer__world_traits(w, i)->layer & q->mask) == 0u) return;
    steer_vec3 d = steer_sub(w->pos[w->cur][i], q->centre);
    float d_sq = steer_length_sq(d);
    if (!(d_sq <= q->radius_sq)) return;
    /* Both squares overflowed to infinity (radius above ~1.8e19): compare in double. */
    if (d_sq > FLT_MAX && !((double)d.x * d.x + (double)d.y * d.y + (double)d.z * d.z <=
                            (double)q->radius * q->radius))
        return;
    if (q->found < q->capacity) q->out[q->found] = steer__world_handle_of(w, i);
    q->found++;
}

/* The public query's search: the candidates of a run of buckets (steer__grid_walk; on a
 * grid that is not folded, a row of cells is one run: the sort put its agents side by
 * side, or, for an index steer_world_update_index built, listed them so in `entry`). */
typedef struct steer_world_query_walk {
    const steer_world *w;
    steer_world_query_state *q;
    const uint32_t *entry; /* place -> agent, or NULL when the agents are in the index's order */
} steer_world_query_walk;

static void steer_world_query_run(void *ctx, uint32_t begin, uint32_t end)
{
    steer_world_query_walk *walk = ctx;
    for (uint32_t k = begin; k < end; k++)
        steer_world_query_visit(walk->w, walk->q, (int)(walk->entry ? walk->entry[k] : k));
}

static void steer_world_query_grid(const steer_world *w, steer_world_query_state *q, float r)
{
    const steer_world_grid *g = &w->grid;
    steer_grid_range b = steer__grid_range(g, q->centre, r);
    steer_world_query_walk walk = {w, q, steer__world_index_in_order(w) ? NULL : w->entry};
    steer__grid_walk(g, b, steer_world_query_run, &walk);
}

int steer_world_query(const steer_world *world, steer_vec3 centre, float radius, uint32_t mask,
                      steer_handle *out, int capacity)
{
    STEER_ASSERT(world != NULL);
    if (world == NULL || !steer_v3_is_finite(centre) || !(radius >= 0.0f) ||
        !steer_is_finite(radius))
        return 0;
    int cap = out != NULL ? capacity : 0;
    steer_world_query_state q = {centre, radius, radius * radius, mask, out, cap, 0};
    if (q.capacity < 0) q.capacity = 0;
    if (world->index_valid) {
        /* The cell range is widened by a hair so rounding in centre +- radius can never
         * leave out a cell holding an agent the exact distance test accepts. */
        steer_world_query_grid(world, &q, radius * 1.0001f + 1e-6f);
    } else {
        /* Agents were added, removed or moved since the last rebuild: scan them all. */
        for (int i = 0; i < world->count; i++) steer_world_query_visit(world, &q, i);
    }
    return q.found;
}
