/* SPDX-License-Identifier: MIT */
/* The world's behaviour table (src/world_behaviours.c): every kind has a complete row,
 * the public names convert both ways, docs/world.md lists every kind by its name, every
 * parameter a kind's evaluation reads survives a snapshot, and each kind's item gives the
 * bits of its single-agent function called on its own. */
#include "steer/steer.h"
#include "steer/world_snapshot.h"
#include "test.h"

#include "../src/world_behaviours.h"

#include <ctype.h>
#include <math.h>

/* ---- the rows --------------------------------------------------------------------------- */

static bool name_is_plain(const char *s)
{
    if (s == NULL || *s == '\0') return false;
    for (; *s != '\0'; s++)
        if (!(islower((unsigned char)*s) || *s == '_' || isdigit((unsigned char)*s))) return false;
    return true;
}

static void every_kind_has_a_row(void)
{
    for (int k = 0; k < STEER_BEHAVIOUR_KIND_COUNT; k++) {
        const steer_world_behaviour *row = steer__world_behaviour((steer_behaviour_kind)k);
        CHECK_MSG(row != NULL && row->eval != NULL, "kind %d", k);
        CHECK_MSG(name_is_plain(row->name), "kind %d", k);
        CHECK(strcmp(steer_behaviour_name((steer_behaviour_kind)k), row->name) == 0);
        CHECK_MSG(steer_behaviour_from_name(row->name) == (steer_behaviour_kind)k, "%s", row->name);
        for (int j = 0; j < k; j++)
            CHECK_MSG(strcmp(steer_behaviour_name((steer_behaviour_kind)j), row->name) != 0,
                      "%s twice", row->name);
        CHECK_MSG(row->field_count >= 0 && row->field_count <= STEER_WORLD_FIELDS_MAX, "%s",
                  row->name);
        CHECK_MSG((row->fields != NULL) == (row->field_count > 0), "%s", row->name);
        bool nb = (row->reads & STEER_READS_NEIGHBOURS) != 0u;
        CHECK_MSG(nb == (row->sum != STEER_WORLD_SUM_NONE), "%s", row->name);
        if (nb)
            CHECK(row->neighbourhood + sizeof(steer_neighbourhood) <= sizeof(steer_recipe_item));
    }
    CHECK(strcmp(steer_behaviour_name(STEER_BEHAVIOUR_NONE), "none") == 0);
    CHECK(strcmp(steer_behaviour_name(STEER_BEHAVIOUR_KIND_COUNT), "") == 0);
    CHECK(strcmp(steer_behaviour_name((steer_behaviour_kind)-1), "") == 0);
    CHECK(steer_behaviour_from_name(NULL) == STEER_BEHAVIOUR_NONE);
    CHECK(steer_behaviour_from_name("Seek") == STEER_BEHAVIOUR_NONE);
    CHECK(steer_behaviour_from_name("") == STEER_BEHAVIOUR_NONE);
    CHECK(steer_behaviour_from_name("seek") == STEER_BEHAVIOUR_SEEK);
}

/* A row's fields are whole 32-bit parameters of the item, after its kind, weight and
 * group, each listed once. */
static void fields_are_parameters(void)
{
    const size_t first = offsetof(steer_recipe_item, group) + sizeof(int);
    for (int k = 0; k < STEER_BEHAVIOUR_KIND_COUNT; k++) {
        const steer_world_behaviour *row = steer__world_behaviour((steer_behaviour_kind)k);
        for (int f = 0; f < row->field_count; f++) {
            const steer_world_field *fd = &row->fields[f];
            size_t size = fd->type == STEER_FIELD_BOOL ? sizeof(bool) : 4u;
            CHECK_MSG(fd->offset >= first && fd->offset + size <= sizeof(steer_recipe_item) &&
                          fd->offset % size == 0u && fd->key != NULL && *fd->key != '\0',
                      "%s.%s", row->name, fd->key);
            for (int g = 0; g < f; g++)
                CHECK_MSG(row->fields[g].offset != fd->offset, "%s.%s twice", row->name, fd->key);
        }
    }
}

/* ---- the docs' list ----------------------------------------------------------------------- */

static char *read_text(const char *path)
{
    FILE *f = fopen(path, "rb");
    if (f == NULL) return NULL;
    char *text = NULL;
    size_t n = 0u;
    if (fseek(f, 0, SEEK_END) == 0) {
        long size = ftell(f);
        rewind(f);
        text = size >= 0 ? malloc((size_t)size + 1u) : NULL;
        if (text != NULL) n = fread(text, 1u, (size_t)size, f);
    }
    fclose(f);
    if (text != NULL) text[n] = '\0';
    return text;
}

/* docs/world.md's table of kinds has a line "| `name` | `STEER_BEHAVIOUR_...` |" per
 * kind, and no line for a name the table does not have. */
static void docs_list_every_kind(void)
{
    char *doc = read_text(STEER_SOURCE_DIR "/docs/world.md");
    CHECK(doc != NULL);
    for (int k = 1; k < STEER_BEHAVIOUR_KIND_COUNT; k++) {
        char line[96];
        snprintf(line, sizeof line, "\n| `%s` | `STEER_BEHAVIOUR_",
                 steer_behaviour_name((steer_behaviour_kind)k));
        CHECK_MSG(strstr(doc, line) != NULL, "docs/world.md has no row for %s",
                  steer_behaviour_name((steer_behaviour_kind)k));
    }
    int rows = 0;
    for (const char *p = strstr(doc, "` | `STEER_BEHAVIOUR_"); p != NULL;
         p = strstr(p + 1, "` | `STEER_BEHAVIOUR_"))
        rows++;
    free(doc);
    CHECK_MSG(rows == STEER_BEHAVIOUR_KIND_COUNT - 1, "%d rows for %d kinds", rows,
              STEER_BEHAVIOUR_KIND_COUNT - 1);
}

/* ---- snapshots keep what each kind reads ----------------------------------------------------- */

enum { ROUND_AGENTS = 24 };

/* The members of an item that are not floats: left alone, or set apart below. */
static bool is_float_word(size_t o)
{
    static const struct {
        size_t offset, size;
    } other[] = {
        {offsetof(steer_recipe_item, region.kind), sizeof(steer_region_kind)},
        {offsetof(steer_recipe_item, region.polygon), sizeof(steer_polygon)},
        {offsetof(steer_recipe_item, wall.side), sizeof(int)},
        {offsetof(steer_recipe_item, resource), sizeof(steer_resource)},
        {offsetof(steer_recipe_item, arrive.cookbook), sizeof(bool)},
        {offsetof(steer_recipe_item, align.cookbook), sizeof(bool)},
        {offsetof(steer_recipe_item, leader.arrive.cookbook), sizeof(bool)},
        {offsetof(steer_recipe_item, follow.arrive.cookbook), sizeof(bool)},
        {offsetof(steer_recipe_item, approach.ahead), sizeof(int)},
        {offsetof(steer_recipe_item, approach.smooth), sizeof(bool)},
        {offsetof(steer_recipe_item, approach.arrive.cookbook), sizeof(bool)},
    };
    for (size_t k = 0; k < sizeof other / sizeof other[0]; k++)
        if (o + sizeof(float) > other[k].offset && o < other[k].offset + other[k].size)
            return false;
    return true;
}

/* Every parameter of the item moved off its default: a parameter the kind reads but its
 * row does not list then comes back from a snapshot as the default, and the restored
 * world steps differently. */
static steer_recipe_item perturbed_item(steer_behaviour_kind kind)
{
    steer_recipe_item it = steer_recipe_item_make(kind, 1.5f);
    const size_t first = offsetof(steer_recipe_item, group) + sizeof(int);
    for (size_t o = first; o + sizeof(float) <= sizeof it; o += sizeof(float)) {
        if (!is_float_word(o)) continue;
        float v;
        memcpy(&v, (char *)&it + o, sizeof v);
        v = v * 0.75f + 0.0625f;
        memcpy((char *)&it + o, &v, sizeof v);
    }
    it.wall.side = 1;
    /* The switches the rows save, away from their defaults. */
    it.arrive.cookbook = it.align.cookbook = true;
    it.leader.arrive.cookbook = it.follow.arrive.cookbook = true;
    it.approach.arrive.cookbook = it.approach.smooth = true;
    it.approach.ahead = 3;
    it.region.min = steer_v3(-4.0f, -4.5f, -4.0f); /* where the agents are: contain acts */
    it.region.max = steer_v3(4.5f, 4.0f, 4.0f);
    return it;
}

/* The shared resources of the test worlds: two circles and two walls across the agents'
 * box, and a 4 x 4 flow field turning around the centre. */
static const steer_circle test_circles[] = {{{2.0f, 1.0f, 0.0f}, 1.5f},
                                            {{-3.0f, -2.0f, 0.0f}, 1.0f}};
static const steer_segment test_walls[] = {{{-7.0f, 4.0f, 0.0f}, {7.0f, 5.0f, 0.0f}},
                                           {{-6.0f, -7.0f, 0.0f}, {-5.0f, 7.0f, 0.0f}}};
static const steer_obstacles test_obstacles = {test_circles, 2, test_walls, 2, NULL, 0};
static steer_vec3 test_flow_cells[16];
static steer_flow_field test_flow;
static const steer_vec3 test_corners[] = {{-5, -5, 0}, {5, -5, 0}, {5, 5, 0}, {-5, 5, 0}};
static steer_path_node test_nodes[4];
static steer_path test_path;

/* A 24 x 24 room with a pillar in the middle, its mesh and the query the world plans
 * with. */
static const steer_vec3 test_room[] = {{-12, -12, 0}, {12, -12, 0}, {12, 12, 0}, {-12, 12, 0},
                                       {-2, -2, 0},   {2, -2, 0},   {2, 2, 0},   {-2, 2, 0}};
static const int32_t test_room_rings[] = {4, 4};
static uint64_t test_mesh_memory[1024], test_query_memory[1024];
static steer_navmesh test_mesh;
static steer_navmesh_query test_query;
static steer_world_navmesh test_navmesh;

static void test_resources_init(void)
{
    if (test_navmesh.mesh == NULL) {
        steer_navmesh_build_outline(&test_mesh, test_mesh_memory, sizeof test_mesh_memory,
                                    test_room, test_room_rings, 2, STEER_SPACE_XY, NULL);
        steer_navmesh_query_init(&test_query, test_query_memory, sizeof test_query_memory,
                                 steer_navmesh_edge_count(&test_mesh));
        test_navmesh.mesh = &test_mesh;
        test_navmesh.query = &test_query;
    }
    steer_path_init(&test_path, test_nodes, 4, test_corners, 4, true, 1.0f);
    for (int j = 0; j < 4; j++)
        for (int i = 0; i < 4; i++)
            test_flow_cells[j * 4 + i] = steer_v3((float)(j - 2), (float)(1 - i), 0.0f);
    steer_flow_field_init(&test_flow, test_flow_cells, 4, 4, steer_v3(-6.0f, -6.0f, 0.0f), 4.0f,
                          STEER_SPACE_XY);
}

/* Register the obstacle set, the flow field and the path, and name the one the item's
 * kind reads. */
static void add_test_resources(steer_world *w, steer_recipe_item *it)
{
    test_resources_init();
    steer_resource obstacles, flow, path, navmesh;
    steer_world_add_obstacles(w, &test_obstacles, &obstacles);
    steer_world_add_flow_field(w, &test_flow, &flow);
    steer_world_add_path(w, &test_path, &path);
    steer_world_add_navmesh(w, &test_navmesh, &navmesh);
    uint32_t reads = steer__world_behaviour(it->kind)->reads;
    if ((reads & STEER_READS_OBSTACLES) != 0u) it->resource = obstacles;
    if ((reads & STEER_READS_FLOW_FIELD) != 0u) it->resource = flow;
    if ((reads & STEER_READS_PATH) != 0u) it->resource = path;
    if ((reads & STEER_READS_NAVMESH) != 0u) it->resource = navmesh;
}

/* A point of the box [-r, r]^2 in the plane z = 0 (drawn x first: C leaves the order of
 * a call's arguments open). */
static steer_vec3 draw_point(steer_rng *rng, float r)
{
    float x = steer_rng_range(rng, -r, r);
    float y = steer_rng_range(rng, -r, r);
    return steer_v3(x, y, 0.0f);
}

/* A small world whose every agent runs `item`, with a target point and a target agent
 * (the agent added before it; the first has none); half of them turn as they steer. Writes the
 * handles and target points to h[] and points[] when they are not NULL. */
static steer_world *kind_world_out(const steer_recipe_item *item, int capacity, steer_handle *h,
                                   steer_vec3 *points)
{
    steer_world_def def = steer_world_default();
    def.capacity = capacity;
    def.seed = 5u;
    def.walkers = true;
    steer_world *w = steer_world_create(&def);
    if (w == NULL) return NULL;
    steer_recipe r = steer_recipe_default();
    r.items[r.count] = *item;
    add_test_resources(w, &r.items[r.count++]);
    int recipe = steer_world_add_recipe(w, &r);
    if (recipe < 0) {
        steer_world_destroy(w);
        return NULL;
    }
    steer_rng rng = steer_rng_make(9u, 1u);
    steer_handle prev = steer_handle_none();
    for (int i = 0; i < ROUND_AGENTS; i++) {
        steer_world_agent_def d = steer_world_agent_default();
        d.agent.position = draw_point(&rng, 6.0f);
        d.agent.velocity = draw_point(&rng, 2.0f);
        d.agent.orientation = steer_rng_range(&rng, -3, 3);
        d.agent.facing = i % 2 == 0 ? STEER_FACING_STEERED : STEER_FACING_VELOCITY;
        d.recipe = recipe;
        d.target = draw_point(&rng, 8.0f);
        d.target_agent = prev;
        steer_world_add(w, &d, &prev);
        if (h != NULL) h[i] = prev;
        if (points != NULL) points[i] = d.target;
    }
    return w;
}

static steer_world *kind_world(const steer_recipe_item *item, int capacity)
{
    return kind_world_out(item, capacity, NULL, NULL);
}

static void snapshot_keeps_every_parameter_read(void)
{
    for (int k = 1; k < STEER_BEHAVIOUR_KIND_COUNT; k++) {
        steer_recipe_item it = perturbed_item((steer_behaviour_kind)k);
        steer_world *a = kind_world(&it, 64);
        steer_world *b = kind_world(&it, 64);
        CHECK(a != NULL && b != NULL);
        for (int s = 0; s < 3; s++) steer_world_step(a, 1.0f / 30.0f);
        size_t n = steer_world_snapshot_size(a);
        unsigned char *buf = malloc(n);
        CHECK(buf != NULL);
        CHECK(steer_world_snapshot_write(a, buf, n, NULL) == STEER_SNAPSHOT_OK);
        CHECK(steer_world_restore(b, buf, n) == STEER_SNAPSHOT_OK);
        free(buf);
        uint64_t before = steer_world_state_hash(a);
        for (int s = 0; s < 20; s++) {
            steer_world_step(a, 1.0f / 30.0f);
            steer_world_step(b, 1.0f / 30.0f);
            CHECK_MSG(steer_world_state_hash(a) == steer_world_state_hash(b), "%s, step %d",
                      steer_behaviour_name((steer_behaviour_kind)k), s);
        }
        CHECK_MSG(steer_world_state_hash(a) != before, "%s never moved",
                  steer_behaviour_name((steer_behaviour_kind)k));
        steer_world_destroy(a);
        steer_world_destroy(b);
    }
}

/* ---- each kind is its single-agent function ------------------------------------------------ */

/* What the library's own function gives agent `a` with target point `point` and target
 * agent `t` (NULL when it has none): written here from the public headers, not from the
 * table, so a row that calls the wrong function or passes the wrong argument shows. */
/* What an agent keeps between steps, from zero. */
typedef struct kept {
    steer_path_cursor cursor;
    steer_wander_target_state wander_target;
    steer_approach_walker walker;
} kept;

static steer_steering oracle(const steer_recipe_item *it, const steer_agent *a, steer_vec3 point,
                             const steer_agent *t, kept *m, steer_rng *rng)
{
    steer_vec3 target = t != NULL ? t->position : point;
    switch (it->kind) {
    case STEER_BEHAVIOUR_FOLLOW_PATH:
        return steer_follow_path(a, &test_path, &it->follow, &m->cursor, NULL);
    case STEER_BEHAVIOUR_WANDER_TARGET:
        return steer_wander_target(a, &it->wander_target, &m->wander_target, rng, 1.0f / 30.0f);
    case STEER_BEHAVIOUR_APPROACH:
        return steer_approach_walk(a, &m->walker, target, &it->approach, rng, NULL);
    case STEER_BEHAVIOUR_SEEK:
        return steer_seek(a, target);
    case STEER_BEHAVIOUR_FLEE:
        return steer_flee(a, target);
    case STEER_BEHAVIOUR_ARRIVE:
        return steer_arrive(a, target, &it->arrive, NULL);
    case STEER_BEHAVIOUR_LOOK_WHERE_GOING:
        return steer_look_where_going(a, &it->align);
    case STEER_BEHAVIOUR_LEAVE:
        return steer_leave(a, target, &it->leave);
    case STEER_BEHAVIOUR_FACE:
        return steer_face(a, target, &it->align);
    case STEER_BEHAVIOUR_CONTAIN:
        return steer_contain(a, &it->region, &it->contain);
    case STEER_BEHAVIOUR_AVOID_OBSTACLES:
        return steer_avoid_obstacles(a, &test_obstacles, &it->avoid);
    case STEER_BEHAVIOUR_FOLLOW_WALL:
        return steer_follow_wall(a, &test_obstacles, &it->wall);
    case STEER_BEHAVIOUR_FOLLOW_FLOW_FIELD:
        return steer_follow_flow_field(a, &test_flow, it->predict_time, it->time_to_target);
    default:
        break;
    }
    if (t == NULL) return steer_steering_zero(); /* the rest follow the target agent */
    switch (it->kind) {
    case STEER_BEHAVIOUR_PURSUE:
        return steer_pursue(a, t->position, t->velocity, &it->pursue);
    case STEER_BEHAVIOUR_EVADE:
        return steer_evade(a, t->position, t->velocity, &it->pursue);
    case STEER_BEHAVIOUR_FOLLOW_LEADER:
        return steer_follow_leader(a, t->position, t->velocity, steer_agent_forward(t),
                                   &it->leader);
    case STEER_BEHAVIOUR_ALIGN:
        return steer_align(a, t->orientation, &it->align);
    case STEER_BEHAVIOUR_MATCH_VELOCITY:
        return steer_match_velocity(a, t->velocity, it->time_to_target);
    case STEER_BEHAVIOUR_INTERPOSE:
        return steer_interpose(a, t->position, t->velocity, point, steer_v3_zero(), &it->arrive,
                               NULL);
    case STEER_BEHAVIOUR_HIDE:
        return steer_hide(a, &test_obstacles, t->position, t->velocity, &it->hide, NULL);
    case STEER_BEHAVIOUR_OFFSET_PURSUIT: {
        steer_leader leader = {t->position, t->velocity, t->orientation};
        return steer_offset_pursuit(a, &leader, it->offset, &it->arrive, NULL);
    }
    case STEER_BEHAVIOUR_FORMATION: {
        steer_leader anchor = {t->position, t->velocity, t->orientation};
        steer_formation_slot slot = {point, 0.0f, 0u};
        steer_formation_member_params p = {it->arrive, it->align};
        return steer_formation_member(a, &anchor, &slot, &p, NULL);
    }
    default:
        return steer_steering_zero();
    }
}

/* The kinds an oracle covers: every one but wander (its lanes have their own test in
 * test_world_lanes.c) and the neighbourhood kinds (test_world.c and test_crowd.c). */
static const steer_behaviour_kind oracle_kinds[] = {STEER_BEHAVIOUR_SEEK,
                                                    STEER_BEHAVIOUR_FLEE,
                                                    STEER_BEHAVIOUR_ARRIVE,
                                                    STEER_BEHAVIOUR_PURSUE,
                                                    STEER_BEHAVIOUR_EVADE,
                                                    STEER_BEHAVIOUR_LOOK_WHERE_GOING,
                                                    STEER_BEHAVIOUR_FOLLOW_LEADER,
                                                    STEER_BEHAVIOUR_LEAVE,
                                                    STEER_BEHAVIOUR_ALIGN,
                                                    STEER_BEHAVIOUR_FACE,
                                                    STEER_BEHAVIOUR_MATCH_VELOCITY,
                                                    STEER_BEHAVIOUR_INTERPOSE,
                                                    STEER_BEHAVIOUR_OFFSET_PURSUIT,
                                                    STEER_BEHAVIOUR_CONTAIN,
                                                    STEER_BEHAVIOUR_AVOID_OBSTACLES,
                                                    STEER_BEHAVIOUR_FOLLOW_WALL,
                                                    STEER_BEHAVIOUR_HIDE,
                                                    STEER_BEHAVIOUR_FOLLOW_FLOW_FIELD,
                                                    STEER_BEHAVIOUR_FOLLOW_PATH,
                                                    STEER_BEHAVIOUR_WANDER_TARGET,
                                                    STEER_BEHAVIOUR_APPROACH,
                                                    STEER_BEHAVIOUR_FORMATION};

static bool same_bits(const steer_agent *a, const steer_agent *b)
{
    return memcmp(&a->position, &b->position, sizeof a->position) == 0 &&
           memcmp(&a->velocity, &b->velocity, sizeof a->velocity) == 0 &&
           memcmp(&a->orientation, &b->orientation, sizeof(float)) == 0 &&
           memcmp(&a->rotation, &b->rotation, sizeof(float)) == 0;
}

/* One step of a world of the kind's item (its parameters off their defaults) against the
 * oracle called agent by agent on the state before the step, blended and integrated as
 * the world does; bit for bit, over several steps. */
static void each_kind_is_its_function(void)
{
    for (size_t q = 0; q < sizeof oracle_kinds / sizeof oracle_kinds[0]; q++) {
        steer_recipe_item it = perturbed_item(oracle_kinds[q]);
        it.weight = 1.0f;
        steer_handle h[ROUND_AGENTS];
        steer_vec3 points[ROUND_AGENTS];
        steer_world *w = kind_world_out(&it, 64, h, points);
        CHECK(w != NULL);
        kept memory[ROUND_AGENTS]; /* what each agent keeps, from zero */
        memset(memory, 0, sizeof memory);
        for (int s = 0; s < 8; s++) {
            steer_agent before[ROUND_AGENTS], after;
            steer_rng rng[ROUND_AGENTS]; /* each agent's own stream, read from the world */
            for (int i = 0; i < ROUND_AGENTS; i++) {
                steer_world_get_agent(w, h[i], &before[i]);
                rng[i] = steer__world_own(w, w->slots[h[i].index].dense).rng;
            }
            CHECK(steer_world_step(w, 1.0f / 30.0f) == STEER_WORLD_OK);
            for (int i = 0; i < ROUND_AGENTS; i++) {
                steer_agent a = before[i];
                steer_weighted one = {
                    oracle(&it, &a, points[i], i > 0 ? &before[i - 1] : NULL, &memory[i], &rng[i]),
                    1.0f};
                steer_agent_step(&a, steer_blend(&a, &one, 1), 1.0f / 30.0f);
                steer_world_get_agent(w, h[i], &after);
                CHECK_MSG(same_bits(&a, &after), "%s, agent %d, step %d",
                          steer_behaviour_name(oracle_kinds[q]), i, s);
            }
        }
        steer_world_destroy(w);
    }
}

/* ---- resources: what a recipe may name, what may be removed ------------------------------- */

static int add_one(steer_world *w, steer_behaviour_kind kind, steer_resource res)
{
    steer_recipe r = steer_recipe_default();
    r.items[r.count] = steer_recipe_item_make(kind, 1.0f);
    r.items[r.count++].resource = res;
    return steer_world_add_recipe(w, &r);
}

/* A recipe naming another world's resource, a removed one, none or one of the wrong kind
 * is refused and registers nothing; a resource a recipe names cannot be removed. */
static void resources_are_checked(void)
{
    test_resources_init();
    steer_world_def def = steer_world_default();
    steer_world *w = steer_world_create(&def), *other = steer_world_create(&def);
    CHECK(w != NULL && other != NULL);
    steer_resource obs, flow, foreign, gone;
    CHECK(steer_world_add_obstacles(w, &test_obstacles, &obs) == STEER_WORLD_OK);
    CHECK(steer_world_add_flow_field(w, &test_flow, &flow) == STEER_WORLD_OK);
    CHECK(steer_world_add_obstacles(other, &test_obstacles, &foreign) == STEER_WORLD_OK);
    CHECK(steer_world_add_obstacles(w, &test_obstacles, &gone) == STEER_WORLD_OK);
    CHECK(steer_world_remove_resource(w, gone) == STEER_WORLD_OK);
    CHECK(steer_world_remove_resource(w, gone) == STEER_WORLD_STALE);
    CHECK(steer_world_remove_resource(w, foreign) == STEER_WORLD_STALE);
    CHECK(add_one(w, STEER_BEHAVIOUR_AVOID_OBSTACLES, foreign) == -1);
    CHECK(add_one(w, STEER_BEHAVIOUR_AVOID_OBSTACLES, gone) == -1);
    CHECK(add_one(w, STEER_BEHAVIOUR_HIDE, steer_resource_none()) == -1);
    CHECK(add_one(w, STEER_BEHAVIOUR_FOLLOW_WALL, flow) == -1);
    CHECK(add_one(w, STEER_BEHAVIOUR_FOLLOW_FLOW_FIELD, obs) == -1);
    steer_recipe poly = steer_recipe_default();
    poly.items[poly.count] = steer_recipe_item_make(STEER_BEHAVIOUR_CONTAIN, 1.0f);
    poly.items[poly.count++].region.kind = STEER_REGION_POLYGON;
    CHECK(steer_world_add_recipe(w, &poly) == -1);
    steer_recipe twice = steer_recipe_default(); /* one random target an agent */
    twice.items[twice.count++] = steer_recipe_item_make(STEER_BEHAVIOUR_WANDER_TARGET, 1.0f);
    twice.items[twice.count++] = steer_recipe_item_make(STEER_BEHAVIOUR_WANDER_TARGET, 1.0f);
    CHECK(steer_world_add_recipe(w, &twice) == -1);
    /* Nothing was registered: the first good recipe is id 0, and only it holds obs. */
    CHECK(steer_world_remove_resource(w, flow) == STEER_WORLD_OK);
    CHECK(add_one(w, STEER_BEHAVIOUR_FOLLOW_WALL, obs) == 0);
    CHECK(steer_world_remove_resource(w, obs) == STEER_WORLD_INVALID);
    CHECK(add_one(w, STEER_BEHAVIOUR_HIDE, obs) == 1); /* still there */
    for (int i = 2; i < STEER_WORLD_RESOURCE_MAX + 1; i++)
        CHECK(steer_world_add_obstacles(w, &test_obstacles, NULL) == STEER_WORLD_OK);
    CHECK(steer_world_add_obstacles(w, &test_obstacles, &gone) == STEER_WORLD_FULL);
    CHECK(gone.generation == 0u);
    steer_world_destroy(w);
    steer_world_destroy(other);
}

/* A snapshot names resources by slot: a world without them refuses it and stays as it
 * was; once it registers the same ones in the same order, the restore succeeds. */
static void restore_needs_the_resources(void)
{
    steer_recipe_item it = perturbed_item(STEER_BEHAVIOUR_AVOID_OBSTACLES);
    steer_world *a = kind_world(&it, 64);
    CHECK(a != NULL);
    steer_world_step(a, 1.0f / 30.0f);
    size_t n = steer_world_snapshot_size(a);
    unsigned char *buf = malloc(n);
    CHECK(buf != NULL);
    CHECK(steer_world_snapshot_write(a, buf, n, NULL) == STEER_SNAPSHOT_OK);
    steer_world_def def = steer_world_default();
    def.capacity = 64;
    steer_world *b = steer_world_create(&def);
    CHECK(b != NULL);
    steer_world_agent_def d = steer_world_agent_default();
    CHECK(steer_world_add(b, &d, NULL) == STEER_WORLD_OK);
    uint64_t before = steer_world_state_hash(b);
    CHECK(steer_world_restore(b, buf, n) == STEER_SNAPSHOT_NO_RESOURCE);
    CHECK(steer_world_state_hash(b) == before && steer_world_count(b) == 1);
    steer_resource r;
    CHECK(steer_world_add_obstacles(b, &test_obstacles, &r) == STEER_WORLD_OK);
    CHECK(steer_world_restore(b, buf, n) == STEER_SNAPSHOT_OK);
    CHECK(steer_world_remove_resource(b, r) == STEER_WORLD_INVALID); /* its recipe names it */
    steer_world_step(a, 1.0f / 30.0f);
    steer_world_step(b, 1.0f / 30.0f);
    CHECK(steer_world_state_hash(a) == steer_world_state_hash(b));
    free(buf);
    steer_world_destroy(a);
    steer_world_destroy(b);
}

/* An agent added into the slot of a removed one starts with a fresh path cursor and random
 * target, as an agent of a new world does. */
static void new_agent_starts_fresh(void)
{
    static const steer_behaviour_kind keeping[] = {
        STEER_BEHAVIOUR_FOLLOW_PATH, STEER_BEHAVIOUR_WANDER_TARGET, STEER_BEHAVIOUR_APPROACH};
    for (size_t q = 0; q < sizeof keeping / sizeof keeping[0]; q++) {
        steer_behaviour_kind kind = keeping[q];
        steer_recipe_item it = steer_recipe_item_make((steer_behaviour_kind)kind, 1.0f);
        steer_world *used = kind_world(&it, 64), *fresh = kind_world(&it, 64);
        CHECK(used != NULL && fresh != NULL);
        for (int s = 0; s < 40; s++) steer_world_step(used, 1.0f / 30.0f);
        steer_handle h = steer_world_handle_at(used, 0), g = steer_world_handle_at(fresh, 0);
        CHECK(steer_world_remove(used, h) == STEER_WORLD_OK);
        CHECK(steer_world_remove(fresh, g) == STEER_WORLD_OK);
        steer_world_agent_def d = steer_world_agent_default();
        d.recipe = 0;
        steer_handle a, b;
        CHECK(steer_world_add(used, &d, &a) == STEER_WORLD_OK && a.index == h.index);
        CHECK(steer_world_add(fresh, &d, &b) == STEER_WORLD_OK);
        for (int s = 0; s < 10; s++) {
            steer_world_step(used, 1.0f / 30.0f);
            steer_world_step(fresh, 1.0f / 30.0f);
        }
        steer_agent x, y;
        steer_world_get_agent(used, a, &x);
        steer_world_get_agent(fresh, b, &y);
        CHECK_MSG(same_bits(&x, &y), "%s", steer_behaviour_name((steer_behaviour_kind)kind));
        steer_world_destroy(used);
        steer_world_destroy(fresh);
    }
}

/* ---- approach walkers ------------------------------------------------------------------ */

static void seal(unsigned char *b, size_t n)
{
    uint64_t h = 0xcbf29ce484222325ULL;
    for (size_t i = 0; i + 8u < n; i++) h = (h ^ b[i]) * 0x100000001b3ULL;
    for (int k = 0; k < 8; k++) b[n - 8u + (size_t)k] = (unsigned char)(h >> (8 * k));
}

static void put32(unsigned char *p, uint32_t v)
{
    for (int k = 0; k < 4; k++) p[k] = (unsigned char)(v >> (8 * k));
}

enum { WALKER_RECORD = 148 };

/* Walkers need the world's room for them: refused without def.walkers, in a recipe and
 * in a restore; a snapshot holds one record per started walker, and records a walk could
 * not continue from are refused as corrupt, the world untouched. */
static void walkers_are_checked(void)
{
    steer_recipe_item it = steer_recipe_item_make(STEER_BEHAVIOUR_APPROACH, 1.0f);
    steer_world_def def = steer_world_default();
    def.capacity = 64;
    steer_world *plain = steer_world_create(&def);
    CHECK(plain != NULL && add_one(plain, STEER_BEHAVIOUR_APPROACH, steer_resource_none()) == -1);
    steer_world *a = kind_world(&it, 64);
    CHECK(a != NULL);
    steer_recipe twice = steer_recipe_default();
    twice.items[twice.count++] = it;
    twice.items[twice.count++] = it;
    CHECK(steer_world_add_recipe(a, &twice) == -1);
    size_t fresh = steer_world_snapshot_size(a); /* no walk started yet */
    for (int s = 0; s < 5; s++) steer_world_step(a, 1.0f / 30.0f);
    size_t n = steer_world_snapshot_size(a);
    CHECK(n == fresh + (size_t)ROUND_AGENTS * WALKER_RECORD);
    unsigned char *buf = malloc(n), *bad = malloc(n);
    CHECK(buf != NULL && bad != NULL);
    CHECK(steer_world_snapshot_write(a, buf, n, NULL) == STEER_SNAPSHOT_OK);
    uint64_t before = steer_world_state_hash(plain);
    CHECK(steer_world_restore(plain, buf, n) == STEER_SNAPSHOT_NO_RESOURCE);
    CHECK(steer_world_state_hash(plain) == before);
    unsigned char *first = bad + n - 8u - (size_t)ROUND_AGENTS * WALKER_RECORD;
    const float nan = NAN;
    uint32_t nan_bits;
    memcpy(&nan_bits, &nan, sizeof nan_bits);
    for (int c = 0; c < 5; c++) {
        memcpy(bad, buf, n);
        if (c == 0) put32(first + 4 + 108, 10u);                      /* 10 points in the plan */
        if (c == 1) put32(first + 4, nan_bits);                       /* a NaN waypoint */
        if (c == 2) put32(first + WALKER_RECORD, 0u);                 /* slot order: 0, 0 */
        if (c == 3) put32(first, 63u);                                /* a free slot */
        if (c == 4) put32(first + 4 + 108 + 4 + 12 + 4, 0x40000000u); /* spline parameter 2 */
        seal(bad, n);
        steer_world *b = kind_world(&it, 64);
        CHECK(b != NULL);
        uint64_t hb = steer_world_state_hash(b);
        CHECK_MSG(steer_world_restore(b, bad, n) == STEER_SNAPSHOT_CORRUPT, "case %d", c);
        CHECK(steer_world_state_hash(b) == hb);
        steer_world_destroy(b);
    }
    free(buf);
    free(bad);
    steer_world_destroy(a);
    steer_world_destroy(plain);
}

TEST_MAIN(TEST(every_kind_has_a_row), TEST(fields_are_parameters), TEST(docs_list_every_kind),
          TEST(snapshot_keeps_every_parameter_read), TEST(each_kind_is_its_function),
          TEST(resources_are_checked), TEST(restore_needs_the_resources),
          TEST(new_agent_starts_fresh), TEST(walkers_are_checked))
