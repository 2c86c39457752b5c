#ifndef NEREID_SUPPORT_LOCATION_H
#define NEREID_SUPPORT_LOCATION_H

#include "mlir/IR/Location.h"

#include <optional>

namespace mlir::nereid {

/// The first file:line:col inside `location`, looking through fused, named and call-site
/// locations (for a call site, the callee's location: the line the kernel author wrote). Every
/// report that points a kernel author at a source line (C API diagnostics, interpreter
/// violations) finds it this way, so that they all name the same line.
std::optional<FileLineColLoc> findFileLocation(Location location);

} // namespace mlir::nereid

#endif // NEREID_SUPPORT_LOCATION_H
