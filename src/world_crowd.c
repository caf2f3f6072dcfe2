/* The world's crowd features: the ORCA filter and predictive avoidance against the step's
 * snapshot (world_crowd.h, docs/crowd.md). */
#include "world_crowd.h"

#include "crowd_internal.h"

/* The nearest agents found so far, sorted by distance; equal distances keep the index
 * order of the search, which is fixed, so the choice is deterministic. */
typedef struct steer_crowd_gather {
    int cap, count;
    float d2[STEER_ORCA_MAX_NEIGHBOURS];
    int32_t j[STEER_ORCA_MAX_NEIGHBOURS];
} steer_crowd_gather;

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

static void steer_crowd_take(void *ctx, const steer_world_near *near, int n)
{
    steer_crowd_gather *g = ctx;
    /* Most candidates are further than the furthest kept: reject them on one compare
     * against a local (NaN still reaches steer_crowd_keep, as before). */
    float limit = g->count == g->cap ? g->d2[g->cap - 1] : HUGE_VALF;
    for (int q = 0; q < n; q++) {
        if (near[q].d2 >= limit) continue;
        steer_crowd_keep(g, near[q].d2, near[q].j);
        if (g->count == g->cap) limit = g->d2[g->cap - 1];
    }
}

/* The `cap` nearest agents within `radius`. A first search within 0.6 of the radius is
 * enough when it finds `cap` of them (anyone beyond is further than all of them), and
 * it visits a third of the area: in a crowd it nearly always is (a square lattice of
 * spacing 4 has 12 agents within 9 units, 8 within 7.5). */
static void steer_crowd_nearest(const steer_world *w, int i, uint32_t mask, float radius, int cap,
                                steer_crowd_gather *g)
{
    g->cap = cap < STEER_ORCA_MAX_NEIGHBOURS ? cap : STEER_ORCA_MAX_NEIGHBOURS;
    g->count = 0;
    if (g->cap <= 0 || !(radius > 0.0f) || !steer_is_finite(radius)) return;
    steer__world_near(w, i, radius * 0.6f, mask, steer_crowd_take, g);
    if (g->count == g->cap) return;
    g->count = 0;
    steer__world_near(w, i, radius, mask, steer_crowd_take, g);
}

/* Agent j of the snapshot as the crowd functions see it. Agents without the ORCA filter
 * do not give way, so they count as responsibility 0: the other does all of it. */
static steer_crowd_neighbour steer_crowd_of(const steer_world *w, int32_t j)
{
    const steer_world_body *b = &w->body[w->cur][j];
    steer_crowd_neighbour nb;
    nb.position = w->pos[w->cur][j];
    nb.velocity = w->vel[w->cur][j];
    nb.radius = b->radius;
    nb.responsibility = 0.0f;
    if (b->recipe >= 0 && w->recipes[b->recipe].recipe.crowd)
        nb.responsibility = w->recipes[b->recipe].recipe.orca.responsibility;
    nb.id = b->slot;
    return nb;
}

/* Agent j as the ORCA filter reads it from agent i's point of view (steer_crowd_of in the
 * filter's form); false when it is skipped, as steer_orca_velocity skips a neighbour with
 * a velocity or radius it cannot use. The offset is taken from the search's position
 * arrays, the same floats as the snapshot's positions, with the subtraction
 * steer_orca_velocity does: the same bits as through a steer_crowd_view. The position
 * itself is finite: the search only hands over agents at a finite distance. */
static bool steer_crowd_near(const steer_world *w, int i, int32_t j, steer_space space,
                             steer_orca_near *out)
{
    const steer_world_points *pt = &w->points;
    const steer_world_body *b = &w->body[w->cur][j];
    steer_vec3 v = w->vel[w->cur][j];
    if (!(steer_v3_is_finite(v) && b->radius >= 0.0f && steer_is_finite(b->radius))) return false;
    steer_vec3 o = steer_v3(pt->x[j] - pt->x[i], pt->y[j] - pt->y[i], pt->z[j] - pt->z[i]);
    out->rel_p = steer__v2_from(space, o);
    out->vel = steer__v2_from(space, v);
    out->radius = b->radius;
    out->responsibility = 0.0f;
    if (b->recipe >= 0 && w->recipes[b->recipe].recipe.crowd)
        out->responsibility = w->recipes[b->recipe].recipe.orca.responsibility;
    out->id = b->slot;
    return true;
}

/* The velocity the agent's steering would reach this step, as the integrator computes
 * it (steer/integrate.h), before the speed limit; and in *wanted, where that steering
 * leads: the same acceleration kept up for as long as it takes the agent to reach full
 * speed from rest (max_speed / max_accel; at least the step), within max_speed. With a
 * limited acceleration the first is only a step's worth of change, nearly the current
 * velocity; the keep-right rule reads the second, so an agent held against a wall leans
 * by what it wants, not by a step of it (docs/crowd.md). */
static steer_vec3 steer_crowd_preferred(const steer_agent *a, steer_steering out, float dt,
                                        steer_vec3 *wanted)
{
    steer_vec3 accel;
    float lead = dt;
    if (a->model == STEER_MODEL_REYNOLDS) {
        float mass = a->mass > 0.0f && steer_is_finite(a->mass) ? a->mass : 1.0f;
        accel = steer_scale(steer_truncate(out.linear, a->max_force), 1.0f / mass);
        dt = 1.0f;
        lead = dt;
    } else {
        accel = steer_truncate(out.linear, a->max_accel);
        float reach = a->max_speed / a->max_accel;
        if (reach > lead && steer_is_finite(reach)) lead = reach;
    }
    if (!steer_v3_is_finite(accel)) accel = steer_v3_zero();
    accel = steer_space_project(a->space, accel);
    *wanted = steer_truncate(steer_add_scaled(a->velocity, accel, lead), a->max_speed);
    return steer_add_scaled(a->velocity, accel, dt);
}

steer_steering steer__world_crowd(const steer_world *w, int i, steer_agent *agent,
                                  const steer_world_body *body, const steer_world_recipe *recipe,
                                  steer_steering out, uint32_t *seen)
{
    const steer_orca_params *p = &recipe->recipe.orca;
    steer_crowd_gather g;
    steer_crowd_nearest(w, i, body->mask, p->neighbour_dist, p->max_neighbours, &g);
    float dt = agent->model == STEER_MODEL_REYNOLDS ? 1.0f : w->dt;
    steer_vec3 wanted;
    steer_vec3 pref = steer_crowd_preferred(agent, out, w->dt, &wanted);
    /* steer_orca_velocity over the view of these neighbours and the walls, without
     * building the view: the records go to the filter as they are read. */
    steer_orca_filter f;
    steer_vec3 v = steer_v3_zero();
    if (steer__orca_begin(&f, agent, pref, &wanted, p, body->slot, dt)) {
        steer_orca_near nb;
        for (int k = 0; k < g.count; k++)
            if (steer_crowd_near(w, i, g.j[k], agent->space, &nb)) steer__orca_add(&f, &nb);
        v = steer__orca_end(&f, w->walls, w->wall_count);
    }
    agent->velocity = v;
    *seen = (uint32_t)g.count;
    out.linear = steer_v3_zero();
    return out;
}

steer_steering steer__world_avoid_agents(const steer_world *w, int i, const steer_agent *agent,
                                         uint32_t mask, const steer_recipe_item *item)
{
    steer_crowd_gather g;
    steer_crowd_nearest(w, i, mask, item->neighbourhood.radius, STEER_ORCA_MAX_NEIGHBOURS, &g);
    steer_crowd_neighbour nbs[STEER_ORCA_MAX_NEIGHBOURS];
    for (int k = 0; k < g.count; k++) nbs[k] = steer_crowd_of(w, g.j[k]);
    return steer_avoid_agents(agent, nbs, g.count, &item->predict, NULL);
}

/* A cell edge of 0.3 of the neighbour distance (4.5 for the default 15): the first
 * search (0.6 of it) then reads about 5 x 5 small cells instead of 3 x 3 large ones, so
 * fewer candidates beyond its radius are looked at. Measured on crossing N = 20,000
 * (user time of the same run, docs/performance.md): 0.6 of it 1.91 s, 0.45 1.87, 0.3
 * 1.79, 0.25 1.80, 0.2 1.77. The search order changes with the cells, and with it which
 * of two neighbours at exactly the same distance comes first, so runs differ from those
 * with the old edge (still the same for any number of workers). */
float steer__world_crowd_reach(const steer_recipe *r)
{
    float reach = r->crowd ? r->orca.neighbour_dist * 0.3f : 0.0f;
    for (int k = 0; k < r->count; k++) {
        float nr = r->items[k].neighbourhood.radius * 0.3f;
        if (r->items[k].kind == STEER_BEHAVIOUR_AVOID_AGENTS && nr > reach) reach = nr;
    }
    return steer_is_finite(reach) && reach > 0.0f ? reach : 0.0f;
}

steer_world_status steer_world_set_walls(steer_world *world, const steer_segment *walls, int count)
{
    STEER_ASSERT(world != NULL);
    if (world == NULL || count < 0 || (walls == NULL && count > 0)) return STEER_WORLD_INVALID;
    if (world->stepping) return STEER_WORLD_BUSY;
    world->walls = count > 0 ? walls : NULL;
    world->wall_count = count;
    return STEER_WORLD_OK;
}
