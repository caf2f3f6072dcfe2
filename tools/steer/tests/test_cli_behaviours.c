/* SPDX-License-Identifier: MIT */
/* The tool's behaviour names against the world's table (src/world_behaviours.c): a kind
 * the tool's runner and the world both have is spelled the same in both, and every
 * parameter the world serialises for it is one the tool's scenario files can set (under
 * the same key); the kinds only the world has are listed here, so a new world kind is
 * either given to the tool or added to that list on purpose. */
#include "cli_behaviour.h"
#include "test.h"

#include "world_behaviours.h"

/* World kinds the tool's runner has no row for: the neighbourhood kinds run in the
 * tool's "flock" and "crowd" sections, through the world itself; interpose and offset
 * pursuit need two agents or a leader's frame, which the runner's targets do not give;
 * scenario files have no flow fields. */
static const char *const world_only[] = {
    "none",           "separation",        "alignment",    "cohesion",
    "queue",          "follow_leader",     "avoid_agents", "interpose",
    "offset_pursuit", "follow_flow_field", "formation"};

static bool is_world_only(const char *name)
{
    for (size_t k = 0; k < sizeof world_only / sizeof world_only[0]; k++)
        if (strcmp(world_only[k], name) == 0) return true;
    return false;
}

/* A field's key as the tool spells it: the part after the parameter group
 * ("arrive.slow_radius" -> "slow_radius", "region.min.x" -> "min"); NULL for the fields
 * the tool sets another way: a region's kind (from whether "center" is given), the
 * resource an item names (the tool's runner reads the scenario's obstacles and paths),
 * and the arrival at the end of a path or of an approach walk, of which the tool offers the
 * two radii; the walker's leg rule is one level deeper ("approach.approach.min_step"). */
static const char *field_leaf(const char *key, char *buf, size_t n)
{
    if (strcmp(key, "region.kind") == 0 || strncmp(key, "resource.", 9) == 0) return NULL;
    if (strncmp(key, "follow.arrive.", 14) == 0)
        return strstr(key, "radius") != NULL ? key + 14 : NULL;
    if (strncmp(key, "approach.arrive.", 16) == 0)
        return strstr(key, "radius") != NULL ? key + 16 : NULL;
    if (strncmp(key, "approach.approach.", 18) == 0) return key + 18;
    const char *dot = strchr(key, '.');
    snprintf(buf, n, "%s", dot != NULL ? dot + 1 : key);
    char *end = strchr(buf, '.');
    if (end != NULL) *end = '\0';
    return buf;
}

static bool tool_has_param(const cli_behaviour_kind *kind, const char *key)
{
    for (int p = 0; p < kind->param_count; p++)
        if (strcmp(kind->params[p].key, key) == 0) return true;
    return false;
}

static void world_names_are_the_tools(void)
{
    for (int k = 0; k < STEER_BEHAVIOUR_KIND_COUNT; k++) {
        const char *name = steer_behaviour_name((steer_behaviour_kind)k);
        int t = cli_behaviour_kind_find(name);
        CHECK_MSG((t >= 0) != is_world_only(name),
                  "world kind %s: the tool %s it, the list of world-only kinds %s it", name,
                  t >= 0 ? "has" : "lacks", is_world_only(name) ? "has" : "lacks");
        if (t < 0) continue;
        const steer_world_behaviour *row = steer__world_behaviour((steer_behaviour_kind)k);
        for (int f = 0; f < row->field_count; f++) {
            char buf[64];
            const char *leaf = field_leaf(row->fields[f].key, buf, sizeof buf);
            if (leaf != NULL)
                CHECK_MSG(tool_has_param(cli_behaviour_kind_at(t), leaf),
                          "%s: the tool has no parameter \"%s\"", name, leaf);
        }
    }
}

TEST_MAIN(TEST(world_names_are_the_tools))
