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
            CHECK_MSG(fd->offset >= first && fd->offset + 4u <= sizeof(steer_recipe_item) &&
                          fd->offset % 4u == 0u && fd->key != NULL && strchr(fd->key, '.'),
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

/* Every parameter of the item moved off its default: a parameter the kind reads but its
 * row does not list then comes back from a snapshot as the default, and the restored
 * world steps differently. */
static steer_recipe_item perturbed_item(steer_behaviour_kind kind)
{
    steer_recipe_item it = steer_recipe_item_make(kind, 1.5f);
    const size_t first = offsetof(steer_recipe_item, group) + sizeof(int);
    for (size_t o = first; o + sizeof(float) <= sizeof it; o += sizeof(float)) {
        float v;
        memcpy(&v, (char *)&it + o, sizeof v);
        v = v * 0.75f + 0.0625f;
        memcpy((char *)&it + o, &v, sizeof v);
    }
    return it;
}

/* A small world whose every agent runs `item`, with a target point and a target agent. */
static steer_world *kind_world(const steer_recipe_item *item, int capacity)
{
    steer_world_def def = steer_world_default();
    def.capacity = capacity;
    def.seed = 5u;
    steer_world *w = steer_world_create(&def);
    if (w == NULL) return NULL;
    steer_recipe r = steer_recipe_default();
    r.items[r.count++] = *item;
    int recipe = steer_world_add_recipe(w, &r);
    steer_rng rng = steer_rng_make(9u, 1u);
    steer_handle prev = steer_handle_none();
    for (int i = 0; i < ROUND_AGENTS; i++) {
        steer_world_agent_def d = steer_world_agent_default();
        d.agent.position = steer_v3(steer_rng_range(&rng, -6, 6), steer_rng_range(&rng, -6, 6), 0);
        d.agent.velocity = steer_v3(steer_rng_range(&rng, -2, 2), steer_rng_range(&rng, -2, 2), 0);
        d.agent.orientation = steer_rng_range(&rng, -3, 3);
        d.recipe = recipe;
        d.target = steer_v3(steer_rng_range(&rng, -8, 8), steer_rng_range(&rng, -8, 8), 0);
        d.target_agent = prev;
        steer_world_add(w, &d, &prev);
    }
    return w;
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

TEST_MAIN(TEST(every_kind_has_a_row), TEST(fields_are_parameters), TEST(docs_list_every_kind),
          TEST(snapshot_keeps_every_parameter_read))
