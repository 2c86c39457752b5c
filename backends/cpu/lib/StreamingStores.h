#ifndef NEREID_CPU_LIB_STREAMINGSTORES_H
#define NEREID_CPU_LIB_STREAMINGSTORES_H

// The marks that cpu-stream-large-stores leaves: on the tt.store ops of a launch that
// writes more than the last-level cache holds, which the store lowering turns into
// non-temporal vector stores (StoreOpConversion), and on the module, whose launch entries then
// fence those stores once per thread (cpu-add-launch-entries).

namespace mlir::nereid::cpu {

/// A unit attribute of tt.store: its unmasked contiguous runs bypass the caches.
inline constexpr const char kNontemporalAttrName[] = "nereid.nontemporal";

/// A unit attribute of the module: some of its stores may be non-temporal.
inline constexpr const char kNontemporalStoresAttrName[] = "nereid.nontemporal_stores";

} // namespace mlir::nereid::cpu

#endif // NEREID_CPU_LIB_STREAMINGSTORES_H
