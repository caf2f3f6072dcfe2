/* SPDX-License-Identifier: MIT */
/* Adding, removing, reading and changing agents by handle (steer/world.h). */
#include "world_internal.h"

#include <string.h>

steer_world_agent_def steer_world_agent_default(void)
{
    steer_world_agent_def d;
    memset(&d, 0, sizeof d);
    d.agent = steer_agent_default();
    d.recipe = -1;
    d.layer = 1u;
    d.mask = 0xFFFFFFFFu;
    d.target = steer_v3_zero();
    d.target_agent = steer_handle_none();
    return d;
}

steer_handle steer__world_handle_of(const steer_world *world, int i)
{
    steer_handle h;
    h.index = steer__world_traits(world, i)->slot;
    h.generation = world->slots[h.index].generation;
    h.world = world->tag;
    return h;
}

steer_agent steer__world_load(const steer_world *world, int b, int i)
{
    const steer_world_traits *y = steer__world_traits(world, i);
    steer_agent a;
    a.position = world->pos[b][i];
    a.velocity = world->vel[b][i];
    a.orientation = world->pose[b][i].orientation;
    a.rotation = world->pose[b][i].rotation;
    a.max_speed = y->max_speed;
    a.max_accel = y->max_accel;
    a.max_force = y->max_force;
    a.mass = y->mass;
    a.max_rotation = y->max_rotation;
    a.max_angular_accel = y->max_angular_accel;
    a.radius = y->radius;
    a.space = (steer_space)y->space;
    a.model = (steer_model)y->model;
    a.facing = (steer_facing)y->facing;
    return a;
}

void steer__world_store_motion(steer_world *world, int b, int i, const steer_agent *a)
{
    world->pos[b][i] = a->position;
    world->vel[b][i] = a->velocity;
    world->pose[b][i].orientation = a->orientation;
    world->pose[b][i].rotation = a->rotation;
}

void steer__world_store(steer_world *world, int b, int i, const steer_agent *a)
{
    steer_world_traits *y = &world->traits[world->kept][i];
    steer__world_store_motion(world, b, i, a);
    y->max_speed = a->max_speed;
    y->max_accel = a->max_accel;
    y->max_force = a->max_force;
    y->mass = a->mass;
    y->max_rotation = a->max_rotation;
    y->max_angular_accel = a->max_angular_accel;
    y->radius = a->radius;
    y->space = (uint8_t)a->space;
    y->model = (uint8_t)a->model;
    y->facing = (uint8_t)a->facing;
}

static bool steer_world_recipe_ok(const steer_world *world, int recipe)
{
    return recipe == -1 || (recipe >= 0 && recipe < world->recipe_count);
}

static bool steer_world_agent_ok(const steer_agent *a)
{
    return steer_agent_state_is_finite(a) && (unsigned)a->space <= (unsigned)STEER_SPACE_3D &&
           (unsigned)a->model <= (unsigned)STEER_MODEL_REYNOLDS &&
           (unsigned)a->facing <= (unsigned)STEER_FACING_VELOCITY;
}

/* Whether an agent (already steer_world_agent_ok) may run on `recipe`: on a crowd recipe
 * its radius and velocity must lie in the filter's domain (steer/crowd.h), as the other
 * crowd agents see it (they skip a neighbour outside it). A step keeps it there: the
 * filter's velocity is within STEER_CROWD_MAX_SPEED, whatever max_speed, which the filter
 * reads as at most that (so a max_speed of FLT_MAX, "no limit", stays allowed). A NaN or
 * negative radius keeps its documented reading, a point. */
static bool steer_world_fits_recipe(const steer_world *world, int recipe, const steer_agent *a)
{
    if (recipe < 0 || !world->recipes[recipe].recipe.crowd) return true;
    const float s = STEER_CROWD_MAX_SPEED;
    return !(a->radius > STEER_CROWD_MAX_LENGTH) && fabsf(a->velocity.x) <= s &&
           fabsf(a->velocity.y) <= s && fabsf(a->velocity.z) <= s;
}

/* Each agent's stream: the world seed mixed with the slot's generation, on the slot's
 * stream, so it depends on neither threads nor memory layout, and a reused slot does not
 * replay its previous agent's draws. */
static steer_rng steer_world_agent_rng(const steer_world *world, uint32_t slot, uint32_t gen)
{
    uint64_t mix = world->def.seed ^ ((uint64_t)gen * 0x9E3779B97F4A7C15ULL);
    return steer_rng_make(mix, slot);
}

static void steer_world_place(steer_world *world, uint32_t slot, const steer_world_agent_def *def)
{
    int d = world->count++, b = world->cur;
    steer_world_traits *y = &world->traits[world->kept][d];
    steer_world_own own;
    steer__world_store(world, b, d, &def->agent);
    y->recipe = def->recipe;
    steer__world_set_layers_of(world, y, def->layer, def->mask);
    y->slot = slot;
    world->pose[b][d].flags = def->callback != NULL ? (uint8_t)STEER_WORLD_HAS_CALLBACK : 0u;
    own.rng = steer_world_agent_rng(world, slot, world->slots[slot].generation);
    own.wander = steer_wander_state_make(&own.rng);
    steer__world_set_own(world, d, &own);
    world->steering[b][d] = steer_steering_zero();
    world->neighbours[world->kept][d] = 0u;
    world->slots[slot].dense = d;
}

steer_world_status steer_world_add(steer_world *world, const steer_world_agent_def *def,
                                   steer_handle *out)
{
    STEER_ASSERT(world != NULL && def != NULL);
    if (out != NULL) *out = steer_handle_none();
    if (world == NULL || def == NULL) return STEER_WORLD_INVALID;
    if (world->stepping) return STEER_WORLD_BUSY;
    if (!steer_world_agent_ok(&def->agent) || !steer_world_recipe_ok(world, def->recipe) ||
        !steer_world_fits_recipe(world, def->recipe, &def->agent))
        return STEER_WORLD_INVALID;
    /* Retired slots (steer_world_remove) are on no list: the free list can run out first. */
    if (world->count >= world->capacity || world->free_head >= (uint32_t)world->capacity)
        return STEER_WORLD_FULL;
    uint32_t slot = world->free_head;
    steer_world_slot *s = &world->slots[slot];
    world->free_head = s->next_free;
    steer_world_aim *a = steer__world_aim(world, s);
    a->target = steer_v3_is_finite(def->target) ? def->target : steer_v3_zero();
    a->target_agent = def->target_agent;
    s->callback = def->callback;
    s->callback_user = def->callback_user;
    s->user_data = def->user_data;
    s->route = NULL;
    s->route_count = s->route_next = 0;
    steer__world_progress_reset(world, s);
    steer_world_place(world, slot, def);
    world->callbacks += def->callback != NULL ? 1 : 0;
    world->chasers += steer__world_chases(def->target_agent);
    world->index_valid = false;
    if (out != NULL) *out = (steer_handle){slot, s->generation, world->tag};
    return STEER_WORLD_OK;
}

/* Move dense entry `from` to `to` in the current buffer (removal fills its hole). */
static void steer_world_move(steer_world *world, int from, int to)
{
    int b = world->cur, k = world->kept;
    world->pos[b][to] = world->pos[b][from];
    world->vel[b][to] = world->vel[b][from];
    world->pose[b][to] = world->pose[b][from];
    world->steering[b][to] = world->steering[b][from];
    world->traits[k][to] = world->traits[k][from];
    steer_world_own own = steer__world_owns_get(&world->own[k], from);
    steer__world_owns_put(&world->own[k], to, &own);
    world->neighbours[k][to] = world->neighbours[k][from];
    world->slots[world->traits[k][to].slot].dense = to;
}

steer_world_status steer_world_remove(steer_world *world, steer_handle handle)
{
    STEER_ASSERT(world != NULL);
    if (world == NULL) return STEER_WORLD_INVALID;
    if (world->stepping) return STEER_WORLD_BUSY;
    steer_world_slot *s = steer__world_slot(world, handle);
    if (s == NULL) return STEER_WORLD_STALE;
    int d = s->dense, last = world->count - 1;
    if (d != last) steer_world_move(world, last, d);
    world->callbacks -= s->callback != NULL ? 1 : 0;
    world->chasers -= steer__world_chases(steer__world_aim(world, s)->target_agent);
    world->routes -= s->route != NULL ? 1 : 0;
    s->route = NULL;
    s->callback = NULL; /* a removed agent's callback is never run or counted again */
    world->count--;
    if (world->count == 0) world->layers_shared = ~0u;
    s->dense = -1;
    world->index_valid = false;
    if (s->generation == UINT32_MAX) {
        /* The next generation would wrap to one already issued, and an old handle would
         * name the new agent: retire the slot instead (generation 0 is never issued). */
        s->generation = 0u;
        s->next_free = (uint32_t)world->capacity;
        return STEER_WORLD_OK;
    }
    s->generation++;
    s->next_free = world->free_head;
    world->free_head = handle.index;
    return STEER_WORLD_OK;
}

bool steer_world_is_valid(const steer_world *world, steer_handle handle)
{
    return world != NULL && steer__world_slot(world, handle) != NULL;
}

int steer_world_count(const steer_world *world)
{
    STEER_ASSERT(world != NULL);
    return world != NULL ? world->count : 0;
}

steer_handle steer_world_handle_at(const steer_world *world, int i)
{
    STEER_ASSERT(world != NULL);
    if (world == NULL || i < 0 || i >= world->count) return steer_handle_none();
    return steer__world_handle_of(world, i);
}

int steer_world_read(const steer_world *world, int first, int count, steer_agent *agents,
                     steer_handle *handles, steer_steering *steering)
{
    STEER_ASSERT(world != NULL && agents != NULL);
    if (world == NULL || agents == NULL || first < 0 || count <= 0 || first >= world->count)
        return 0;
    int n = count < world->count - first ? count : world->count - first;
    for (int k = 0; k < n; k++) {
        agents[k] = steer__world_load(world, world->cur, first + k);
        if (handles != NULL) handles[k] = steer__world_handle_of(world, first + k);
        if (steering != NULL) steering[k] = world->steering[world->cur][first + k];
    }
    return n;
}

steer_world_status steer_world_get_agent(const steer_world *world, steer_handle handle,
                                         steer_agent *out)
{
    STEER_ASSERT(world != NULL && out != NULL);
    if (world == NULL || out == NULL) return STEER_WORLD_INVALID;
    steer_world_slot *s = steer__world_slot(world, handle);
    if (s == NULL) return STEER_WORLD_STALE;
    *out = steer__world_load(world, world->cur, s->dense);
    return STEER_WORLD_OK;
}

/* The slot of a handle for a change: BUSY during a step, STALE when not live. */
static steer_world_status steer_world_editable(steer_world *world, steer_handle handle,
                                               steer_world_slot **out)
{
    STEER_ASSERT(world != NULL);
    if (world == NULL) return STEER_WORLD_INVALID;
    if (world->stepping) return STEER_WORLD_BUSY;
    *out = steer__world_slot(world, handle);
    return *out != NULL ? STEER_WORLD_OK : STEER_WORLD_STALE;
}

steer_world_status steer_world_set_agent(steer_world *world, steer_handle handle,
                                         const steer_agent *agent)
{
    steer_world_slot *s = NULL;
    steer_world_status st = steer_world_editable(world, handle, &s);
    if (st != STEER_WORLD_OK) return st;
    if (agent == NULL || !steer_world_agent_ok(agent)) return STEER_WORLD_INVALID;
    if (!steer_world_fits_recipe(world, steer__world_traits(world, s->dense)->recipe, agent))
        return STEER_WORLD_INVALID;
    steer__world_store(world, world->cur, s->dense, agent);
    world->index_valid = false;
    return STEER_WORLD_OK;
}

/* A new goal: an agent that had settled at the old one heads for it (world_crowd.c). */
void steer__world_unsettle(steer_world *world, const steer_world_slot *s)
{
    if (s->dense >= 0) world->pose[world->cur][s->dense].flags &= (uint8_t)~STEER_WORLD_SETTLED;
}

steer_world_status steer_world_set_target(steer_world *world, steer_handle handle,
                                          steer_vec3 target)
{
    steer_world_slot *s = NULL;
    steer_world_status st = steer_world_editable(world, handle, &s);
    if (st != STEER_WORLD_OK) return st;
    if (!steer_v3_is_finite(target)) return STEER_WORLD_INVALID;
    steer_world_aim *a = steer__world_aim(world, s);
    a->target = target;
    world->routes -= s->route != NULL ? 1 : 0;
    s->route = NULL;
    s->route_count = s->route_next = 0;
    steer__world_progress_reset(world, s);
    steer__world_unsettle(world, s);
    return STEER_WORLD_OK;
}

steer_world_status steer_world_set_target_agent(steer_world *world, steer_handle handle,
                                                steer_handle target)
{
    steer_world_slot *s = NULL;
    steer_world_status st = steer_world_editable(world, handle, &s);
    if (st != STEER_WORLD_OK) return st;
    steer_world_aim *a = steer__world_aim(world, s);
    world->chasers += steer__world_chases(target) - steer__world_chases(a->target_agent);
    a->target_agent = target;
    steer__world_progress_reset(world, s);
    steer__world_unsettle(world, s);
    return st;
}

steer_world_status steer_world_set_recipe(steer_world *world, steer_handle handle, int recipe)
{
    steer_world_slot *s = NULL;
    steer_world_status st = steer_world_editable(world, handle, &s);
    if (st != STEER_WORLD_OK) return st;
    if (!steer_world_recipe_ok(world, recipe)) return STEER_WORLD_INVALID;
    steer_agent a = steer__world_load(world, world->cur, s->dense);
    if (!steer_world_fits_recipe(world, recipe, &a)) return STEER_WORLD_INVALID;
    world->traits[world->kept][s->dense].recipe = recipe;
    steer__world_progress_reset(world, s);
    steer__world_unsettle(world, s);
    /* The index's copy for the crowd filter: nothing moved, so a valid index stays valid
     * and must see the new recipe (a stale one is rebuilt, copy and all, before use; its
     * arrays are not in the agents' current order). */
    if (steer__world_index_in_order(world)) world->points.recipe[s->dense] = recipe;
    return STEER_WORLD_OK;
}

steer_world_status steer_world_set_layers(steer_world *world, steer_handle handle, uint32_t layer,
                                          uint32_t mask)
{
    steer_world_slot *s = NULL;
    steer_world_status st = steer_world_editable(world, handle, &s);
    if (st != STEER_WORLD_OK) return st;
    steer__world_set_layers_of(world, &world->traits[world->kept][s->dense], layer, mask);
    /* The neighbour search reads layers from the index's packed copy: rebuild it first. */
    world->index_valid = false;
    return STEER_WORLD_OK;
}

steer_world_status steer_world_set_callback(steer_world *world, steer_handle handle,
                                            steer_agent_callback callback, void *callback_user)
{
    steer_world_slot *s = NULL;
    steer_world_status st = steer_world_editable(world, handle, &s);
    if (st != STEER_WORLD_OK) return st;
    world->callbacks += (callback != NULL ? 1 : 0) - (s->callback != NULL ? 1 : 0);
    s->callback = callback;
    s->callback_user = callback_user;
    /* The step reads the (cold) slot only when the pose says there is a callback. */
    steer_world_pose *y = &world->pose[world->cur][s->dense];
    if (callback != NULL)
        y->flags |= (uint8_t)STEER_WORLD_HAS_CALLBACK;
    else
        y->flags &= (uint8_t)~STEER_WORLD_HAS_CALLBACK;
    return STEER_WORLD_OK;
}

steer_world_status steer_world_set_user_data(steer_world *world, steer_handle handle,
                                             void *user_data)
{
    steer_world_slot *s = NULL;
    steer_world_status st = steer_world_editable(world, handle, &s);
    if (st == STEER_WORLD_OK) s->user_data = user_data;
    return st;
}

steer_world_status steer_world_get_steering(const steer_world *world, steer_handle handle,
                                            steer_steering *out)
{
    STEER_ASSERT(world != NULL && out != NULL);
    if (world == NULL || out == NULL) return STEER_WORLD_INVALID;
    steer_world_slot *s = steer__world_slot(world, handle);
    if (s == NULL) return STEER_WORLD_STALE;
    *out = world->steering[world->cur][s->dense];
    return STEER_WORLD_OK;
}

void *steer_world_get_user_data(const steer_world *world, steer_handle handle)
{
    steer_world_slot *s = world != NULL ? steer__world_slot(world, handle) : NULL;
    return s != NULL ? s->user_data : NULL;
}
