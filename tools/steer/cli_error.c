/* SPDX-License-Identifier: MIT */
/* cli_error.c - filling a cli_error. */
#include "cli_error.h"

#include <stdarg.h>
#include <stdio.h>

bool cli_fail(cli_error *err, int code, const char *fmt, ...)
{
    if (!err) return false;
    va_list ap;
    va_start(ap, fmt);
    vsnprintf(err->text, sizeof err->text, fmt, ap);
    va_end(ap);
    err->code = code;
    return false;
}
