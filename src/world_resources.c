/* SPDX-License-Identifier: MIT */
/* Shared read-only resources (steer/world.h): obstacle sets, flow fields, paths and navmeshes
 * registered once and named by recipe items. A small fixed table in the world, so registering one
 * never allocates; a handle is its slot, the slot's generation and the world's resource
 * tag, as an agent's handle is. */
#include "world_internal.h"

const void *steer__world_resource(const steer_world *world, steer_resource r,
                                  steer_world_resource_kind kind)
{
    if (r.index >= STEER_WORLD_RESOURCE_MAX || r.world != world->resource_tag) return NULL;
    const steer_world_resource *e = &world->resources[r.index];
    if (e->kind != kind || e->generation != r.generation || r.generation == 0u) return NULL;
    return e->data;
}

static steer_world_status steer_world_add_resource(steer_world *world,
                                                   steer_world_resource_kind kind, const void *data,
                                                   steer_resource *out)
{
    if (out != NULL) *out = steer_resource_none();
    STEER_ASSERT(world != NULL && data != NULL);
    if (world == NULL || data == NULL) return STEER_WORLD_INVALID;
    if (world->stepping) return STEER_WORLD_BUSY;
    for (uint32_t i = 0; i < STEER_WORLD_RESOURCE_MAX; i++) {
        steer_world_resource *e = &world->resources[i];
        if (e->kind != STEER_WORLD_RESOURCE_NONE) continue;
        e->kind = kind;
        e->generation = e->generation + 1u != 0u ? e->generation + 1u : 1u;
        e->data = data;
        e->users = 0;
        if (out != NULL) *out = (steer_resource){i, e->generation, world->resource_tag};
        return STEER_WORLD_OK;
    }
    return STEER_WORLD_FULL;
}

steer_world_status steer_world_add_obstacles(steer_world *world, const steer_obstacles *obstacles,
                                             steer_resource *out)
{
    return steer_world_add_resource(world, STEER_WORLD_RESOURCE_OBSTACLES, obstacles, out);
}

steer_world_status steer_world_add_flow_field(steer_world *world, const steer_flow_field *field,
                                              steer_resource *out)
{
    return steer_world_add_resource(world, STEER_WORLD_RESOURCE_FLOW_FIELD, field, out);
}

steer_world_status steer_world_add_path(steer_world *world, const steer_path *path,
                                        steer_resource *out)
{
    return steer_world_add_resource(world, STEER_WORLD_RESOURCE_PATH, path, out);
}

steer_world_status steer_world_add_navmesh(steer_world *world, const steer_world_navmesh *navmesh,
                                           steer_resource *out)
{
    if (out != NULL) *out = steer_resource_none();
    if (navmesh != NULL &&
        (navmesh->mesh == NULL || navmesh->mesh->polygon_count < 1 || navmesh->query == NULL ||
         navmesh->query->capacity < steer_navmesh_edge_count(navmesh->mesh)))
        return STEER_WORLD_INVALID;
    return steer_world_add_resource(world, STEER_WORLD_RESOURCE_NAVMESH, navmesh, out);
}

steer_world_status steer_world_remove_resource(steer_world *world, steer_resource resource)
{
    STEER_ASSERT(world != NULL);
    if (world == NULL) return STEER_WORLD_INVALID;
    if (world->stepping) return STEER_WORLD_BUSY;
    if (resource.index >= STEER_WORLD_RESOURCE_MAX) return STEER_WORLD_STALE;
    steer_world_resource *e = &world->resources[resource.index];
    if (steer__world_resource(world, resource, e->kind) == NULL ||
        e->kind == STEER_WORLD_RESOURCE_NONE)
        return STEER_WORLD_STALE;
    if (e->users > 0) return STEER_WORLD_INVALID;
    e->kind = STEER_WORLD_RESOURCE_NONE;
    e->data = NULL;
    return STEER_WORLD_OK;
}
