#include "StandardCombiner.h"

#include "nereid/Dialect/Triton/IR/Combiner.h"

namespace mlir::nereid::cpu {
namespace {

vector::CombiningKind getVectorKind(tt::CombinerKind kind) {
  using Kind = vector::CombiningKind;
  switch (kind) {
  case tt::CombinerKind::AddF:
  case tt::CombinerKind::AddI:
    return Kind::ADD;
  case tt::CombinerKind::MulF:
  case tt::CombinerKind::MulI:
    return Kind::MUL;
  case tt::CombinerKind::MaximumF:
    return Kind::MAXIMUMF;
  case tt::CombinerKind::MinimumF:
    return Kind::MINIMUMF;
  case tt::CombinerKind::MaxNumF:
    return Kind::MAXNUMF;
  case tt::CombinerKind::MinNumF:
    return Kind::MINNUMF;
  case tt::CombinerKind::MaxSI:
    return Kind::MAXSI;
  case tt::CombinerKind::MinSI:
    return Kind::MINSI;
  case tt::CombinerKind::MaxUI:
    return Kind::MAXUI;
  case tt::CombinerKind::MinUI:
    return Kind::MINUI;
  case tt::CombinerKind::AndI:
    return Kind::AND;
  case tt::CombinerKind::OrI:
    return Kind::OR;
  case tt::CombinerKind::XOrI:
    return Kind::XOR;
  }
  llvm_unreachable("every combiner kind has a vector kind");
}

} // namespace

std::optional<StandardCombiner> matchStandardCombiner(Region &combiner, Type element) {
  std::optional<tt::CombinerKind> kind = tt::matchStandardCombiner(combiner);
  if (!kind)
    return std::nullopt;
  return StandardCombiner{getVectorKind(*kind), tt::getNeutralElement(*kind, element)};
}

} // namespace mlir::nereid::cpu
