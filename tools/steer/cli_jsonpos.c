/* SPDX-License-Identifier: MIT */
/* cli_jsonpos.c - parsing with cJSON, then recording where every node sits in the text. */
#include "cli_jsonpos.h"

#include <errno.h>
#include <iconv.h>
#include <stdarg.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

/* The walker below only ever sees text cJSON has accepted, so it can skip tokens
 * without checking them; it only has to agree with cJSON on where tokens start. */
typedef struct cli_walker {
    const char *text;
    size_t at;
    cli_json_pos *out;
    size_t count, capacity;
} cli_walker;

static void cli_walk_space(cli_walker *w)
{
    /* cJSON treats every byte up to and including ' ' as white space. */
    while (w->text[w->at] != '\0' && (unsigned char)w->text[w->at] <= 32) w->at++;
}

static void cli_walk_string(cli_walker *w)
{
    w->at++; /* opening quote */
    while (w->text[w->at] != '\0' && w->text[w->at] != '"') {
        if (w->text[w->at] == '\\' && w->text[w->at + 1] != '\0') w->at++;
        w->at++;
    }
    if (w->text[w->at] == '"') w->at++;
}

static void cli_walk_scalar(cli_walker *w)
{
    while (w->text[w->at] != '\0' && strchr(",]} \t\r\n", w->text[w->at]) == NULL) w->at++;
}

static bool cli_walk_record(cli_walker *w, const cJSON *node, size_t key, size_t value)
{
    if (w->count == w->capacity) {
        size_t cap = w->capacity ? w->capacity * 2 : 64;
        cli_json_pos *grown = realloc(w->out, cap * sizeof *grown);
        if (!grown) return false;
        w->out = grown;
        w->capacity = cap;
    }
    w->out[w->count++] = (cli_json_pos){node, key, value};
    return true;
}

static bool cli_walk_value(cli_walker *w, const cJSON *node, size_t key);

/* Objects and arrays: children appear in the text in the order cJSON links them. */
static bool cli_walk_children(cli_walker *w, const cJSON *node, bool keyed)
{
    w->at++; /* '{' or '[' */
    for (const cJSON *child = node->child; child; child = child->next) {
        cli_walk_space(w);
        if (w->text[w->at] == ',') w->at++;
        cli_walk_space(w);
        size_t key = w->at;
        if (keyed) {
            cli_walk_string(w);
            cli_walk_space(w);
            w->at++; /* ':' */
            cli_walk_space(w);
        }
        if (!cli_walk_value(w, child, key)) return false;
    }
    cli_walk_space(w);
    if (w->text[w->at] != '\0') w->at++; /* '}' or ']' */
    return true;
}

static bool cli_walk_value(cli_walker *w, const cJSON *node, size_t key)
{
    cli_walk_space(w);
    size_t value = w->at;
    if (!cli_walk_record(w, node, key, value)) return false;
    if (cJSON_IsObject(node)) return cli_walk_children(w, node, true);
    if (cJSON_IsArray(node)) return cli_walk_children(w, node, false);
    if (w->text[w->at] == '"')
        cli_walk_string(w);
    else
        cli_walk_scalar(w);
    return true;
}

static int cli_pos_compare(const void *a, const void *b)
{
    const cJSON *x = ((const cli_json_pos *)a)->node, *y = ((const cli_json_pos *)b)->node;
    return x < y ? -1 : x > y;
}

static const cli_json_pos *cli_pos_find(const cli_json_doc *doc, const cJSON *node)
{
    cli_json_pos key = {node, 0, 0};
    if (!doc->pos) return NULL;
    return bsearch(&key, doc->pos, doc->pos_count, sizeof key, cli_pos_compare);
}

size_t cli_json_key_offset(const cli_json_doc *doc, const cJSON *node)
{
    const cli_json_pos *p = cli_pos_find(doc, node);
    return p ? p->key : 0;
}

size_t cli_json_value_offset(const cli_json_doc *doc, const cJSON *node)
{
    const cli_json_pos *p = cli_pos_find(doc, node);
    return p ? p->value : 0;
}

/* A UTF-8 byte-order mark is not a character of the first line: columns count from
 * the character after it. */
static size_t cli_json_bom(const cli_json_doc *doc)
{
    return doc->length >= 3 && strncmp(doc->text, "\xEF\xBB\xBF", 3) == 0 ? 3 : 0;
}

void cli_json_line_col(const cli_json_doc *doc, size_t offset, int *line, int *column)
{
    int l = 1, c = 1;
    if (offset > doc->length) offset = doc->length;
    size_t start = cli_json_bom(doc);
    for (size_t i = offset >= start ? start : 0; i < offset; i++) {
        unsigned char ch = (unsigned char)doc->text[i];
        if (ch == '\n') {
            l++;
            c = 1;
        } else if ((ch & 0xC0) != 0x80) {
            c++; /* continuation bytes belong to the character before them */
        }
    }
    *line = l;
    *column = c;
}

bool cli_json_fail_at(cli_error *err, const cli_json_doc *doc, size_t offset, const char *fmt, ...)
{
    char message[600];
    va_list ap;
    va_start(ap, fmt);
    vsnprintf(message, sizeof message, fmt, ap);
    va_end(ap);
    int line, column;
    cli_json_line_col(doc, offset, &line, &column);
    return cli_fail(err, CLI_EXIT_USAGE, "%s:%d:%d: %s", doc->file, line, column, message);
}

/* Finds the first byte of `text` that does not start a valid UTF-8 character (RFC
 * 3629: no overlong forms, surrogates, or code points above U+10FFFF) with glibc's
 * iconv, which rejects all of these. *bad: its offset, or length when all is valid.
 * False (errno set) when iconv cannot be opened. */
static bool cli_utf8_check(const char *text, size_t length, size_t *bad)
{
    iconv_t cd = iconv_open("UTF-32LE", "UTF-8");
    if (cd == (iconv_t)-1) return false;
    char *in = (char *)(uintptr_t)text; /* iconv's prototype is not const-correct */
    size_t left = length;
    char buffer[4096];
    while (left > 0) {
        char *out = buffer;
        size_t room = sizeof buffer;
        if (iconv(cd, &in, &left, &out, &room) == (size_t)-1 && errno != E2BIG) break;
    }
    iconv_close(cd);
    *bad = left > 0 ? (size_t)(in - text) : length;
    return true;
}

/* The first comma outside strings, at or before `limit`, that only white space
 * separates from a '}' or ']'; SIZE_MAX when there is none. */
static size_t cli_json_trailing_comma(const cli_json_doc *doc, size_t limit)
{
    bool in_string = false;
    for (size_t i = cli_json_bom(doc); i < doc->length && i <= limit; i++) {
        char c = doc->text[i];
        if (in_string) {
            if (c == '\\')
                i++;
            else if (c == '"')
                in_string = false;
            continue;
        }
        if (c == '"') in_string = true;
        if (c != ',') continue;
        size_t next = i + 1;
        while (next < doc->length && (unsigned char)doc->text[next] <= 32) next++;
        if (next < doc->length && (doc->text[next] == '}' || doc->text[next] == ']')) return i;
    }
    return SIZE_MAX;
}

/* The bracket after a trailing comma. */
static char cli_json_after_comma(const cli_json_doc *doc, size_t comma)
{
    size_t next = comma + 1;
    while ((unsigned char)doc->text[next] <= 32) next++;
    return doc->text[next];
}

/* cJSON reports where it stopped, not why; say what it stopped on. A trailing comma is
 * named at its own place: cJSON stops after it, or even at the end of the file. */
static bool cli_json_syntax_error(cli_error *err, const cli_json_doc *doc, size_t offset)
{
    while (offset < doc->length && (unsigned char)doc->text[offset] <= 32) offset++;
    size_t comma = cli_json_trailing_comma(doc, offset);
    if (comma != SIZE_MAX)
        return cli_json_fail_at(err, doc, comma,
                                "invalid JSON: trailing comma (no value follows it before '%c')",
                                cli_json_after_comma(doc, comma));
    if (offset >= doc->length)
        return cli_json_fail_at(err, doc, offset,
                                "invalid JSON: unexpected end of file (an object, array or "
                                "string is not closed, or a value is missing)");
    unsigned char ch = (unsigned char)doc->text[offset];
    if (ch >= 33 && ch < 127)
        return cli_json_fail_at(err, doc, offset, "invalid JSON: unexpected '%c'", ch);
    return cli_json_fail_at(err, doc, offset, "invalid JSON: unexpected byte 0x%02x", ch);
}

bool cli_json_doc_parse(cli_json_doc *doc, const char *file, char *text, size_t length,
                        cli_error *err)
{
    memset(doc, 0, sizeof *doc);
    doc->file = file;
    doc->text = text;
    doc->length = length;
    size_t nul = strlen(text);
    if (nul < length) return cli_json_fail_at(err, doc, nul, "invalid JSON: NUL byte in the text");
    size_t bad = 0;
    if (!cli_utf8_check(text, length, &bad))
        return cli_fail(err, CLI_EXIT_RUNTIME, "%s: cannot check the text's UTF-8: %s", file,
                        strerror(errno));
    if (bad < length)
        return cli_json_fail_at(err, doc, bad,
                                "invalid UTF-8 (byte 0x%02x): the file must be UTF-8 text",
                                (unsigned char)text[bad]);
    const char *end = NULL;
    doc->root = cJSON_ParseWithOpts(text, &end, 1);
    if (!doc->root) return cli_json_syntax_error(err, doc, end ? (size_t)(end - text) : 0);
    cli_walker w = {text, 0, NULL, 0, 0};
    if (strncmp(text, "\xEF\xBB\xBF", 3) == 0) w.at = 3; /* cJSON skips a UTF-8 BOM too */
    if (!cli_walk_value(&w, doc->root, 0)) {
        free(w.out);
        return cli_fail(err, CLI_EXIT_RUNTIME, "%s: out of memory", file);
    }
    qsort(w.out, w.count, sizeof *w.out, cli_pos_compare);
    doc->pos = w.out;
    doc->pos_count = w.count;
    return true;
}

void cli_json_doc_free(cli_json_doc *doc)
{
    if (!doc) return;
    cJSON_Delete(doc->root);
    free(doc->text);
    free(doc->pos);
    memset(doc, 0, sizeof *doc);
}
