#ifndef NEREID_CPU_LIB_STRIPMINING_H
#define NEREID_CPU_LIB_STRIPMINING_H

// The strips of long 1-D tiles, which cpu-strip-mine-tiles computes in loops, the buffers
// that hold such tiles between loops (cpu-carry-loop-tiles-in-memory), and which ops are
// worth computing again in a loop rather than keeping (also cpu-load-dot-operands-by-rows).

#include "CpuTarget.h"

#include "nereid/CPU/TypeConverter.h"

#include "nereid/Dialect/Triton/IR/Dialect.h"
#include "nereid/Dialect/TritonGPU/IR/Dialect.h"

#include "mlir/Dialect/Arith/IR/Arith.h"
#include "mlir/Dialect/Math/IR/Math.h"
#include "mlir/IR/BuiltinTypes.h"

namespace mlir::nereid::cpu {

/// How many register-sized chunks one strip holds: enough independent vector ops per
/// iteration to hide their latencies, few enough that a strip's values stay in registers.
constexpr int64_t kChunksPerStrip = 4;

/// The fewest strips a tile must have for its block to become loops.
constexpr int64_t kMinStrips = 4;

/// How many elements one strip of a tile has on `cpu`.
inline int64_t getStripLength(const CpuTargetInfo &cpu) {
  return kChunksPerStrip * getChunkWidth(cpu);
}

/// Whether a 1-D tile of `length` elements is long enough to compute in loops over strips of
/// `stripLength`, and splits into whole strips.
inline bool isStripMinableLength(int64_t length, int64_t stripLength) {
  return length >= kMinStrips * stripLength && length % stripLength == 0;
}

/// Whether the local-memory buffer `buffer` has views of its strips: a matrix in panels
/// (#ttg.panel_shared, a dot's B) has no reshaped views (LocalMemoryOpToVector.cpp).
inline bool hasStripViews(Value buffer) {
  return !isa<ttg::PanelSharedEncodingAttr>(cast<ttg::MemDescType>(buffer.getType()).getEncoding());
}

/// Whether `op` computes each element of its tile results from the same element of its tile
/// operands, so that it applies to a strip as it does to the whole tile.
inline bool isElementwise(Operation *op) {
  if (auto load = dyn_cast<ttg::LocalLoadOp>(op))
    return hasStripViews(load.getSrc());
  if (auto store = dyn_cast<ttg::LocalStoreOp>(op))
    return hasStripViews(store.getDst());
  if (isa<tt::LoadOp, tt::StoreOp, tt::AddPtrOp, tt::SplatOp, tt::IntToPtrOp, tt::PtrToIntOp,
          tt::BitcastOp, tt::FpToFpOp, ttg::ConvertLayoutOp>(op))
    return true;
  return op->hasTrait<OpTrait::Elementwise>() && op->getNumRegions() == 0;
}

/// Whether a tile of `type` can live in a local-memory buffer: its elements are numbers that
/// memory holds as registers do.
inline bool isKeepable(RankedTensorType type) {
  Type element = type.getElementType();
  return !element.isInteger(1) && element.isIntOrFloat() &&
         getMemoryElementType(element) == element;
}

/// Whether computing `op` again in a loop would cost more than keeping its result in a buffer,
/// a store and a load per chunk: transcendental functions and divisions do.
inline bool isCostlyToRecompute(Operation *op) {
  if (isa<tt::ExternElementwiseOp, tt::PreciseDivFOp, tt::PreciseSqrtOp, arith::DivFOp,
          arith::RemFOp, arith::DivSIOp, arith::DivUIOp, arith::RemSIOp, arith::RemUIOp>(op))
    return true;
  return isa_and_nonnull<math::MathDialect>(op->getDialect()) &&
         !isa<math::AbsFOp, math::AbsIOp, math::CopySignOp, math::FmaOp, math::CeilOp,
              math::FloorOp, math::RoundOp, math::RoundEvenOp, math::TruncOp>(op);
}

} // namespace mlir::nereid::cpu

#endif // NEREID_CPU_LIB_STRIPMINING_H
