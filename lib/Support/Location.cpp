#include "nereid/Support/Location.h"

#include "mlir/IR/BuiltinAttributes.h"

namespace mlir::nereid {

std::optional<FileLineColLoc> findFileLocation(Location location) {
  std::optional<FileLineColLoc> found;
  location->walk([&](Location inner) {
    if (auto fileLocation = dyn_cast<FileLineColLoc>(inner)) {
      found = fileLocation;
      return WalkResult::interrupt();
    }
    return WalkResult::advance();
  });
  return found;
}

} // namespace mlir::nereid
