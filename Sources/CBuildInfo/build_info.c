// C, because only a C target can take a string from the build (a -D define): Swift's defines are
// flags without values.
#include "build_info.h"

const char *build_info_version(void) { return TRANSITION_SIM_VERSION; }
const char *build_info_commit(void) { return TRANSITION_SIM_COMMIT; }
