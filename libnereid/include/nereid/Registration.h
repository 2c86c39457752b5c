#ifndef NEREID_REGISTRATION_H
#define NEREID_REGISTRATION_H

namespace mlir {
class DialectRegistry;
} // namespace mlir

namespace mlir::nereid {

/// Adds every dialect that Nereid's IR may hold to `registry`: core's own and the upstream ones
/// tt IR is written in, then each registered backend's (the dialects of its stages, so that the
/// IR text of any stage can be read back). nereid-opt and the C API share this list, so that
/// any IR one accepts the other does too.
void registerAllDialects(DialectRegistry &registry);

/// Registers every pass and named pipeline, core's and each registered backend's, and the
/// upstream passes they use, so that textual pipelines can name them. Call it once.
void registerAllPasses();

/// The registered backends (NEREID_BACKENDS), as their names in lower case separated by
/// commas, in registration order: "cpu,nvidia,amd".
const char *getRegisteredBackendNames();

/// Registers the target families of every registered backend (registerTargetFamily), so that
/// `ttg.target` strings can be read. It may be called any number of times.
void registerAllTargets();

} // namespace mlir::nereid

#endif // NEREID_REGISTRATION_H
