/* cli_load_scene.c - the scenery of a scenario file: the grid map, with a place in the
 * file for every error. */
#include "cli_behaviour.h"
#include "cli_load_internal.h"

#include <stdlib.h>
#include <string.h>

/* ---- grid ---------------------------------------------------------------------------- */

/* The map's rows joined with '\n', as a map file would hold them. NULL when out of
 * memory or a row is not a string (*bad is then that row). */
static char *cli_join_rows(const cJSON *map, size_t *length, const cJSON **bad)
{
    size_t total = 0;
    *bad = NULL;
    for (const cJSON *row = map->child; row; row = row->next) {
        if (!cJSON_IsString(row)) {
            *bad = row;
            return NULL;
        }
        total += strlen(row->valuestring) + 1;
    }
    char *text = malloc(total + 1);
    if (!text) return NULL;
    size_t at = 0;
    for (const cJSON *row = map->child; row; row = row->next) {
        size_t n = strlen(row->valuestring);
        memcpy(text + at, row->valuestring, n);
        text[at + n] = '\n';
        at += n + 1;
    }
    text[at] = '\0';
    *length = at;
    return text;
}

/* A map error at its row and column: the row is the line'th string of the array. */
static bool cli_grid_fail(cli_loader *ld, const cJSON *map, const steer_grid_error *e)
{
    const cJSON *row = map;
    if (e->line > 0) row = cJSON_GetArrayItem(map, e->line - 1);
    if (!row || row == map)
        return cli_json_fail_at(ld->err, &ld->doc, cli_json_value_offset(&ld->doc, map), "%s",
                                e->message);
    size_t column = e->column > 0 ? (size_t)e->column : 1u; /* the quote is column 0 */
    return cli_json_fail_at(ld->err, &ld->doc, cli_json_value_offset(&ld->doc, row) + column, "%s",
                            e->message);
}

static bool cli_parse_map(cli_loader *ld, const cJSON *map, const char *text, size_t length)
{
    steer_grid_error e;
    int width = 0, height = 0;
    if (!steer_grid_text_size(text, length, &width, &height, &e)) return cli_grid_fail(ld, map, &e);
    size_t cells = steer_grid_cells_needed(width, height);
    uint8_t *bytes = malloc(cells ? cells : 1u);
    if (!bytes) return cli_fail(ld->err, CLI_EXIT_RUNTIME, "out of memory");
    cli_grid_map *g = &ld->s->grid;
    if (!steer_grid_from_text(&g->grid, bytes, cells, text, length, &e)) {
        free(bytes);
        return cli_grid_fail(ld, map, &e);
    }
    g->present = true;
    return true;
}

static bool cli_load_map(cli_loader *ld, const cJSON *grid)
{
    const cJSON *map = cJSON_GetObjectItemCaseSensitive(grid, "map");
    if (!map) return cli_bad_value(ld, grid, "%s", "a \"grid\" needs a \"map\"");
    if (!cJSON_IsArray(map) || cJSON_GetArraySize(map) < 1)
        return cli_bad_value(ld, map, "%s",
                             "expected the map as an array of rows, strings of '.' and '#'");
    size_t length = 0;
    const cJSON *bad = NULL;
    char *text = cli_join_rows(map, &length, &bad);
    if (bad) return cli_bad_value(ld, bad, "%s", "expected a row of '.' and '#' (a string)");
    if (!text) return cli_fail(ld->err, CLI_EXIT_RUNTIME, "out of memory");
    bool ok = cli_parse_map(ld, map, text, length);
    free(text);
    return ok;
}

bool cli_load_grid(cli_loader *ld, const cJSON *grid)
{
    static const char *const keys[] = {"origin", "cell_size", "map"};
    if (!grid) return true;
    if (!cli_check_object(ld, grid, "\"grid\"", keys, CLI_COUNT(keys))) return false;
    steer_grid_frame *f = &ld->s->grid.frame;
    *f = steer_grid_frame_default();
    f->plane = ld->s->space == STEER_SPACE_XY ? STEER_SPACE_XY : STEER_SPACE_XZ;
    if (!cli_get_vec3(ld, grid, "origin", &f->origin) ||
        !cli_get_float(ld, grid, "cell_size", 1e-6f, &f->cell_size))
        return false;
    return cli_load_map(ld, grid);
}

/* ---- agents on the grid ---------------------------------------------------------------- */

static bool cli_fail_behaviour(cli_loader *ld, const cli_behaviour *b, const char *message)
{
    const char *kind = cli_behaviour_kind_at(b->kind)->name;
    return cli_json_fail_at(ld->err, &ld->doc, b->offset, "a \"%s\" behaviour %s", kind, message);
}

static bool cli_check_grid_agent(cli_loader *ld, cli_agent_def *d, const cli_behaviour *b)
{
    if (!ld->s->grid.present)
        return cli_fail_behaviour(ld, b, "moves on the scenario's \"grid\", which is missing");
    if (d->behaviour_count > 1)
        return cli_fail_behaviour(ld, b, "moves the agent cell by cell: it must be its only one");
    steer_cell c = cli_grid_cell_of(ld->s, d->agent.position);
    if (!steer_grid_is_free(&ld->s->grid.grid, c))
        return cli_fail_behaviour(ld, b, "needs its agent's position on a free cell of the grid");
    d->agent.position = cli_grid_center(ld->s, c);
    d->agent.velocity = steer_v3_zero();
    return true;
}

bool cli_check_grid_agents(cli_loader *ld)
{
    for (int i = 0; i < ld->s->agent_count; i++) {
        cli_agent_def *d = &ld->s->agents[i];
        for (int k = 0; k < d->behaviour_count; k++)
            if (cli_behaviour_is_grid(&d->behaviours[k])) {
                if (!cli_check_grid_agent(ld, d, &d->behaviours[k])) return false;
                break;
            }
    }
    return true;
}
