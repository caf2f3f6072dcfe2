/* SPDX-License-Identifier: MIT */
/* Looking at a world: statistics, the state hash and debug drawing (steer/world.h). */
#include "world_internal.h"

#include <stdio.h>
#include <string.h>

steer_world_stats steer_world_stats_get(const steer_world *world)
{
    steer_world_stats st;
    memset(&st, 0, sizeof st);
    if (world == NULL) return st;
    st.agents = world->count;
    st.cells = world->grid.cells;
    st.cell_size = world->grid.cell;
    st.index_current = world->index_valid;
    st.steps = world->steps;
    st.stuck = world->stuck;
    uint64_t sum = 0u;
    const steer_world_pose *y = world->pose[world->cur];
    for (int i = 0; i < world->count; i++) {
        sum += world->neighbours[world->kept][i];
        st.vector_agents += (y[i].flags & STEER_WORLD_LANED) != 0u ? 1 : 0;
        st.vector_moves += (y[i].flags & STEER_WORLD_MOVED) != 0u ? 1 : 0;
    }
    st.avg_neighbours = world->count > 0 ? (double)sum / (double)world->count : 0.0;
    return st;
}

static uint64_t steer_fnv(uint64_t h, const void *data, size_t size)
{
    const unsigned char *p = data;
    for (size_t i = 0; i < size; i++) h = (h ^ p[i]) * 0x100000001b3ULL;
    return h;
}

uint64_t steer_world_state_hash(const steer_world *world)
{
    STEER_ASSERT(world != NULL);
    uint64_t h = 0xcbf29ce484222325ULL;
    if (world == NULL) return h;
    int b = world->cur;
    for (int s = 0; s < world->capacity; s++) {
        const steer_world_slot *slot = &world->slots[s];
        if (slot->dense < 0) continue;
        const steer_world_pose *y = &world->pose[b][slot->dense];
        h = steer_fnv(h, &s, sizeof s);
        h = steer_fnv(h, &slot->generation, sizeof slot->generation);
        h = steer_fnv(h, &world->pos[b][slot->dense], sizeof(steer_vec3));
        h = steer_fnv(h, &world->vel[b][slot->dense], sizeof(steer_vec3));
        h = steer_fnv(h, &y->orientation, sizeof y->orientation);
        h = steer_fnv(h, &y->rotation, sizeof y->rotation);
        steer_rng rng = steer__world_own(world, slot->dense).rng;
        h = steer_fnv(h, &rng, sizeof rng);
    }
    return h;
}

static float steer_scale_or_one(float s)
{
    return s > 0.0f && steer_is_finite(s) ? s : 1.0f;
}

static void steer_world_draw_one(const steer_world *w, int i, const steer_debug_draw *d)
{
    steer_agent a = steer__world_load(w, w->cur, i);
    steer_steering s = w->steering[w->cur][i];
    steer_vec3 up = steer_space_up(a.space);
    if (d->line != NULL) {
        d->line(d->user, a.position,
                steer_add_scaled(a.position, a.velocity, steer_scale_or_one(d->velocity_scale)),
                STEER_DEBUG_VELOCITY);
        d->line(d->user, a.position,
                steer_add_scaled(a.position, s.linear, steer_scale_or_one(d->force_scale)),
                STEER_DEBUG_FORCE);
    }
    int recipe = steer__world_traits(w, i)->recipe;
    float nb = recipe >= 0 ? w->recipes[recipe].neighbour_radius : 0.0f;
    if (d->circle != NULL && d->show_radius)
        d->circle(d->user, a.position, a.radius, up, STEER_DEBUG_RADIUS);
    if (d->circle != NULL && d->show_neighbourhood && nb > 0.0f)
        d->circle(d->user, a.position, nb, up, STEER_DEBUG_RADIUS);
    if (d->text != NULL && d->show_labels) {
        char label[32];
        steer_handle h = steer__world_handle_of(w, i);
        snprintf(label, sizeof label, "%u:%u", (unsigned)h.index, (unsigned)h.generation);
        d->text(d->user, a.position, label, STEER_DEBUG_TEXT);
    }
}

steer_world_status steer_world_debug_draw(const steer_world *world, steer_handle only,
                                          const steer_debug_draw *draw)
{
    STEER_ASSERT(world != NULL && draw != NULL);
    if (world == NULL || draw == NULL) return STEER_WORLD_INVALID;
    if (world->stepping) return STEER_WORLD_BUSY;
    if (only.generation == 0u) {
        for (int i = 0; i < world->count; i++) steer_world_draw_one(world, i, draw);
        return STEER_WORLD_OK;
    }
    const steer_world_slot *s = steer__world_slot(world, only);
    if (s == NULL) return STEER_WORLD_STALE;
    steer_world_draw_one(world, s->dense, draw);
    return STEER_WORLD_OK;
}
