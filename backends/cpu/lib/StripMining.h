#ifndef NEREID_CPU_LIB_STRIPMINING_H
#define NEREID_CPU_LIB_STRIPMINING_H

// The strips of long 1-D tiles, which tt-cpu-strip-mine-tiles computes in loops, and the
// buffers that hold such tiles between loops (tt-cpu-carry-loop-tiles-in-memory).

#include "CpuTarget.h"

#include "nereid/CPU/TypeConverter.h"

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

/// Whether a tile of `type` can live in a local-memory buffer: its elements are numbers that
/// memory holds as registers do.
inline bool isKeepable(RankedTensorType type) {
  Type element = type.getElementType();
  return !element.isInteger(1) && element.isIntOrFloat() &&
         getMemoryElementType(element) == element;
}

} // namespace mlir::nereid::cpu

#endif // NEREID_CPU_LIB_STRIPMINING_H
