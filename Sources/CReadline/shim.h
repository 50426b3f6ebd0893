// readline.h uses FILE without including stdio.h, so stdio comes first.
#include <stdio.h>
#include <readline/readline.h>
#include <readline/history.h>
