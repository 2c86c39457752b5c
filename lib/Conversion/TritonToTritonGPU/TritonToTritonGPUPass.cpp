// convert-tt-to-ttg: the driver of layout assignment. It settles the target and the number of
// warps, records them as module attributes, and converts every op onto tensors with layouts
// (TritonGPUTypeConverter, TritonToTritonGPUPatterns.cpp).

#include "TritonGPUTypeConverter.h"

#include "nereid/Conversion/Passes.h"
#include "nereid/Dialect/Triton/IR/Dialect.h"
#include "nereid/Tools/LinearLayout.h"

#include "mlir/Dialect/Arith/IR/Arith.h"
#include "mlir/Dialect/Math/IR/Math.h"
#include "mlir/Dialect/SCF/IR/SCF.h"
#include "mlir/Dialect/SCF/Transforms/Patterns.h"
#include "mlir/IR/BuiltinOps.h"
#include "mlir/IR/Iterators.h"
#include "llvm/Support/MathExtras.h"

namespace mlir::nereid {

#define GEN_PASS_DEF_CONVERTTRITONTOTRITONGPUPASS
#include "nereid/Conversion/Passes.h.inc"

namespace {

/// Whether `type` is a tensor that still needs a layout.
bool lacksEncoding(Type type) {
  auto tensorType = dyn_cast<RankedTensorType>(type);
  return tensorType && !tensorType.getEncoding();
}

/// Whether `op` holds a tensor without a layout: as an operand, a result or a block argument.
bool holdsTensorWithoutLayout(Operation *op) {
  if (llvm::any_of(op->getOperandTypes(), lacksEncoding) ||
      llvm::any_of(op->getResultTypes(), lacksEncoding))
    return true;
  for (Region &region : op->getRegions())
    for (Block &block : region)
      if (llvm::any_of(block.getArgumentTypes(), lacksEncoding))
        return true;
  return false;
}

/// Why a layout cannot describe `type`, a tensor type without a layout, or an empty string: it
/// has no dimension, or a dimension that is not a power of two of at most 2^30 (the most that
/// one LinearLayout dimension holds).
std::string whyShapeHasNoLayout(RankedTensorType type) {
  if (type.getRank() == 0)
    return "a tensor needs at least one dimension";
  for (int64_t size : type.getShape())
    if (size <= 0 || !llvm::isPowerOf2_64(size) ||
        size > (int64_t{1} << LinearLayout::kMaxDimSizeLog2))
      return "every dimension must be a power of two of at most 2^" +
             std::to_string(LinearLayout::kMaxDimSizeLog2);
  return "";
}

/// If a tensor type of `op` without a layout (an operand, a result or a block argument) has a
/// shape that a layout cannot describe, emits an error naming it and fails.
LogicalResult verifyShapesHaveLayouts(Operation *op) {
  auto check = [&](Type type) -> LogicalResult {
    auto tensorType = dyn_cast<RankedTensorType>(type);
    if (!tensorType || tensorType.getEncoding())
      return success();
    std::string reason = whyShapeHasNoLayout(tensorType);
    if (reason.empty())
      return success();
    return op->emitError() << "convert-tt-to-ttg cannot lay out " << type << " of '"
                           << op->getName() << "': " << reason;
  };
  for (Type type : llvm::concat<Type>(op->getOperandTypes(), op->getResultTypes()))
    if (failed(check(type)))
      return failure();
  for (Region &region : op->getRegions())
    for (Block &block : region)
      for (Type type : block.getArgumentTypes())
        if (failed(check(type)))
          return failure();
  return success();
}

/// Whether every tensor of `op` without a layout (an operand, a result or a block argument)
/// gets one from `typeConverter` that a LinearLayout can describe; if not, emits an error that
/// names the tensor's type. A tensor of more elements than the layout's registers, lanes and
/// warps can index (2^30 each) has none.
LogicalResult verifyDefaultLayouts(Operation *op, const TypeConverter &typeConverter) {
  auto check = [&](Type type) -> LogicalResult {
    auto tensorType = dyn_cast<RankedTensorType>(type);
    if (!tensorType || tensorType.getEncoding())
      return success();
    auto converted = dyn_cast_or_null<RankedTensorType>(typeConverter.convertType(tensorType));
    auto encoding = converted ? dyn_cast_or_null<VerifiableTensorEncoding>(converted.getEncoding())
                              : VerifiableTensorEncoding();
    if (!encoding)
      return success();
    return encoding.verifyEncoding(converted.getShape(), converted.getElementType(), [&] {
      return op->emitError() << "convert-tt-to-ttg cannot lay out " << type << " of '"
                             << op->getName() << "': ";
    });
  };
  for (Type type : op->getOperandTypes())
    if (failed(check(type)))
      return failure();
  for (Type type : op->getResultTypes())
    if (failed(check(type)))
      return failure();
  for (Region &region : op->getRegions())
    for (Block &block : region)
      for (Type type : block.getArgumentTypes())
        if (failed(check(type)))
          return failure();
  return success();
}

/// The element type whose vector register sets the lanes on a CPU: the widest element of any
/// tensor in the module (the pointee, for pointers), so that every tensor's layout has at most
/// one vector of its elements in lanes, as the ttg verifier requires; f32 when the module has
/// no tensors.
Type getCpuLaneType(ModuleOp module) {
  Type widest;
  auto visit = [&](Type type) {
    auto tensorType = dyn_cast<RankedTensorType>(type);
    if (!tensorType)
      return;
    Type element = tt::getPointeeType(tensorType.getElementType());
    if (!widest || getElementBitWidth(element) > getElementBitWidth(widest))
      widest = element;
  };
  module.walk([&](Operation *op) {
    llvm::for_each(op->getResultTypes(), visit);
    for (Region &region : op->getRegions())
      for (Block &block : region)
        llvm::for_each(block.getArgumentTypes(), visit);
  });
  return widest ? widest : Float32Type::get(module.getContext());
}

/// Erases the layout conversions that the patterns left unused and those between equal types.
void removeTrivialConversions(ModuleOp module) {
  module.walk<WalkOrder::PostOrder, ReverseIterator>([](ttg::ConvertLayoutOp op) {
    if (op.getSrc().getType() == op.getType())
      op.getResult().replaceAllUsesWith(op.getSrc());
    if (op->use_empty())
      op->erase();
  });
}

struct ConvertTritonToTritonGPUPass
    : impl::ConvertTritonToTritonGPUPassBase<ConvertTritonToTritonGPUPass> {
  using ConvertTritonToTritonGPUPassBase::ConvertTritonToTritonGPUPassBase;

  void runOnOperation() override {
    ModuleOp module = getOperation();
    MLIRContext *context = &getContext();

    std::string targetName = target;
    if (targetName.empty()) {
      auto attr = module->getAttrOfType<StringAttr>(ttg::TritonGPUDialect::kTargetAttrName);
      if (!attr) {
        module.emitError() << "convert-tt-to-ttg needs a target: pass target=... or set the "
                              "module attribute '"
                           << ttg::TritonGPUDialect::kTargetAttrName << "'";
        return signalPassFailure();
      }
      targetName = attr.getValue().str();
    }
    llvm::Expected<std::unique_ptr<TargetInfo>> info = createTargetInfo(targetName);
    if (!info) {
      module.emitError() << llvm::toString(info.takeError());
      return signalPassFailure();
    }
    unsigned warps = (*info)->getFixedNumWarps().value_or(numWarps.getValue());
    if (warps == 0 || !llvm::isPowerOf2_32(warps) || warps > (*info)->getMaxWarps()) {
      module.emitError() << "convert-tt-to-ttg: num-warps must be a power of two of at most "
                         << (*info)->getMaxWarps() << " on " << targetName << "; got " << warps;
      return signalPassFailure();
    }

    // Every op that holds a tensor must be one whose layouts the pass knows how to assign.
    WalkResult unknown = module.walk([&](Operation *op) {
      if (failed(verifyShapesHaveLayouts(op)))
        return WalkResult::interrupt();
      if (isa<tt::TritonDialect, ttg::TritonGPUDialect, arith::ArithDialect, math::MathDialect,
              scf::SCFDialect>(op->getDialect()) ||
          !holdsTensorWithoutLayout(op))
        return WalkResult::advance();
      op->emitError() << "convert-tt-to-ttg cannot assign layouts to the tensors of '"
                      << op->getName() << "'";
      return WalkResult::interrupt();
    });
    if (unknown.wasInterrupted())
      return signalPassFailure();

    Builder builder(context);
    module->setAttr(ttg::TritonGPUDialect::kTargetAttrName,
                    builder.getStringAttr((*info)->getName()));
    module->setAttr(ttg::TritonGPUDialect::kNumWarpsAttrName, builder.getI32IntegerAttr(warps));

    TritonGPUTypeConverter typeConverter(context, **info, warps, getCpuLaneType(module));
    WalkResult tooLarge = module.walk([&](Operation *op) {
      return failed(verifyDefaultLayouts(op, typeConverter)) ? WalkResult::interrupt()
                                                             : WalkResult::advance();
    });
    if (tooLarge.wasInterrupted())
      return signalPassFailure();
    ConversionTarget conversionTarget(*context);
    conversionTarget.addLegalOp<ModuleOp>();
    conversionTarget.addDynamicallyLegalDialect<tt::TritonDialect, ttg::TritonGPUDialect,
                                                arith::ArithDialect, math::MathDialect>(
        [&](Operation *op) {
          if (auto func = dyn_cast<tt::FuncOp>(op))
            return typeConverter.isSignatureLegal(func.getFunctionType()) &&
                   typeConverter.isLegal(&func.getBody());
          return typeConverter.isLegal(op) &&
                 llvm::all_of(op->getRegions(),
                              [&](Region &region) { return typeConverter.isLegal(&region); });
        });
    RewritePatternSet patterns(context);
    populateTritonToTritonGPUPatterns(typeConverter, patterns);
    populateFunctionOpInterfaceTypeConversionPattern<tt::FuncOp>(patterns, typeConverter);
    scf::populateSCFStructuralTypeConversionsAndLegality(typeConverter, patterns,
                                                         conversionTarget);
    if (failed(applyPartialConversion(module, conversionTarget, std::move(patterns))))
      return signalPassFailure();
    removeTrivialConversions(module);
  }
};

} // namespace
} // namespace mlir::nereid
