#ifndef NEREID_REGISTRATION_H
#define NEREID_REGISTRATION_H

namespace mlir {
class DialectRegistry;
} // namespace mlir

namespace mlir::nereid {

/// Adds every dialect that Nereid's IR may hold, its own and the upstream ones it uses, to
/// `registry`. nereid-opt and the C API share this list, so that any IR one accepts the other
/// does too.
void registerAllDialects(DialectRegistry &registry);

/// Registers every pass and named pipeline of Nereid, and the upstream passes it uses, so that
/// textual pipelines can name them.
void registerAllPasses();

} // namespace mlir::nereid

#endif // NEREID_REGISTRATION_H
