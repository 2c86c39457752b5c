#include "CpuTarget.h"

#include "nereid/Dialect/TritonGPU/IR/Dialect.h"

namespace mlir::nereid::cpu {

FailureOr<std::unique_ptr<CpuTargetInfo>> getCpuTarget(ModuleOp module, StringRef targetOption,
                                                       StringRef passName) {
  std::string target = targetOption.str();
  if (target.empty()) {
    auto attr = module->getAttrOfType<StringAttr>(ttg::TritonGPUDialect::kTargetAttrName);
    if (!attr)
      return module.emitError() << passName << " needs a CPU target: pass target=... or set the "
                                << "module attribute '" << ttg::TritonGPUDialect::kTargetAttrName
                                << "'";
    target = attr.getValue().str();
  }
  llvm::Expected<std::unique_ptr<TargetInfo>> info = createTargetInfo(target);
  if (!info)
    return module.emitError(llvm::toString(info.takeError()));
  if (!isa<CpuTargetInfo>(**info))
    return module.emitError() << passName << " needs a CPU target; got " << target;
  return std::unique_ptr<CpuTargetInfo>(cast<CpuTargetInfo>(info->release()));
}

int64_t getChunkWidth(const CpuTargetInfo &cpu) {
  // A CPU's vector registers have one width for every element type.
  return cpu.getVectorWidthBits(Type()) / 32;
}

} // namespace mlir::nereid::cpu
