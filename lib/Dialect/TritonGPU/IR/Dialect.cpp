#include "nereid/Dialect/TritonGPU/IR/Dialect.h"
#include "nereid/Target/TargetInfo.h"

#include "mlir/IR/BuiltinOps.h"
#include "mlir/IR/DialectImplementation.h"
#include "mlir/IR/OpImplementation.h"
#include "llvm/Support/MathExtras.h"

using namespace mlir;
using namespace mlir::nereid::ttg;

#include "nereid/Dialect/TritonGPU/IR/Dialect.cpp.inc"

namespace {

/// Prints encodings as aliases (#blocked, #blocked1, #slice, ...), as Triton's dumps do.
struct TritonGPUOpAsmInterface : public OpAsmDialectInterface {
  using OpAsmDialectInterface::OpAsmDialectInterface;

  AliasResult getAlias(Attribute attr, raw_ostream &os) const override {
    if (isa<BlockedEncodingAttr>(attr)) {
      os << "blocked";
      return AliasResult::FinalAlias;
    }
    if (isa<SliceEncodingAttr>(attr)) {
      os << "slice";
      return AliasResult::FinalAlias;
    }
    if (isa<NvidiaMmaEncodingAttr, AmdMfmaEncodingAttr>(attr)) {
      os << "mma";
      return AliasResult::FinalAlias;
    }
    if (isa<SharedEncodingAttrInterface>(attr)) {
      os << "shared";
      return AliasResult::FinalAlias;
    }
    return AliasResult::NoAlias;
  }
};

} // namespace

void TritonGPUDialect::initialize() {
  registerAttributes();
  registerTypes();
  addOperations<
#define GET_OP_LIST
#include "nereid/Dialect/TritonGPU/IR/Ops.cpp.inc"
      >();
  addInterfaces<TritonGPUOpAsmInterface>();
}

LogicalResult TritonGPUDialect::verifyOperationAttribute(Operation *op, NamedAttribute attr) {
  StringRef name = attr.getName().getValue();
  if (name != kTargetAttrName && name != kNumWarpsAttrName)
    return op->emitError() << "unknown ttg attribute '" << name << "'";
  if (!isa<ModuleOp>(op))
    return op->emitError() << "'" << name << "' is a module attribute";
  if (name == kTargetAttrName) {
    auto target = dyn_cast<StringAttr>(attr.getValue());
    if (!target || target.getValue().empty())
      return op->emitError() << "'" << name << "' must be a non-empty string such as \"cuda:90\"";
    llvm::Expected<std::unique_ptr<nereid::TargetInfo>> info =
        nereid::createTargetInfo(target.getValue());
    if (!info)
      return op->emitError() << llvm::toString(info.takeError());
    // The warps of a program must fit the target (one on a CPU).
    if (auto numWarps = op->getAttrOfType<IntegerAttr>(kNumWarpsAttrName);
        numWarps && numWarps.getInt() > static_cast<int64_t>((*info)->getMaxWarps()))
      return op->emitError() << "'" << kNumWarpsAttrName << "' is " << numWarps.getInt() << " but "
                             << target.getValue() << " allows at most " << (*info)->getMaxWarps();
    return success();
  }
  auto numWarps = dyn_cast<IntegerAttr>(attr.getValue());
  if (!numWarps || !numWarps.getType().isSignlessInteger(32) || numWarps.getInt() <= 0 ||
      !llvm::isPowerOf2_64(numWarps.getInt()))
    return op->emitError() << "'" << name << "' must be a positive power of two of type i32";
  return success();
}
