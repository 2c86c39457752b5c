#include "nereid/Registration.h"

#include "nereid/Analysis/Passes.h"
#include "nereid/Conversion/Passes.h"
#include "nereid/Conversion/Pipelines.h"
#include "nereid/Dialect/Triton/IR/Dialect.h"
#include "nereid/Dialect/Triton/Transforms/Passes.h"
#include "nereid/Dialect/Triton/Transforms/Pipeline.h"
#include "nereid/Dialect/TritonGPU/IR/Dialect.h"
#include "nereid/Dialect/TritonGPU/Transforms/Passes.h"
#include "nereid/Support/Passes.h"

#include "mlir/Dialect/Arith/IR/Arith.h"
#include "mlir/Dialect/ControlFlow/IR/ControlFlow.h"
#include "mlir/Dialect/GPU/IR/GPUDialect.h"
#include "mlir/Dialect/Math/IR/Math.h"
#include "mlir/Dialect/SCF/IR/SCF.h"
#include "mlir/IR/DialectRegistry.h"
#include "mlir/Transforms/Passes.h"

#include <cctype>
#include <mutex>
#include <string>

namespace mlir::nereid {

// What each backend defines (cmake/NereidBackends.cmake).
#define NEREID_BACKEND(Name)                                                                       \
  void register##Name##BackendDialects(DialectRegistry &registry);                                 \
  void register##Name##BackendPasses();                                                            \
  void register##Name##BackendTargets();
#include "nereid/Backends.def"

void registerAllDialects(DialectRegistry &registry) {
  // tt IR: the language's own dialects and the upstream ones it is written in (ttg IR's
  // barriers are gpu.barrier).
  registry.insert<tt::TritonDialect, ttg::TritonGPUDialect, arith::ArithDialect, math::MathDialect,
                  scf::SCFDialect, cf::ControlFlowDialect, gpu::GPUDialect>();
#define NEREID_BACKEND(Name) register##Name##BackendDialects(registry);
#include "nereid/Backends.def"
}

void registerAllPasses() {
  // canonicalize, cse, inline, symbol-dce, ... : the generic passes every pipeline uses.
  registerTransformsPasses();
  tt::registerTritonPasses();
  ttg::registerTritonGPUPasses();
  registerNereidAnalysisPasses();
  registerNereidSupportPasses();
  registerNereidConversionPasses();
  tt::registerTritonPipeline();
  registerTritonGPUPipeline();
#define NEREID_BACKEND(Name) register##Name##BackendPasses();
#include "nereid/Backends.def"
}

const char *getRegisteredBackendNames() {
  static const std::string names = [] {
    std::string list;
#define NEREID_BACKEND(Name) list += std::string(list.empty() ? "" : ",") + #Name;
#include "nereid/Backends.def"
    for (char &c : list)
      c = static_cast<char>(std::tolower(static_cast<unsigned char>(c)));
    return list;
  }();
  return names.c_str();
}

void registerAllTargets() {
  static std::once_flag once;
  std::call_once(once, [] {
#define NEREID_BACKEND(Name) register##Name##BackendTargets();
#include "nereid/Backends.def"
  });
}

} // namespace mlir::nereid
