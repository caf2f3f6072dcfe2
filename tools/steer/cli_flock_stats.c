/* SPDX-License-Identifier: MIT */
/* cli_flock_stats.c - global and local alignment, and the flocks, of a flock's state. */
#include "cli_flock_stats.h"

#include <math.h>
#include <stdlib.h>
#include <string.h>

typedef struct cli_cells {
    const cli_scenario *s;
    const steer_agent *boids;
    int n;
    double radius, lo[2], size[2]; /* the plane's box */
    int nx, ny;
    bool wrap;
    int *start, *next; /* per cell its first boid, per boid the next in its cell; -1 ends */
    int *parent;       /* union-find of the flocks */
} cli_cells;

static double cli_stats_radius(const cli_scenario *s)
{
    double cohesion = 0;
    for (int k = 0; k < s->flock.recipe.count; k++) {
        const steer_recipe_item *it = &s->flock.recipe.items[k];
        if (it->kind == STEER_BEHAVIOUR_ALIGNMENT) return it->neighbourhood.radius;
        if (it->kind == STEER_BEHAVIOUR_COHESION) cohesion = it->neighbourhood.radius;
    }
    return cohesion > 0 ? cohesion : 7.5;
}

/* The offset from a to b, the shorter way round each wrapped axis of the plane. */
static steer_vec3 cli_stats_offset(const cli_cells *c, steer_vec3 a, steer_vec3 b)
{
    steer_vec3 d = steer_sub(b, a);
    if (!c->wrap) return d;
    const cli_scenario *s = c->s;
    float *axis[3] = {&d.x, &d.y, &d.z};
    const float lo[3] = {s->world_min.x, s->world_min.y, s->world_min.z};
    const float hi[3] = {s->world_max.x, s->world_max.y, s->world_max.z};
    for (int k = 0; k < 3; k++) {
        bool planar_up =
            (s->space == STEER_SPACE_XY && k == 2) || (s->space == STEER_SPACE_XZ && k == 1);
        float w = hi[k] - lo[k];
        if (planar_up || !(w > 0)) continue;
        if (*axis[k] > w / 2) *axis[k] -= w;
        if (*axis[k] < -w / 2) *axis[k] += w;
    }
    return d;
}

static int cli_cell_axis(double x, double lo, double size, int n)
{
    double t = (x - lo) / size * n;
    if (!(t >= 0)) return 0; /* also NaN */
    return t >= n ? n - 1 : (int)t;
}

static int cli_cell_of(const cli_cells *c, steer_vec3 p)
{
    double u, v;
    cli_plane_coords(c->s->space, p, &u, &v);
    return cli_cell_axis(v, c->lo[1], c->size[1], c->ny) * c->nx +
           cli_cell_axis(u, c->lo[0], c->size[0], c->nx);
}

static bool cli_cells_build(cli_cells *c)
{
    const cli_scenario *s = c->s;
    double u0, v0, u1, v1;
    cli_plane_coords(s->space, s->world_min, &u0, &v0);
    cli_plane_coords(s->space, s->world_max, &u1, &v1);
    c->lo[0] = u0, c->lo[1] = v0;
    c->size[0] = fmax(u1 - u0, 1e-6), c->size[1] = fmax(v1 - v0, 1e-6);
    /* cells at least one radius wide, and at most about one per boid */
    double cells = fmax(sqrt((double)c->n), 1);
    c->nx = (int)fmax(1, fmin(fmin(c->size[0] / c->radius, cells), 4096));
    c->ny = (int)fmax(1, fmin(fmin(c->size[1] / c->radius, cells), 4096));
    c->start = malloc((size_t)c->nx * (size_t)c->ny * sizeof *c->start);
    c->next = malloc((size_t)c->n * sizeof *c->next);
    c->parent = malloc((size_t)c->n * sizeof *c->parent);
    if (!c->start || !c->next || !c->parent) return false;
    memset(c->start, 0xFF, (size_t)c->nx * (size_t)c->ny * sizeof *c->start);
    for (int i = 0; i < c->n; i++) {
        int cell = cli_cell_of(c, c->boids[i].position);
        c->next[i] = c->start[cell];
        c->start[cell] = i;
        c->parent[i] = i;
    }
    return true;
}

/* The flock's boids in agents[], before their cells are built. */
static void cli_cells_init(cli_cells *c, const cli_scenario *s, const steer_agent *agents)
{
    memset(c, 0, sizeof *c);
    c->s = s;
    c->boids = agents + s->flock.first;
    c->n = s->flock.count;
    c->radius = cli_stats_radius(s);
    c->wrap = s->edges == CLI_EDGES_WRAP;
}

static void cli_cells_free(cli_cells *c)
{
    free(c->start);
    free(c->next);
    free(c->parent);
}

static int cli_find(int *parent, int i)
{
    while (parent[i] != i) i = parent[i] = parent[parent[i]];
    return i;
}

/* The distinct neighbouring cells of `x` along an axis of n cells (wrapping or not). */
static int cli_cell_span(int x, int n, bool wrap, int out[3])
{
    int count = 0;
    for (int d = -1; d <= 1; d++) {
        int y = x + d;
        if (wrap) y = (y % n + n) % n;
        if (y < 0 || y >= n) continue;
        bool seen = false;
        for (int k = 0; k < count; k++) seen |= out[k] == y;
        if (!seen) out[count++] = y;
    }
    return count;
}

/* Boid i's neighbours' summed unit headings; links i with each of them. */
static steer_vec3 cli_neighbours(cli_cells *c, int i, int *count)
{
    steer_vec3 sum = steer_v3_zero();
    int cell = cli_cell_of(c, c->boids[i].position), xs[3], ys[3];
    int nxs = cli_cell_span(cell % c->nx, c->nx, c->wrap, xs);
    int nys = cli_cell_span(cell / c->nx, c->ny, c->wrap, ys);
    for (int a = 0; a < nys; a++)
        for (int b = 0; b < nxs; b++)
            for (int j = c->start[ys[a] * c->nx + xs[b]]; j >= 0; j = c->next[j]) {
                if (j == i) continue;
                steer_vec3 d = cli_stats_offset(c, c->boids[i].position, c->boids[j].position);
                if (!(steer_length(d) < c->radius)) continue;
                sum = steer_add(sum, steer_normalize(c->boids[j].velocity));
                (*count)++;
                c->parent[cli_find(c->parent, i)] = cli_find(c->parent, j);
            }
    return sum;
}

static void cli_stats_count(cli_cells *c, const int *neighbours, cli_flock_stats *out)
{
    int *size = calloc((size_t)c->n, sizeof *size);
    if (!size) return;
    for (int i = 0; i < c->n; i++) size[cli_find(c->parent, i)]++;
    for (int i = 0; i < c->n; i++) {
        if (size[i] >= 2) out->flocks++;
        if (neighbours[i] == 0) out->alone++;
    }
    free(size);
}

/* Components ranked by size, biggest first; the lone boids 0. */
static bool cli_rank_groups(cli_cells *c, int *rank)
{
    size_t n = c->n > 0 ? (size_t)c->n : 1u;
    int *size = calloc(n, sizeof *size);
    int *order = malloc(n * sizeof *order);
    int groups = 0;
    bool ok = size && order;
    for (int i = 0; ok && i < c->n; i++) size[cli_find(c->parent, i)]++;
    for (int i = 0; ok && i < c->n; i++)
        if (c->parent[i] == i && size[i] >= 2) order[groups++] = i;
    /* insertion by size: few groups in practice, and the order must not depend on qsort */
    for (int a = 1; ok && a < groups; a++)
        for (int b = a; b > 0 && size[order[b]] > size[order[b - 1]]; b--) {
            int t = order[b];
            order[b] = order[b - 1];
            order[b - 1] = t;
        }
    for (int g = 0; ok && g < groups; g++) size[order[g]] = -(g + 1); /* rank, negated */
    for (int i = 0; ok && i < c->n; i++) {
        int s = size[cli_find(c->parent, i)];
        rank[i] = s < 0 ? -s : 0;
    }
    free(size);
    free(order);
    return ok;
}

bool cli_flock_ranks(const cli_scenario *s, const steer_agent *agents, int *rank)
{
    if (!s->flock.present || s->flock.count <= 0) return true;
    cli_cells c;
    cli_cells_init(&c, s, agents);
    bool ok = c.radius > 0 && cli_cells_build(&c);
    for (int i = 0; ok && i < c.n; i++) {
        int count = 0;
        cli_neighbours(&c, i, &count);
    }
    ok = ok && cli_rank_groups(&c, rank);
    cli_cells_free(&c);
    return ok;
}

bool cli_flock_measure(const cli_scenario *s, const steer_agent *agents, cli_flock_stats *out)
{
    memset(out, 0, sizeof *out);
    if (!s->flock.present || s->flock.count <= 0) return true;
    cli_cells c;
    cli_cells_init(&c, s, agents);
    out->radius = c.radius;
    int *neighbours = calloc((size_t)c.n, sizeof *neighbours);
    bool ok = neighbours && c.radius > 0 && cli_cells_build(&c);
    steer_vec3 all = steer_v3_zero();
    double local = 0;
    int counted = 0;
    for (int i = 0; ok && i < c.n; i++) {
        steer_vec3 mine = steer_normalize(c.boids[i].velocity);
        steer_vec3 theirs = cli_neighbours(&c, i, &neighbours[i]);
        all = steer_add(all, mine);
        if (!(steer_length_sq(theirs) > 0)) continue;
        local += steer_dot(mine, steer_normalize(theirs));
        counted++;
    }
    if (ok) {
        out->global = steer_length(all) / c.n;
        out->local = counted ? local / counted : 0.0;
        cli_stats_count(&c, neighbours, out);
    }
    free(neighbours);
    cli_cells_free(&c);
    return ok;
}
