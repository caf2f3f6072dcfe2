/* SPDX-License-Identifier: MIT */
/* World snapshots: an explicit little-endian encoding of everything a world needs to
 * continue bit-identically, and its validating restore (steer/world_snapshot.h,
 * docs/world.md "Snapshots").
 *
 * The world is read and written through the slot table, steer__world_load/store and the
 * public recipe call, never as raw struct bytes, so a change of the private layout only
 * touches the record functions below (each writer sits next to its reader). A new field
 * in a record means a new STEER_SNAPSHOT_VERSION and a new record size.
 *
 *   header   magic "STEERWLD", u32 version, u32 0x01020304, u64 total length
 *   world    tag, capacity, seed, cell size, bounds, steps, count, free head, recipes,
 *            index flag
 *   recipes  recipe_count records (all STEER_RECIPE_MAX items each, then the crowd filter
 *            and its settling);
 *            an item is its kind, weight, group and the fields its row of the behaviour
 *            table lists (world_behaviours.c), padded to a fixed size
 *   slots    capacity records: generation, dense index, free link, target, target agent,
 *            progress toward the goal (the stuck report)
 *   agents   count records in the world's internal (dense) order, each with what its
 *            behaviours keep between steps (path cursor, random target) and its settled
 *            state
 *   walkers  walker_count records in slot order: a live agent's slot and its approach
 *            walker (worlds created with def.walkers, for the agents that have walked)
 *   trailer  u64 FNV-1a-64 of every byte before it
 */
#include "steer/world_snapshot.h"

#include "world_behaviours.h"

#include <string.h>

enum {
    SNAP_HEADER = 24,
    SNAP_WORLD = 80,
    SNAP_ITEM = 12 + 4 * STEER_WORLD_FIELDS_MAX,
    SNAP_RECIPE = 8 + STEER_RECIPE_MAX * SNAP_ITEM + 44,
    SNAP_SLOT = 56,
    SNAP_AGENT = 216,
    SNAP_WALKER = 148,
    SNAP_TRAILER = 8
};

_Static_assert(SNAP_ITEM == 128, "an item record keeps its size: a longer row needs a new version");

static const unsigned char snap_magic[8] = {'S', 'T', 'E', 'E', 'R', 'W', 'L', 'D'};
#define SNAP_ENDIAN_MARK 0x01020304u

/* ---- bytes: little-endian whatever the machine ----------------------------------------- */

typedef struct snap_writer {
    unsigned char *p;
} snap_writer;

typedef struct snap_reader {
    const unsigned char *p;
} snap_reader;

static void put_u32(snap_writer *w, uint32_t v)
{
    for (int k = 0; k < 4; k++) *w->p++ = (unsigned char)(v >> (8 * k));
}

static void put_u64(snap_writer *w, uint64_t v)
{
    for (int k = 0; k < 8; k++) *w->p++ = (unsigned char)(v >> (8 * k));
}

/* Floats travel as their bit patterns, so NaN payloads and -0 survive. */
static void put_f32(snap_writer *w, float f)
{
    uint32_t v;
    memcpy(&v, &f, sizeof v);
    put_u32(w, v);
}

static void put_v3(snap_writer *w, steer_vec3 v)
{
    put_f32(w, v.x);
    put_f32(w, v.y);
    put_f32(w, v.z);
}

static uint32_t get_u32(snap_reader *r)
{
    uint32_t v = 0u;
    for (int k = 0; k < 4; k++) v |= (uint32_t)*r->p++ << (8 * k);
    return v;
}

static uint64_t get_u64(snap_reader *r)
{
    uint64_t v = 0u;
    for (int k = 0; k < 8; k++) v |= (uint64_t)*r->p++ << (8 * k);
    return v;
}

static int32_t get_i32(snap_reader *r)
{
    uint32_t u = get_u32(r);
    int32_t v;
    memcpy(&v, &u, sizeof v);
    return v;
}

static float get_f32(snap_reader *r)
{
    uint32_t v = get_u32(r);
    float f;
    memcpy(&f, &v, sizeof f);
    return f;
}

static steer_vec3 get_v3(snap_reader *r)
{
    steer_vec3 v;
    v.x = get_f32(r);
    v.y = get_f32(r);
    v.z = get_f32(r);
    return v;
}

static uint64_t snap_fnv1a(const unsigned char *p, size_t n)
{
    uint64_t h = 0xcbf29ce484222325ULL;
    for (size_t i = 0; i < n; i++) h = (h ^ p[i]) * 0x100000001b3ULL;
    return h;
}

/* ---- the world record ----------------------------------------------------------------- */

/* The world-wide fields, decoded before anything else so the sizes can be checked. */
typedef struct snap_world {
    uint32_t tag, capacity, count, free_head, recipe_count, index_valid, walkers;
    uint64_t seed, steps;
    float cell_size;
    steer_bounds bounds;
} snap_world;

/* The walker state of slot s when its agent is live and has walked, else NULL. */
static const steer_approach_walker *snap_walker_at(const steer_world *world, int s)
{
    if (world->walkers == NULL || world->slots[s].dense < 0) return NULL;
    const steer_world_walker *m = &world->walkers[s];
    return m->generation == world->slots[s].generation ? &m->walker : NULL;
}

static uint32_t snap_walker_count(const steer_world *world)
{
    uint32_t n = 0u;
    for (int s = 0; s < world->capacity; s++) n += snap_walker_at(world, s) != NULL;
    return n;
}

static void put_world(snap_writer *w, const steer_world *world)
{
    put_u32(w, world->tag);
    put_u32(w, (uint32_t)world->capacity);
    put_u64(w, world->def.seed);
    put_f32(w, world->def.cell_size);
    put_u32(w, (uint32_t)world->def.bounds.kind);
    put_v3(w, world->def.bounds.centre);
    put_v3(w, world->def.bounds.half_extents);
    put_f32(w, world->def.bounds.radius);
    put_u64(w, world->steps);
    put_u32(w, (uint32_t)world->count);
    put_u32(w, world->free_head);
    put_u32(w, (uint32_t)world->recipe_count);
    put_u32(w, steer__world_index_in_order(world) ? 1u : 0u);
    put_u32(w, snap_walker_count(world));
}

static snap_world get_world(snap_reader *r)
{
    snap_world s;
    memset(&s, 0, sizeof s);
    s.tag = get_u32(r);
    s.capacity = get_u32(r);
    s.seed = get_u64(r);
    s.cell_size = get_f32(r);
    s.bounds.kind = (steer_bounds_kind)get_u32(r);
    s.bounds.centre = get_v3(r);
    s.bounds.half_extents = get_v3(r);
    s.bounds.radius = get_f32(r);
    s.steps = get_u64(r);
    s.count = get_u32(r);
    s.free_head = get_u32(r);
    s.recipe_count = get_u32(r);
    s.index_valid = get_u32(r);
    s.walkers = get_u32(r);
    return s;
}

/* ---- recipes --------------------------------------------------------------------------- */

/* An item: its kind, weight and group, then the parameters its row of the behaviour table
 * lists (world_behaviours.c), in the row's order, padded with zeros to
 * STEER_WORLD_FIELDS_MAX words. Items past the recipe's count are written as zeros. */
static void put_item(snap_writer *w, const steer_recipe_item *it, bool used)
{
    const steer_world_behaviour *row = used ? steer__world_behaviour(it->kind) : NULL;
    put_u32(w, row != NULL ? (uint32_t)it->kind : 0u);
    put_f32(w, row != NULL ? it->weight : 0.0f);
    put_u32(w, row != NULL ? (uint32_t)it->group : 0u);
    int n = row != NULL ? row->field_count : 0;
    for (int f = 0; f < n; f++) {
        const char *at = (const char *)it + row->fields[f].offset;
        uint32_t v;
        if (row->fields[f].type == STEER_FIELD_BOOL) {
            bool b;
            memcpy(&b, at, sizeof b);
            v = b ? 1u : 0u;
        } else {
            memcpy(&v, at, sizeof v);
        }
        put_u32(w, v);
    }
    for (int f = n; f < STEER_WORLD_FIELDS_MAX; f++) put_u32(w, 0u);
}

/* The parameters a row does not list keep their defaults (steer_recipe_item_make); an
 * unknown kind reads no parameters and is refused by snap_recipe_ok. */
static steer_recipe_item get_item(snap_reader *r)
{
    steer_behaviour_kind kind = (steer_behaviour_kind)get_u32(r);
    float weight = get_f32(r);
    steer_recipe_item it = steer_recipe_item_make(kind, weight);
    it.group = get_i32(r);
    const steer_world_behaviour *row = steer__world_behaviour(kind);
    int n = row != NULL ? row->field_count : 0;
    for (int f = 0; f < n; f++) {
        uint32_t v = get_u32(r);
        char *at = (char *)&it + row->fields[f].offset;
        if (row->fields[f].type == STEER_FIELD_BOOL) {
            bool b = v != 0u; /* any other word than 0 or 1 reads as true */
            memcpy(at, &b, sizeof b);
        } else {
            memcpy(at, &v, sizeof v);
        }
    }
    r->p += 4 * (STEER_WORLD_FIELDS_MAX - n);
    return it;
}

static void put_recipe(snap_writer *w, const steer_recipe *rc)
{
    put_u32(w, (uint32_t)rc->count);
    put_f32(w, rc->priority_epsilon);
    for (int k = 0; k < STEER_RECIPE_MAX; k++) put_item(w, &rc->items[k], k < rc->count);
    put_u32(w, rc->crowd ? 1u : 0u);
    put_f32(w, rc->orca.radius);
    put_f32(w, rc->orca.neighbour_dist);
    put_u32(w, (uint32_t)rc->orca.max_neighbours);
    put_f32(w, rc->orca.time_horizon);
    put_f32(w, rc->orca.time_horizon_obstacles);
    put_f32(w, rc->orca.responsibility);
    put_f32(w, rc->orca.clearance);
    put_f32(w, rc->orca.sidestep);
    put_u32(w, rc->settle ? 1u : 0u);
    put_f32(w, rc->settle_release);
}

/* The resources items name are the destination's (`world`): a snapshot holds their slots
 * and generations, not the data. */
static steer_recipe get_recipe(snap_reader *r, const steer_world *world)
{
    steer_recipe rc = steer_recipe_default();
    rc.count = get_i32(r);
    rc.priority_epsilon = get_f32(r);
    for (int k = 0; k < STEER_RECIPE_MAX; k++) {
        rc.items[k] = get_item(r);
        rc.items[k].resource.world = world->resource_tag;
    }
    rc.crowd = get_u32(r) != 0u;
    rc.orca.radius = get_f32(r);
    rc.orca.neighbour_dist = get_f32(r);
    rc.orca.max_neighbours = get_i32(r);
    rc.orca.time_horizon = get_f32(r);
    rc.orca.time_horizon_obstacles = get_f32(r);
    rc.orca.responsibility = get_f32(r);
    rc.orca.clearance = get_f32(r);
    rc.orca.sidestep = get_f32(r);
    rc.settle = get_u32(r) != 0u;
    rc.settle_release = get_f32(r);
    return rc;
}

/* The rules steer_world_add_recipe applies, checked up front so that re-registering the
 * recipes during a restore cannot fail half way. */
static bool snap_recipe_ok(const steer_recipe *rc)
{
    return steer__world_recipe_valid(NULL, rc);
}

/* ---- slots ----------------------------------------------------------------------------- */

/* A saved slot: the slot, its aim and its progress tally, one record. */
typedef struct snap_slot {
    steer_world_slot slot;
    steer_world_aim aim;
    steer_world_tally tally;
} snap_slot;

static void put_slot(snap_writer *w, const steer_world_slot *s, const steer_world_aim *a,
                     const steer_world_tally *t)
{
    put_u32(w, s->generation);
    put_u32(w, (uint32_t)s->dense);
    put_u32(w, s->next_free);
    put_v3(w, a->target);
    put_u32(w, a->target_agent.index);
    put_u32(w, a->target_agent.generation);
    put_u32(w, a->target_agent.world);
    /* Progress toward the goal: navigate re-plans when it reads stuck, so a restored
     * world must judge it from the same state. */
    put_f32(w, t->best);
    put_f32(w, t->anchor);
    put_f32(w, t->clock);
    put_f32(w, t->idle);
    put_u32(w, t->progress);
}

/* A slot without the pointers, which a snapshot cannot carry (cleared on restore). */
static snap_slot get_slot(snap_reader *r)
{
    snap_slot s;
    memset(&s, 0, sizeof s);
    s.slot.generation = get_u32(r);
    s.slot.dense = get_i32(r);
    s.slot.next_free = get_u32(r);
    s.aim.target = get_v3(r);
    s.aim.target_agent.index = get_u32(r);
    s.aim.target_agent.generation = get_u32(r);
    s.aim.target_agent.world = get_u32(r);
    s.tally.best = get_f32(r);
    s.tally.anchor = get_f32(r);
    s.tally.clock = get_f32(r);
    s.tally.idle = get_f32(r);
    s.tally.progress = get_u32(r);
    return s;
}

/* ---- agents ---------------------------------------------------------------------------- */

/* One live agent as the step sees it: the public agent plus the world's extras. */
typedef struct snap_agent {
    steer_agent agent;
    steer_world_memory memory; /* generation unused: zero state when the agent had none */
    steer_world_traits traits; /* recipe, layer, mask, slot (the rest is in agent) */
    steer_world_own own;       /* wander, rng */
    steer_steering steering;
    uint32_t neighbours;
    bool settled; /* STEER_WORLD_SETTLED */
} snap_agent;

/* What the agent's behaviours keep (steer_world_memory): its path cursor, random target
 * and where it settled, zeros (the fresh state) when it has not used them. */
static void put_memory(snap_writer *w, const steer_world *world, uint32_t slot)
{
    steer_world_memory m = world->memory[slot];
    if (m.generation != world->slots[slot].generation) memset(&m, 0, sizeof m);
    put_f32(w, m.cursor.s);
    put_u32(w, (uint32_t)m.cursor.lap);
    put_u32(w, (uint32_t)m.cursor.node);
    put_u32(w, m.cursor.arrived ? 1u : 0u);
    put_v3(w, m.wander_target.target);
    put_f32(w, m.wander_target.time_left);
    put_u32(w, m.wander_target.has_target ? 1u : 0u);
    put_v3(w, m.settled_at);
    put_v3(w, m.nav.corner);
    put_v3(w, m.nav.goal);
    put_u32(w, m.nav.state);
    put_u32(w, m.nav.blind);
}

static steer_world_memory get_memory(snap_reader *r)
{
    steer_world_memory m;
    memset(&m, 0, sizeof m);
    m.cursor.s = get_f32(r);
    m.cursor.lap = get_i32(r);
    m.cursor.node = get_i32(r);
    m.cursor.arrived = get_u32(r) != 0u;
    m.wander_target.target = get_v3(r);
    m.wander_target.time_left = get_f32(r);
    m.wander_target.has_target = get_u32(r) != 0u;
    m.settled_at = get_v3(r);
    m.nav.corner = get_v3(r);
    m.nav.goal = get_v3(r);
    m.nav.state = get_u32(r);
    m.nav.blind = get_u32(r);
    return m;
}

static void put_agent(snap_writer *w, const steer_world *world, int d)
{
    int b = world->cur;
    const steer_world_traits *y = steer__world_traits(world, d);
    const steer_world_own own = steer__world_own(world, d);
    steer_agent a = steer__world_load(world, b, d);
    put_u32(w, y->slot);
    put_v3(w, a.position);
    put_v3(w, a.velocity);
    const float limits[9] = {a.orientation,  a.rotation,          a.max_speed,
                             a.max_accel,    a.max_force,         a.mass,
                             a.max_rotation, a.max_angular_accel, a.radius};
    for (int k = 0; k < 9; k++) put_f32(w, limits[k]);
    put_u32(w, (uint32_t)a.space | (uint32_t)a.model << 8 | (uint32_t)a.facing << 16);
    put_u32(w, (uint32_t)y->recipe);
    put_u32(w, y->layer);
    put_u32(w, y->mask);
    put_f32(w, own.wander.angle);
    put_v3(w, own.wander.displacement);
    put_u64(w, own.rng.state);
    put_u64(w, own.rng.inc);
    put_v3(w, world->steering[b][d].linear);
    put_f32(w, world->steering[b][d].angular);
    put_u32(w, world->neighbours[world->kept][d]);
    put_memory(w, world, y->slot);
    put_u32(w, (world->pose[b][d].flags & STEER_WORLD_SETTLED) != 0u ? 1u : 0u);
}

static snap_agent get_agent(snap_reader *r)
{
    snap_agent s;
    memset(&s, 0, sizeof s);
    steer_agent *a = &s.agent;
    s.traits.slot = get_u32(r);
    a->position = get_v3(r);
    a->velocity = get_v3(r);
    float *limits[9] = {&a->orientation,  &a->rotation,          &a->max_speed,
                        &a->max_accel,    &a->max_force,         &a->mass,
                        &a->max_rotation, &a->max_angular_accel, &a->radius};
    for (int k = 0; k < 9; k++) *limits[k] = get_f32(r);
    uint32_t kinds = get_u32(r);
    a->space = (steer_space)(kinds & 0xFFu);
    a->model = (steer_model)(kinds >> 8 & 0xFFu);
    a->facing = (steer_facing)(kinds >> 16); /* the top byte must be 0: checked as a range */
    s.traits.recipe = get_i32(r);
    s.traits.layer = get_u32(r);
    s.traits.mask = get_u32(r);
    s.own.wander.angle = get_f32(r);
    s.own.wander.displacement = get_v3(r);
    s.own.rng.state = get_u64(r);
    s.own.rng.inc = get_u64(r);
    s.steering.linear = get_v3(r);
    s.steering.angular = get_f32(r);
    s.neighbours = get_u32(r);
    s.memory = get_memory(r);
    s.settled = get_u32(r) != 0u;
    return s;
}

/* ---- walkers --------------------------------------------------------------------------- */

static void put_walker(snap_writer *w, uint32_t slot, const steer_approach_walker *k)
{
    put_u32(w, slot);
    for (int i = 0; i < STEER_APPROACH_AHEAD_MAX + 1; i++) put_v3(w, k->plan[i]);
    put_u32(w, (uint32_t)k->count);
    put_v3(w, k->previous);
    put_u32(w, k->has_previous ? 1u : 0u);
    put_f32(w, k->u);
    put_u32(w, k->ends_at_target ? 1u : 0u);
    put_u32(w, k->arrived ? 1u : 0u);
    put_u32(w, (uint32_t)k->legs);
}

static steer_approach_walker get_walker(snap_reader *r, uint32_t *slot)
{
    steer_approach_walker k;
    memset(&k, 0, sizeof k);
    *slot = get_u32(r);
    for (int i = 0; i < STEER_APPROACH_AHEAD_MAX + 1; i++) k.plan[i] = get_v3(r);
    k.count = get_i32(r);
    k.previous = get_v3(r);
    k.has_previous = get_u32(r) != 0u;
    k.u = get_f32(r);
    k.ends_at_target = get_u32(r) != 0u;
    k.arrived = get_u32(r) != 0u;
    k.legs = get_i32(r);
    return k;
}

/* A state steer_approach_walk leaves: not started (count 0) or a plan of 1 to ahead + 1
 * finite points, u in [0, 1], a leg count that never went negative. */
static bool snap_walker_ok(const steer_approach_walker *k)
{
    if (k->count < 0 || k->count > STEER_APPROACH_AHEAD_MAX + 1 || k->legs < 0) return false;
    if (!(k->u >= 0.0f && k->u <= 1.0f) || !steer_v3_is_finite(k->previous)) return false;
    for (int i = 0; i < STEER_APPROACH_AHEAD_MAX + 1; i++)
        if (!steer_v3_is_finite(k->plan[i])) return false;
    return true;
}

/* The state a world can hold: what steer_world_add accepts, except that the position
 * may be infinite. A step whose arithmetic overflows (a position near FLT_MAX, an enormous
 * dt) leaves an agent there, frozen, and its own snapshot must restore. Nothing else can
 * overflow (the speed limit zeroes a non-finite velocity, angles are wrapped and clamped)
 * and no step makes a NaN (fuzz_world checks both after every step), so those are damage. */
static bool snap_state_ok(const steer_agent *a)
{
    steer_vec3 p = a->position;
    return p.x == p.x && p.y == p.y && p.z == p.z && steer_v3_is_finite(a->velocity) &&
           steer_is_finite(a->orientation) && steer_is_finite(a->rotation);
}

/* What the world can hold (snap_state_ok), plus the invariants the world keeps itself. */
static bool snap_agent_ok(const snap_agent *s, const snap_world *h)
{
    const steer_agent *a = &s->agent;
    return snap_state_ok(a) && (unsigned)a->space <= (unsigned)STEER_SPACE_3D &&
           (unsigned)a->model <= (unsigned)STEER_MODEL_REYNOLDS &&
           (unsigned)a->facing <= (unsigned)STEER_FACING_VELOCITY && s->traits.recipe >= -1 &&
           s->traits.recipe < (int32_t)h->recipe_count && (s->own.rng.inc & 1u) == 1u &&
           s->traits.slot < h->capacity && steer_is_finite(s->memory.cursor.s) &&
           steer_v3_is_finite(s->memory.wander_target.target) &&
           steer_is_finite(s->memory.wander_target.time_left) &&
           steer_v3_is_finite(s->memory.settled_at) && steer_v3_is_finite(s->memory.nav.corner) &&
           steer_v3_is_finite(s->memory.nav.goal) &&
           s->memory.nav.state <= (uint32_t)STEER_WORLD_NAV_PASSING && s->memory.nav.blind <= 1u;
}

/* ---- sizes ----------------------------------------------------------------------------- */

static uint64_t snap_size_of(uint64_t capacity, uint64_t recipes, uint64_t count, uint64_t walkers)
{
    return SNAP_HEADER + SNAP_WORLD + recipes * SNAP_RECIPE + capacity * SNAP_SLOT +
           count * SNAP_AGENT + walkers * SNAP_WALKER + SNAP_TRAILER;
}

size_t steer_world_snapshot_size(const steer_world *world)
{
    STEER_ASSERT(world != NULL);
    if (world == NULL) return 0u;
    return (size_t)snap_size_of((uint64_t)world->capacity, (uint64_t)world->recipe_count,
                                (uint64_t)world->count, (uint64_t)snap_walker_count(world));
}

/* ---- writing --------------------------------------------------------------------------- */

steer_snapshot_status steer_world_snapshot_write(const steer_world *world, void *buf, size_t size,
                                                 size_t *written)
{
    STEER_ASSERT(world != NULL && buf != NULL);
    if (written != NULL) *written = 0u;
    if (world == NULL || buf == NULL) return STEER_SNAPSHOT_INVALID;
    if (world->stepping) return STEER_SNAPSHOT_BUSY;
    size_t total = steer_world_snapshot_size(world);
    if (size < total) return STEER_SNAPSHOT_SMALL_BUFFER;
    snap_writer w = {buf};
    memcpy(w.p, snap_magic, sizeof snap_magic);
    w.p += sizeof snap_magic;
    put_u32(&w, STEER_SNAPSHOT_VERSION);
    put_u32(&w, SNAP_ENDIAN_MARK);
    put_u64(&w, (uint64_t)total);
    put_world(&w, world);
    for (int k = 0; k < world->recipe_count; k++) put_recipe(&w, &world->recipes[k].recipe);
    for (int s = 0; s < world->capacity; s++)
        put_slot(&w, &world->slots[s], &world->aims[s], &world->tallies[s]);
    for (int d = 0; d < world->count; d++) put_agent(&w, world, d);
    for (int s = 0; s < world->capacity; s++) {
        const steer_approach_walker *k = snap_walker_at(world, s);
        if (k != NULL) put_walker(&w, (uint32_t)s, k);
    }
    put_u64(&w, snap_fnv1a(buf, total - SNAP_TRAILER));
    STEER_ASSERT(w.p == (unsigned char *)buf + total);
    if (written != NULL) *written = total;
    return STEER_SNAPSHOT_OK;
}

/* ---- validating ------------------------------------------------------------------------ */

/* Magic, version, endianness, length and checksum: the envelope, in the order that makes
 * each error the most telling (a truncated file is reported as truncated even though its
 * checksum cannot match either). */
static steer_snapshot_status snap_check_envelope(const unsigned char *p, size_t size)
{
    if (size < SNAP_HEADER) return STEER_SNAPSHOT_TRUNCATED;
    if (memcmp(p, snap_magic, sizeof snap_magic) != 0) return STEER_SNAPSHOT_BAD_MAGIC;
    snap_reader r = {p + sizeof snap_magic};
    if (get_u32(&r) != STEER_SNAPSHOT_VERSION) return STEER_SNAPSHOT_BAD_VERSION;
    if (get_u32(&r) != SNAP_ENDIAN_MARK) return STEER_SNAPSHOT_BAD_ENDIAN;
    uint64_t length = get_u64(&r);
    if ((uint64_t)size < length) return STEER_SNAPSHOT_TRUNCATED;
    if ((uint64_t)size > length || length < snap_size_of(0u, 0u, 0u, 0u))
        return STEER_SNAPSHOT_BAD_LENGTH;
    snap_reader t = {p + size - SNAP_TRAILER};
    if (get_u64(&t) != snap_fnv1a(p, size - SNAP_TRAILER)) return STEER_SNAPSHOT_BAD_CHECKSUM;
    return STEER_SNAPSHOT_OK;
}

/* The decoded world record against the destination and the length. */
static steer_snapshot_status snap_check_world(const snap_world *h, const steer_world *world,
                                              size_t size)
{
    if (h->capacity > (uint32_t)world->capacity ||
        h->recipe_count > (uint32_t)world->def.max_recipes)
        return STEER_SNAPSHOT_TOO_BIG;
    if (h->capacity == 0u || h->count > h->capacity || h->walkers > h->count)
        return STEER_SNAPSHOT_CORRUPT;
    if (snap_size_of(h->capacity, h->recipe_count, h->count, h->walkers) != (uint64_t)size)
        return STEER_SNAPSHOT_BAD_LENGTH;
    bool ok = h->tag != 0u && h->free_head <= h->capacity && h->index_valid <= 1u &&
              (unsigned)h->bounds.kind <= (unsigned)STEER_BOUNDS_RESPAWN;
    return ok ? STEER_SNAPSHOT_OK : STEER_SNAPSHOT_CORRUPT;
}

/* Where each section starts in the buffer. */
typedef struct snap_layout {
    const unsigned char *recipes, *slots, *agents, *walkers;
} snap_layout;

static snap_layout snap_layout_of(const unsigned char *p, const snap_world *h)
{
    snap_layout l;
    l.recipes = p + SNAP_HEADER + SNAP_WORLD;
    l.slots = l.recipes + (size_t)h->recipe_count * SNAP_RECIPE;
    l.agents = l.slots + (size_t)h->capacity * SNAP_SLOT;
    l.walkers = l.agents + (size_t)h->count * SNAP_AGENT;
    return l;
}

static snap_slot snap_slot_at(const snap_layout *l, uint32_t s)
{
    snap_reader r = {l->slots + (size_t)s * SNAP_SLOT};
    return get_slot(&r);
}

/* CORRUPT for a recipe no world could hold, NO_RESOURCE for one naming a resource this
 * world lacks. */
static steer_snapshot_status snap_check_recipes(const snap_layout *l, const snap_world *h,
                                                const steer_world *world)
{
    snap_reader r = {l->recipes};
    steer_snapshot_status st = STEER_SNAPSHOT_OK;
    for (uint32_t k = 0; k < h->recipe_count; k++) {
        steer_recipe rc = get_recipe(&r, world);
        if (!snap_recipe_ok(&rc)) return STEER_SNAPSHOT_CORRUPT;
        for (int i = 0; i < rc.count; i++)
            if (!steer__world_item_ok(world, &rc.items[i])) st = STEER_SNAPSHOT_NO_RESOURCE;
    }
    return st;
}

/* The stuck report's state as steps leave it: no NaN (a huge dt may make the clocks
 * infinite), a steer_progress value. */
static bool snap_progress_ok(const steer_world_tally *t)
{
    return t->best == t->best && t->anchor == t->anchor && t->clock == t->clock &&
           t->idle == t->idle && t->progress <= (uint32_t)STEER_PROGRESS_STUCK;
}

/* Every slot: a generation (0 only for a retired slot, one without an agent), a dense
 * index naming a live agent or -1, a finite target, a readable progress; exactly `count`
 * of them live. */
static bool snap_check_slots(const snap_layout *l, const snap_world *h)
{
    uint32_t live = 0u;
    for (uint32_t s = 0; s < h->capacity; s++) {
        snap_slot saved = snap_slot_at(l, s);
        const steer_world_slot *slot = &saved.slot;
        if ((slot->generation == 0u && slot->dense != -1) || slot->dense < -1 ||
            slot->dense >= (int32_t)h->count || !steer_v3_is_finite(saved.aim.target) ||
            !snap_progress_ok(&saved.tally))
            return false;
        live += slot->dense >= 0 ? 1u : 0u;
    }
    return live == h->count;
}

/* Slots retired by a wrapping generation (generation 0, no agent). */
static uint32_t snap_retired(const snap_layout *l, const snap_world *h)
{
    uint32_t n = 0u;
    for (uint32_t s = 0; s < h->capacity; s++) n += snap_slot_at(l, s).slot.generation == 0u;
    return n;
}

/* Agent d names slot s and slot s names agent d, for every agent: with `count` live
 * slots that makes slots and agents a one-to-one match. */
static bool snap_check_agents(const snap_layout *l, const snap_world *h)
{
    snap_reader r = {l->agents};
    for (uint32_t d = 0; d < h->count; d++) {
        snap_agent a = get_agent(&r);
        if (!snap_agent_ok(&a, h) || snap_slot_at(l, a.traits.slot).slot.dense != (int32_t)d)
            return false;
    }
    return true;
}

/* Walker records name live slots in increasing order (so each at most once) and hold
 * states the walk can continue from. */
static bool snap_check_walkers(const snap_layout *l, const snap_world *h)
{
    snap_reader r = {l->walkers};
    uint32_t next = 0u; /* the lowest slot the next record may name */
    for (uint32_t k = 0; k < h->walkers; k++) {
        uint32_t slot;
        steer_approach_walker walker = get_walker(&r, &slot);
        if (slot < next || slot >= h->capacity || snap_slot_at(l, slot).slot.dense < 0 ||
            !snap_walker_ok(&walker))
            return false;
        next = slot + 1u;
    }
    return true;
}

/* The free list visits every free slot once and ends at `capacity`: a walk of exactly
 * capacity - count - retired free slots, none live or retired, that reaches the end
 * cannot have looped. */
static bool snap_check_free_list(const snap_layout *l, const snap_world *h)
{
    uint32_t s = h->free_head;
    for (uint32_t k = h->count + snap_retired(l, h); k < h->capacity; k++) {
        if (s >= h->capacity) return false;
        steer_world_slot slot = snap_slot_at(l, s).slot;
        if (slot.dense != -1 || slot.generation == 0u) return false;
        s = slot.next_free;
    }
    return s == h->capacity;
}

static steer_snapshot_status snap_validate(const unsigned char *p, size_t size,
                                           const steer_world *world, snap_world *h)
{
    steer_snapshot_status st = snap_check_envelope(p, size);
    if (st != STEER_SNAPSHOT_OK) return st;
    snap_reader r = {p + SNAP_HEADER};
    *h = get_world(&r);
    st = snap_check_world(h, world, size);
    if (st != STEER_SNAPSHOT_OK) return st;
    snap_layout l = snap_layout_of(p, h);
    bool ok = snap_check_slots(&l, h) && snap_check_agents(&l, h) && snap_check_free_list(&l, h) &&
              snap_check_walkers(&l, h);
    if (!ok) return STEER_SNAPSHOT_CORRUPT;
    st = snap_check_recipes(&l, h, world);
    if (st == STEER_SNAPSHOT_OK && h->walkers > 0u && world->walkers == NULL)
        st = STEER_SNAPSHOT_NO_RESOURCE; /* walkers' state, and a world without room for it */
    return st;
}

/* ---- restoring (only after everything validated) ---------------------------------------- */

static void snap_apply_recipes(steer_world *world, const snap_layout *l, const snap_world *h)
{
    world->recipe_count = 0;
    world->auto_cell = 1.0f; /* steer_world_create's start; the recipes grow it again */
    world->fold_cell = 1.0f;
    for (int i = 0; i < STEER_WORLD_RESOURCE_MAX; i++) world->resources[i].users = 0;
    snap_reader r = {l->recipes};
    for (uint32_t k = 0; k < h->recipe_count; k++) {
        steer_recipe rc = get_recipe(&r, world);
        int id = steer_world_add_recipe(world, &rc);
        STEER_ASSERT(id == (int)k); /* snap_recipe_ok checked add_recipe's rules */
        (void)id;
    }
}

/* Saved slots as saved; any further slots of a larger world free, chained after them
 * (the saved list ends at the saved capacity, which is the first extra slot). */
static void snap_apply_slots(steer_world *world, const snap_layout *l, const snap_world *h)
{
    for (int s = 0; s < world->capacity; s++) {
        snap_slot saved;
        if ((uint32_t)s < h->capacity) {
            saved = snap_slot_at(l, (uint32_t)s);
        } else {
            memset(&saved, 0, sizeof saved);
            saved.slot.generation = 1u;
            saved.slot.dense = -1;
            saved.slot.next_free = (uint32_t)s + 1u;
            saved.aim.target_agent = steer_handle_none();
        }
        world->slots[s] = saved.slot; /* callback, callback_user and user_data NULL */
        world->aims[s] = saved.aim;
        world->tallies[s] = saved.tally;
    }
    world->free_head = h->free_head;
    world->callbacks = 0;
    world->chasers = 0; /* counted again as the agents are placed (snap_apply_agents) */
}

static void snap_apply_agents(steer_world *world, const snap_layout *l, const snap_world *h)
{
    int b = world->cur;
    snap_reader r = {l->agents};
    /* Every slot's memory from zero: a later agent in a free slot must not find the state
     * of one this world held before the restore. */
    memset(world->memory, 0, (size_t)world->capacity * sizeof *world->memory);
    world->layers_shared = ~0u; /* the saved agents' own, as they are placed */
    for (uint32_t d = 0; d < h->count; d++) {
        snap_agent a = get_agent(&r);
        world->memory[a.traits.slot] = a.memory;
        world->memory[a.traits.slot].generation = world->slots[a.traits.slot].generation;
        steer_world_traits *y = &world->traits[world->kept][d];
        steer_world_pose *pose = &world->pose[b][d];
        /* From zero: flags the world derives (a callback, say) are off, as the callbacks
         * are cleared. */
        memset(y, 0, sizeof *y);
        memset(pose, 0, sizeof *pose);
        steer__world_store(world, b, (int)d, &a.agent);
        y->recipe = a.traits.recipe;
        steer__world_set_layers_of(world, y, a.traits.layer, a.traits.mask);
        y->slot = a.traits.slot;
        steer__world_set_own(world, (int)d, &a.own);
        if (a.settled) pose->flags |= (uint8_t)STEER_WORLD_SETTLED;
        world->steering[b][d] = a.steering;
        world->neighbours[world->kept][d] = a.neighbours;
        world->chasers += steer__world_chases(world->aims[y->slot].target_agent);
    }
    world->count = (int)h->count;
}

/* Every walker from zero, then the saved ones, stamped with their slots' generations. */
static void snap_apply_walkers(steer_world *world, const snap_layout *l, const snap_world *h)
{
    if (world->walkers == NULL) return; /* then the snapshot has none (snap_validate) */
    memset(world->walkers, 0, (size_t)world->capacity * sizeof *world->walkers);
    snap_reader r = {l->walkers};
    for (uint32_t k = 0; k < h->walkers; k++) {
        uint32_t slot;
        steer_approach_walker walker = get_walker(&r, &slot);
        world->walkers[slot].walker = walker;
        world->walkers[slot].generation = world->slots[slot].generation;
    }
}

static void snap_apply(steer_world *world, const unsigned char *p, const snap_world *h)
{
    snap_layout l = snap_layout_of(p, h);
    world->tag = h->tag;
    world->def.seed = h->seed;
    world->def.cell_size = h->cell_size;
    world->def.bounds = h->bounds;
    world->steps = h->steps;
    snap_apply_recipes(world, &l, h);
    snap_apply_slots(world, &l, h);
    snap_apply_agents(world, &l, h);
    snap_apply_walkers(world, &l, h);
    world->stuck = 0; /* the stuck report's count, as the saved world's last step left it */
    for (int d = 0; d < world->count; d++)
        world->stuck +=
            world->tallies[steer__world_traits(world, d)->slot].progress == STEER_PROGRESS_STUCK;
    /* The saved order is the index's order when the index was valid: rebuilding it then
     * keeps that order (the sort is stable) and lets queries use the grid at once. When
     * it was stale, the next step rebuilds it, as it would have in the saved world. */
    world->index_valid = false;
    if (h->index_valid != 0u) steer__world_rebuild(world);
}

steer_snapshot_status steer_world_restore(steer_world *world, const void *buf, size_t size)
{
    STEER_ASSERT(world != NULL && buf != NULL);
    if (world == NULL || buf == NULL) return STEER_SNAPSHOT_INVALID;
    if (world->stepping) return STEER_SNAPSHOT_BUSY;
    snap_world h;
    steer_snapshot_status st = snap_validate(buf, size, world, &h);
    if (st == STEER_SNAPSHOT_OK) snap_apply(world, buf, &h);
    return st;
}

const char *steer_snapshot_status_name(steer_snapshot_status status)
{
    switch (status) {
    case STEER_SNAPSHOT_OK:
        return "ok";
    case STEER_SNAPSHOT_INVALID:
        return "invalid argument: NULL world or buffer";
    case STEER_SNAPSHOT_BUSY:
        return "busy: called during a world step";
    case STEER_SNAPSHOT_SMALL_BUFFER:
        return "buffer too small for the snapshot";
    case STEER_SNAPSHOT_TRUNCATED:
        return "truncated: fewer bytes than the snapshot's length";
    case STEER_SNAPSHOT_BAD_MAGIC:
        return "not a steer world snapshot (bad magic)";
    case STEER_SNAPSHOT_BAD_VERSION:
        return "unsupported snapshot version";
    case STEER_SNAPSHOT_BAD_ENDIAN:
        return "wrong endianness marker";
    case STEER_SNAPSHOT_BAD_LENGTH:
        return "length field does not match the content";
    case STEER_SNAPSHOT_BAD_CHECKSUM:
        return "checksum mismatch: the snapshot is corrupt";
    case STEER_SNAPSHOT_TOO_BIG:
        return "snapshot needs a larger world (capacity or max_recipes)";
    case STEER_SNAPSHOT_NO_RESOURCE:
        return "a recipe names a resource the world has not registered";
    case STEER_SNAPSHOT_CORRUPT:
        return "inconsistent content (slots, free list, recipes or agents)";
    }
    return "unknown snapshot status";
}
