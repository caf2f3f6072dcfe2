/* SPDX-License-Identifier: MIT */
/* The version compiled into the library, for a game to check against the headers. */
#include "steer/base.h"

int steer_version(void)
{
    return STEER_VERSION;
}

const char *steer_version_string(void)
{
    return STEER_VERSION_STRING;
}
