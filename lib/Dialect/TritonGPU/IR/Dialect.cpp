#include "nereid/Dialect/TritonGPU/IR/Dialect.h"
#include "nereid/Target/TargetInfo.h"

#include "mlir/IR/BuiltinOps.h"
#include "mlir/IR/DialectImplementation.h"
#include "mlir/IR/OpImplementation.h"
#include "llvm/ADT/DenseSet.h"
#include "llvm/Support/MathExtras.h"

using namespace mlir;
using namespace mlir::nereid::ttg;

#include "nereid/Dialect/TritonGPU/IR/Dialect.cpp.inc"

namespace {

/// Prints encodings as aliases (#blocked, #blocked1, #slice, ...), as Triton's dumps do; the
/// backends' tensor-core encodings too (#mma), since the printer asks every dialect.
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
    if (isa<TensorCoreEncodingAttrInterface>(attr)) {
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

/// Checks that the register layout of `type` (a tensor type of `op`) fits `target` (when
/// given) and the module's `numWarps` (when set): a GPU layout has exactly the target's lanes
/// per warp (32 on NVIDIA, 64 on AMD); a CPU layout at most the SIMD lanes of one vector of its
/// elements (of their pointee for pointers), since a tile may be smaller than a vector; and
/// every layout has `numWarps` warps. Types without a distributed encoding pass.
static LogicalResult verifyLayoutFitsTarget(Operation *op, Type type,
                                            const nereid::TargetInfo *target,
                                            std::optional<int64_t> numWarps) {
  auto tensor = dyn_cast<RankedTensorType>(type);
  if (!tensor)
    return success();
  auto encoding = dyn_cast_or_null<DistributedEncodingAttrInterface>(tensor.getEncoding());
  if (!encoding)
    return success();
  // The parser verifies the encoding of every type it reads, but a type that a pass built was
  // never verified, and its LinearLayout may not exist (a tensor of too many elements): check
  // it here, before building the layout.
  if (failed(cast<VerifiableTensorEncoding>(encoding).verifyEncoding(
          tensor.getShape(), tensor.getElementType(),
          [&] { return op->emitOpError() << "holds " << type << ": "; })))
    return failure();
  nereid::LinearLayout layout = encoding.toLinearLayout(tensor.getShape());
  int64_t lanes = layout.getInDimSize(nereid::LinearLayout::kLane);
  int64_t warps = layout.getInDimSize(nereid::LinearLayout::kWarp);
  Type elementType = nereid::tt::getPointeeType(tensor.getElementType());
  int64_t targetLanes = target ? target->getNumLanes(elementType) : lanes;
  if (target && target->getLaneModel() == nereid::LaneModel::VectorElement) {
    if (lanes > targetLanes)
      return op->emitOpError() << "expects " << type << " to have at most " << targetLanes
                               << " lanes (one vector of " << elementType << ") on "
                               << target->getName() << "; its layout has " << lanes;
  } else if (lanes != targetLanes) {
    return op->emitOpError() << "expects " << type << " to have " << targetLanes
                             << " lanes per warp on " << target->getName() << "; its layout has "
                             << lanes;
  }
  if (numWarps && warps != *numWarps)
    return op->emitOpError() << "expects " << type << " to have " << *numWarps << " warps ('"
                             << TritonGPUDialect::kNumWarpsAttrName << "'); its layout has "
                             << warps;
  return success();
}

/// verifyLayoutFitsTarget for the type of every value in `module`; `target` is null when the
/// module names none.
static LogicalResult verifyLayoutsFitTarget(ModuleOp module, const nereid::TargetInfo *target) {
  std::optional<int64_t> numWarps;
  if (auto attr = module->getAttrOfType<IntegerAttr>(TritonGPUDialect::kNumWarpsAttrName))
    numWarps = attr.getInt();
  // Each type is checked once, at its first op.
  llvm::DenseSet<Type> checked;
  auto check = [&](Operation *op, Type type) {
    return !checked.insert(type).second ? success()
                                        : verifyLayoutFitsTarget(op, type, target, numWarps);
  };
  WalkResult result = module.walk([&](Operation *op) {
    for (Type type : op->getResultTypes())
      if (failed(check(op, type)))
        return WalkResult::interrupt();
    for (Region &region : op->getRegions())
      for (Block &block : region)
        for (BlockArgument argument : block.getArguments())
          if (failed(check(op, argument.getType())))
            return WalkResult::interrupt();
    return WalkResult::advance();
  });
  return failure(result.wasInterrupted());
}

LogicalResult TritonGPUDialect::verifyOperationAttribute(Operation *op, NamedAttribute attr) {
  StringRef name = attr.getName().getValue();
  if (name != kTargetAttrName && name != kNumWarpsAttrName && name != kSharedMemoryAttrName)
    return op->emitError() << "unknown ttg attribute '" << name << "'";
  if (!isa<ModuleOp>(op))
    return op->emitError() << "'" << name << "' is a module attribute";
  if (name == kSharedMemoryAttrName) {
    auto bytes = dyn_cast<IntegerAttr>(attr.getValue());
    if (!bytes || !bytes.getType().isSignlessInteger(32) || bytes.getInt() < 0)
      return op->emitError() << "'" << name << "' must be a non-negative i32 (bytes)";
    return success();
  }
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
    return verifyLayoutsFitTarget(cast<ModuleOp>(op), info->get());
  }
  auto numWarps = dyn_cast<IntegerAttr>(attr.getValue());
  if (!numWarps || !numWarps.getType().isSignlessInteger(32) || numWarps.getInt() <= 0 ||
      !llvm::isPowerOf2_64(numWarps.getInt()))
    return op->emitError() << "'" << name << "' must be a positive power of two of type i32";
  // With a target, its verification checks the layouts against both attributes.
  if (op->hasAttr(kTargetAttrName))
    return success();
  return verifyLayoutsFitTarget(cast<ModuleOp>(op), nullptr);
}
