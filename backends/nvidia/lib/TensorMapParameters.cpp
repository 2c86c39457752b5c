// nvidia-tensor-map-parameters: the descriptors whose blocks Hopper's tensor copy engine can
// load become kernel parameters, tensor maps that the launcher encodes (see
// NvidiaTensorMapParametersPass in Passes.td).

#include "nereid/Nvidia/Passes.h"
#include "nereid/Nvidia/TensorMaps.h"

#include "nereid/Dialect/Triton/IR/Dialect.h"

#include "mlir/Dialect/Arith/IR/Arith.h"
#include "mlir/IR/Matchers.h"

namespace mlir::nereid::nvidia {

#define GEN_PASS_DEF_NVIDIATENSORMAPPARAMETERSPASS
#include "nereid/Nvidia/Passes.h.inc"

namespace {

/// A parameter of `func`'s entry block that `value` is (seen through integer extensions, which
/// keep the non-negative values a tensor map takes), or null.
BlockArgument getParameter(Value value, tt::FuncOp func) {
  while (Operation *op = value.getDefiningOp()) {
    if (!isa<arith::ExtSIOp, arith::ExtUIOp>(op))
      return nullptr;
    value = op->getOperand(0);
  }
  auto argument = cast<BlockArgument>(value);
  return argument.getOwner() == &func.getBody().front() ? argument : nullptr;
}

/// The divisibility that the launch's specialization gives parameter `argument` (1 if none).
int64_t getDivisibility(BlockArgument argument, tt::FuncOp func) {
  auto hint = func.getArgAttrOfType<IntegerAttr>(argument.getArgNumber(), "tt.divisibility");
  return hint ? hint.getInt() : 1;
}

/// The entry of a tensor map's shape or strides that `value` gives: the constant, or the
/// parameter that the launcher reads; null when it is neither. `multiple` is what the
/// value must be a multiple of (a stride, in elements, whose bytes must be 16-byte aligned),
/// and `what` says which entry, for `why`.
Attribute getEntry(Value value, tt::FuncOp func, int64_t multiple, const Twine &what,
                   std::string &why) {
  Builder builder(func.getContext());
  APInt constant;
  if (matchPattern(value, m_ConstantInt(&constant))) {
    if (constant.getSExtValue() % multiple != 0) {
      why = (what + " is " + Twine(constant.getSExtValue()) + ", not a multiple of " +
             Twine(multiple))
                .str();
      return nullptr;
    }
    return builder.getI64IntegerAttr(constant.getSExtValue());
  }
  BlockArgument parameter = getParameter(value, func);
  if (!parameter) {
    why = (what + " is computed in the kernel, not a constant or a parameter").str();
    return nullptr;
  }
  // A parameter that the launch specializes as 1 is the constant.
  auto equal = func.getArgAttrOfType<IntegerAttr>(parameter.getArgNumber(), "tt.equal_to");
  if (equal && equal.getInt() == 1)
    return builder.getI64IntegerAttr(1);
  if (getDivisibility(parameter, func) % multiple != 0) {
    why = (what + " is parameter " + Twine(parameter.getArgNumber()) +
           ", not known to be a multiple of " + Twine(multiple))
              .str();
    return nullptr;
  }
  return builder.getStringAttr(getParameterReference(parameter.getArgNumber()));
}

/// The tensor map of `descriptor`'s blocks, or null with `why` when the launcher cannot
/// encode one or the copy engine cannot load its blocks.
DictionaryAttr getTensorMap(tt::MakeTensorDescOp descriptor, tt::FuncOp func, std::string &why) {
  RankedTensorType block = descriptor.getType().getBlockType();
  std::string blockWhy = whyNoTensorMapBlock(block);
  if (!blockWhy.empty()) {
    why = blockWhy;
    return nullptr;
  }
  BlockArgument base = getParameter(descriptor.getBase(), func);
  if (!base) {
    why = "its base is computed in the kernel, not a parameter";
    return nullptr;
  }
  if (getDivisibility(base, func) % kTensorMapAlignment != 0) {
    why = "its base is not known to be 16-byte aligned";
    return nullptr;
  }
  int64_t elementBytes = block.getElementTypeBitWidth() / 8;
  SmallVector<Attribute> shape, strides;
  for (auto [dim, size] : llvm::enumerate(descriptor.getShape())) {
    shape.push_back(getEntry(size, func, 1, "dimension " + Twine(dim) + " of its shape", why));
    if (!shape.back())
      return nullptr;
  }
  int64_t rank = block.getRank();
  for (auto [dim, stride] : llvm::enumerate(descriptor.getStrides())) {
    bool last = int64_t(dim) == rank - 1;
    int64_t multiple = last ? 1 : kTensorMapAlignment / elementBytes;
    strides.push_back(getEntry(stride, func, multiple, "stride " + Twine(dim), why));
    if (!strides.back())
      return nullptr;
    auto unit = dyn_cast<IntegerAttr>(strides.back());
    if (last && (!unit || unit.getInt() != 1)) {
      why = "its last stride is not the constant 1";
      return nullptr;
    }
  }
  Builder builder(func.getContext());
  TensorMapCopies copies = getTensorMapCopies(block);
  return builder.getDictionaryAttr(
      {builder.getNamedAttr("base",
                            builder.getStringAttr(getParameterReference(base.getArgNumber()))),
       builder.getNamedAttr("shape", builder.getArrayAttr(shape)),
       builder.getNamedAttr("strides", builder.getArrayAttr(strides)),
       builder.getNamedAttr("element_bytes", builder.getI64IntegerAttr(elementBytes)),
       builder.getNamedAttr("box", builder.getI64ArrayAttr(copies.box)),
       builder.getNamedAttr("swizzle", builder.getI64IntegerAttr(copies.swizzleBytes))});
}

struct NvidiaTensorMapParametersPass
    : impl::NvidiaTensorMapParametersPassBase<NvidiaTensorMapParametersPass> {
  void runOnOperation() override {
    getOperation().walk([&](tt::FuncOp func) {
      if (!func.isPublic() || func.getBody().empty())
        return;
      SmallVector<tt::MakeTensorDescOp> descriptors;
      func.walk([&](tt::MakeTensorDescOp descriptor) { descriptors.push_back(descriptor); });
      for (tt::MakeTensorDescOp descriptor : descriptors) {
        SmallVector<tt::DescriptorLoadOp> loads;
        for (Operation *user : descriptor->getUsers())
          if (auto load = dyn_cast<tt::DescriptorLoadOp>(user))
            loads.push_back(load);
        if (loads.empty())
          continue;
        std::string why;
        DictionaryAttr map = getTensorMap(descriptor, func, why);
        if (!map) {
          descriptor->emitRemark() << "loads of this descriptor take pointers: " << why;
          continue;
        }
        unsigned index = func.getNumArguments();
        if (failed(func.insertArgument(
                index, descriptor.getType(),
                DictionaryAttr::get(
                    func.getContext(),
                    {NamedAttribute(StringAttr::get(func.getContext(), kTensorMapAttrName), map)}),
                descriptor.getLoc())))
          return signalPassFailure();
        for (tt::DescriptorLoadOp load : loads)
          load.getDescMutable().assign(func.getArgument(index));
        if (descriptor->use_empty())
          descriptor->erase();
      }
    });
  }
};

} // namespace
} // namespace mlir::nereid::nvidia
