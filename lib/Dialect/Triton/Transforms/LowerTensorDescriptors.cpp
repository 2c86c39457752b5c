// tt-lower-tensor-descriptors: the accesses of tensor descriptors become loads and stores
// of pointer tiles (see LowerTensorDescriptorsPass in Passes.td).

#include "nereid/Dialect/Triton/Transforms/Passes.h"
#include "nereid/Dialect/Triton/IR/Dialect.h"

#include "mlir/Dialect/Arith/IR/Arith.h"
#include "mlir/IR/Builders.h"

namespace mlir::nereid::tt {

#define GEN_PASS_DEF_LOWERTENSORDESCRIPTORSPASS
#include "nereid/Dialect/Triton/Transforms/Passes.h.inc"

namespace {

/// The addresses of the elements of a descriptor's block at `indices`, and which of them lie
/// inside the descriptor's shape.
struct BlockAccess {
  Value pointers;
  Value inside;
};

/// `value`, a 1-D tile along dimension `dim` of `shape`, broadcast to `shape`.
Value broadcastAlong(OpBuilder &builder, Location loc, Value value, int64_t dim,
                     ArrayRef<int64_t> shape) {
  Type element = cast<RankedTensorType>(value.getType()).getElementType();
  SmallVector<int64_t> expanded{shape[dim]};
  for (int64_t axis = 0, rank = shape.size(); axis < rank; ++axis) {
    if (axis == dim)
      continue;
    expanded.insert(expanded.begin() + axis, 1);
    value = ExpandDimsOp::create(builder, loc, RankedTensorType::get(expanded, element),
                                     value, uint32_t(axis));
  }
  if (shape.size() > 1)
    value = BroadcastOp::create(builder, loc, RankedTensorType::get(shape, element), value);
  return value;
}

/// Element (i_0, ..., i_n) of the block is at base + sum((index_d + i_d) * stride_d), computed
/// in i64, and inside the shape when 0 <= index_d + i_d < shape_d for every d.
BlockAccess getBlockAccess(OpBuilder &builder, Location loc, MakeTensorDescOp descriptor,
                           ValueRange indices, ArrayRef<int64_t> shape) {
  Type i32 = builder.getI32Type(), i64 = builder.getI64Type();
  auto splat = [&](Value scalar, ArrayRef<int64_t> tileShape) -> Value {
    return SplatOp::create(builder, loc, RankedTensorType::get(tileShape, scalar.getType()),
                               scalar);
  };
  Value offsets, inside;
  for (int64_t d = 0, rank = shape.size(); d < rank; ++d) {
    Value range = MakeRangeOp::create(builder, loc, RankedTensorType::get({shape[d]}, i32),
                                          0u, uint32_t(shape[d]));
    Value coordinate = arith::AddIOp::create(
        builder, loc,
        arith::ExtSIOp::create(builder, loc, RankedTensorType::get({shape[d]}, i64), range),
        splat(arith::ExtSIOp::create(builder, loc, i64, indices[d]), {shape[d]}));
    Value size = arith::ExtSIOp::create(builder, loc, i64, descriptor.getShape()[d]);
    Value zero = arith::ConstantIntOp::create(builder, loc, i64, 0);
    Value within = arith::AndIOp::create(
        builder, loc,
        arith::CmpIOp::create(builder, loc, arith::CmpIPredicate::sge, coordinate,
                              splat(zero, {shape[d]})),
        arith::CmpIOp::create(builder, loc, arith::CmpIPredicate::slt, coordinate,
                              splat(size, {shape[d]})));
    Value offset = arith::MulIOp::create(builder, loc, coordinate,
                                         splat(descriptor.getStrides()[d], {shape[d]}));
    offset = broadcastAlong(builder, loc, offset, d, shape);
    within = broadcastAlong(builder, loc, within, d, shape);
    offsets = offsets ? arith::AddIOp::create(builder, loc, offsets, offset).getResult() : offset;
    inside = inside ? arith::AndIOp::create(builder, loc, inside, within).getResult() : within;
  }
  Value pointers = AddPtrOp::create(builder, loc, splat(descriptor.getBase(), shape), offsets);
  return {pointers, inside};
}

/// Whether `value` is a parameter of the function it is in.
bool isKernelParameter(Value value) {
  auto argument = dyn_cast<BlockArgument>(value);
  return argument && argument.getOwner()->isEntryBlock() &&
         isa<FuncOp>(argument.getOwner()->getParentOp());
}

struct LowerTensorDescriptorsPass
    : impl::LowerTensorDescriptorsPassBase<LowerTensorDescriptorsPass> {
  using LowerTensorDescriptorsPassBase::LowerTensorDescriptorsPassBase;

  void runOnOperation() override {
    SmallVector<Operation *> accesses;
    getOperation().walk([&](Operation *op) {
      if (isa<DescriptorLoadOp, DescriptorStoreOp>(op))
        accesses.push_back(op);
    });
    bool failed = false;
    for (Operation *op : accesses) {
      Value desc = isa<DescriptorLoadOp>(op) ? cast<DescriptorLoadOp>(op).getDesc()
                                                  : cast<DescriptorStoreOp>(op).getDesc();
      if (keepParameters && isKernelParameter(desc))
        continue;
      auto descriptor = desc.getDefiningOp<MakeTensorDescOp>();
      if (!descriptor) {
        op->emitError() << "the CPU backend lowers the accesses of tensor descriptors made by "
                           "tt.make_tensor_descriptor in the kernel; this one is "
                        << (isa<BlockArgument>(desc) ? "a block argument (a kernel parameter "
                                                       "or a value carried by a loop)"
                                                     : "made elsewhere");
        failed = true;
        continue;
      }
      OpBuilder builder(op);
      Location loc = op->getLoc();
      RankedTensorType block = cast<TensorDescType>(desc.getType()).getBlockType();
      if (auto load = dyn_cast<DescriptorLoadOp>(op)) {
        BlockAccess access =
            getBlockAccess(builder, loc, descriptor, load.getIndices(), block.getShape());
        Value zero = arith::ConstantOp::create(builder, loc, builder.getZeroAttr(load.getType()));
        Value loaded = LoadOp::create(builder, loc, load.getType(), access.pointers,
                                          access.inside, zero, load.getCache(), load.getEvict());
        load.replaceAllUsesWith(loaded);
      } else {
        auto store = cast<DescriptorStoreOp>(op);
        BlockAccess access =
            getBlockAccess(builder, loc, descriptor, store.getIndices(), block.getShape());
        StoreOp::create(builder, loc, access.pointers, store.getSrc(), access.inside);
      }
      op->erase();
    }
    if (failed)
      return signalPassFailure();
    getOperation().walk([](MakeTensorDescOp descriptor) {
      if (descriptor->use_empty())
        descriptor->erase();
    });
  }
};

} // namespace
} // namespace mlir::nereid::tt
