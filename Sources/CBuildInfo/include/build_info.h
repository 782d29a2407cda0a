#ifndef TRANSITION_SIM_BUILD_INFO_H
#define TRANSITION_SIM_BUILD_INFO_H

/// The version and commit the binary was built from (Package.swift passes them in from the
/// build's environment: TRANSITION_SIM_VERSION, TRANSITION_SIM_COMMIT).
const char *build_info_version(void);
const char *build_info_commit(void);
/// The running executable's GNU build id (the linker's hash of the binary) as lower-case hex,
/// "" when it has none. Computed on the first call.
const char *build_info_binary_id(void);

#endif
