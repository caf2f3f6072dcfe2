/* SPDX-License-Identifier: MIT */
/* cli_jsonpos.h - a parsed JSON document that remembers where each value came from.
 *
 * cJSON builds a tree but keeps no positions, and errors about meaning ("unknown agent
 * 'bob'", "speed must be >= 0") are found after parsing, so they would lose their
 * line:column. After cJSON accepts the text, a second pass walks the text and the tree
 * together (both are in document order) and records, for every node, the offset of its
 * key and of its value. Any later message can then point at the exact key or value.
 */
#ifndef CLI_JSONPOS_H
#define CLI_JSONPOS_H

#include "cli_error.h"

#include <cjson/cJSON.h>
#include <stddef.h>

typedef struct cli_json_pos {
    const cJSON *node;
    size_t key;   /* offset of the member's key (the value's offset for array items) */
    size_t value; /* offset of the first character of the value */
} cli_json_pos;

typedef struct cli_json_doc {
    const char *file; /* name used in messages (not owned) */
    char *text;       /* owned, NUL-terminated */
    size_t length;
    cJSON *root;
    cli_json_pos *pos; /* sorted by node address */
    size_t pos_count;
} cli_json_doc;

/* Parses `text` (taking ownership: it is freed by cli_json_doc_free, even on failure).
 * On a syntax error, or a byte that is not valid UTF-8 anywhere in the text, fills err
 * with "file:line:column: ..." and returns false. */
bool cli_json_doc_parse(cli_json_doc *doc, const char *file, char *text, size_t length,
                        cli_error *err);

/* Frees everything the document owns. Safe on a zeroed or failed document. */
void cli_json_doc_free(cli_json_doc *doc);

/* Offsets of a node's key and value; 0 when the node is unknown. */
size_t cli_json_key_offset(const cli_json_doc *doc, const cJSON *node);
size_t cli_json_value_offset(const cli_json_doc *doc, const cJSON *node);

/* 1-based line and column (in characters, counting UTF-8 sequences as one; a
 * byte-order mark at the start is not counted) of an offset. */
void cli_json_line_col(const cli_json_doc *doc, size_t offset, int *line, int *column);

/* Fails with CLI_EXIT_USAGE and "file:line:column: <message>" at `offset`. */
#if defined(__GNUC__)
__attribute__((format(printf, 4, 5)))
#endif
bool cli_json_fail_at(cli_error *err, const cli_json_doc *doc, size_t offset, const char *fmt,
                      ...);

#endif /* CLI_JSONPOS_H */
