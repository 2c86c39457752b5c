// nereid_module_emit: an LLVM-dialect module to optimized LLVM IR, assembly or an object file,
// through the same TargetMachine for all three, so that the dumped IR and assembly are what
// the object holds; with the functions it declares from bitcode libraries linked in first.

#include "nereid-c/Nereid.h"

#include "CrashRecovery.h"
#include "Diagnostics.h"
#include "Handles.h"

#include "mlir/Dialect/LLVMIR/LLVMDialect.h"
#include "mlir/IR/DialectRegistry.h"
#include "mlir/Target/LLVMIR/Dialect/Builtin/BuiltinToLLVMIRTranslation.h"
#include "mlir/Target/LLVMIR/Dialect/LLVMIR/LLVMToLLVMIRTranslation.h"
#include "mlir/Target/LLVMIR/Export.h"
#include "llvm/IR/DiagnosticHandler.h"
#include "llvm/IR/DiagnosticInfo.h"
#include "llvm/IR/DiagnosticPrinter.h"
#include "llvm/IR/LLVMContext.h"
#include "llvm/IR/LegacyPassManager.h"
#include "llvm/IR/Module.h"
#include "llvm/IRReader/IRReader.h"
#include "llvm/Linker/Linker.h"
#include "llvm/MC/TargetRegistry.h"
#include "llvm/Passes/PassBuilder.h"
#include "llvm/Support/SourceMgr.h"
#include "llvm/Support/raw_ostream.h"
#include "llvm/Target/TargetMachine.h"
#include "llvm/Target/TargetOptions.h"
#include "llvm/TargetParser/Triple.h"
#include "llvm/Transforms/IPO/Internalize.h"

#include <memory>
#include <mutex>
#include <optional>
#include <string>

extern "C" {
// The code generators that the registered backends need (cmake/NereidBackends.cmake).
#define NEREID_LLVM_TARGET(Name)                                                                   \
  void LLVMInitialize##Name##TargetInfo();                                                         \
  void LLVMInitialize##Name##Target();                                                             \
  void LLVMInitialize##Name##TargetMC();                                                           \
  void LLVMInitialize##Name##AsmPrinter();
#define NEREID_LLVM_ASM_PARSER(Name) void LLVMInitialize##Name##AsmParser();
#include "nereid/BackendLLVMTargets.def"
}

/// The storage behind a NereidBuffer handle.
struct NereidBuffer {
  std::string bytes;
};

namespace mlir::nereid::capi {

void registerLLVMTranslations(DialectRegistry &registry) {
  // Each backend registers the translations of its own dialects (OpenMP for the CPU, NVVM for
  // NVIDIA) with them.
  registry.insert<LLVM::LLVMDialect>();
  registerBuiltinDialectTranslation(registry);
  registerLLVMDialectTranslation(registry);
}

} // namespace mlir::nereid::capi

namespace {

void initializeTargetsOnce() {
  static std::once_flag once;
  std::call_once(once, [] {
#define NEREID_LLVM_TARGET(Name)                                                                   \
  LLVMInitialize##Name##TargetInfo();                                                              \
  LLVMInitialize##Name##Target();                                                                  \
  LLVMInitialize##Name##TargetMC();                                                                \
  LLVMInitialize##Name##AsmPrinter();
#define NEREID_LLVM_ASM_PARSER(Name) LLVMInitialize##Name##AsmParser();
#include "nereid/BackendLLVMTargets.def"
  });
}

/// `value`, or the host's when it is NULL or empty.
std::string orHost(const char *value, const char *host) {
  return value && *value ? std::string(value) : std::string(host);
}

llvm::CodeGenOptLevel toCodeGenOptLevel(int32_t level) {
  switch (level) {
  case 0:
    return llvm::CodeGenOptLevel::None;
  case 1:
    return llvm::CodeGenOptLevel::Less;
  case 2:
    return llvm::CodeGenOptLevel::Default;
  default:
    return llvm::CodeGenOptLevel::Aggressive;
  }
}

llvm::OptimizationLevel toOptimizationLevel(int32_t level) {
  switch (level) {
  case 0:
    return llvm::OptimizationLevel::O0;
  case 1:
    return llvm::OptimizationLevel::O1;
  case 2:
    return llvm::OptimizationLevel::O2;
  default:
    return llvm::OptimizationLevel::O3;
  }
}

/// How many calls of a bitcode library's function the optimizer may inline: a few loops'
/// worth. A kernel whose tiles are unrolled chunk by chunk calls a function hundreds of times.
constexpr unsigned kMaxInlinedCallSites = 64;

/// Links into `module`, which `machine` compiles, the functions of the bitcode file `path` that
/// it declares (and what those need), each made internal to `module`; an error message when
/// the file is unreadable or does not link.
std::optional<std::string> linkBitcodeLibrary(llvm::Module &module,
                                              const llvm::TargetMachine &machine,
                                              const char *path) {
  llvm::SMDiagnostic error;
  std::unique_ptr<llvm::Module> library =
      llvm::getLazyIRFileModule(path, error, module.getContext());
  if (!library) {
    std::string message;
    llvm::raw_string_ostream stream(message);
    error.print("", stream, /*ShowColors=*/false);
    return "cannot read the bitcode library " + std::string(path) + ": " + message;
  }
  library->setTargetTriple(module.getTargetTriple());
  library->setDataLayout(module.getDataLayout());
  // The compiler that made the library is not the kernel's.
  if (llvm::NamedMDNode *ident = library->getNamedMetadata("llvm.ident"))
    library->eraseNamedMetadata(ident);
  // A library is compiled for a generic CPU of its ISA; its functions take the kernel's CPU
  // and features, to which they add the ISA they need, as the inliner only merges a function
  // into one that has all its features.
  llvm::StringRef kernelFeatures = machine.getTargetFeatureString();
  for (llvm::Function &function : *library) {
    function.removeFnAttr("target-cpu");
    function.removeFnAttr("tune-cpu");
    std::string features = kernelFeatures.str();
    llvm::StringRef needed = function.getFnAttribute("target-features").getValueAsString();
    if (!needed.empty())
      features += (features.empty() ? "" : ",") + needed.str();
    if (!features.empty())
      function.addFnAttr("target-features", features);
  }
  // The linked functions become internal. One that the module calls from many places (code
  // unrolled over a tile, not a loop) stays out of line, as inlining every copy would only
  // grow the code, unless its library marks it alwaysinline (libdevice does: noinline beside
  // it would fail verification).
  auto internalize = [](llvm::Module &linked, const llvm::StringSet<> &fromLibrary) {
    llvm::internalizeModule(linked, [&](const llvm::GlobalValue &value) {
      return !value.hasName() || !fromLibrary.contains(value.getName());
    });
    for (const auto &name : fromLibrary)
      if (llvm::Function *function = linked.getFunction(name.getKey()))
        if (function->getNumUses() > kMaxInlinedCallSites &&
            !function->hasFnAttribute(llvm::Attribute::AlwaysInline))
          function->addFnAttr(llvm::Attribute::NoInline);
  };
  if (llvm::Linker::linkModules(module, std::move(library), llvm::Linker::LinkOnlyNeeded,
                                internalize))
    return "cannot link the bitcode library " + std::string(path) + " into the kernel";
  return std::nullopt;
}

/// Keeps the first error that LLVM reports through its context while optimizing or generating
/// code ("no libcall available for fexp" where a code generator has no instruction for an
/// intrinsic): without a handler, LLVMContext prints it and exits the process.
struct FirstErrorHandler : llvm::DiagnosticHandler {
  explicit FirstErrorHandler(std::string &error) : error(error) {}

  bool handleDiagnostics(const llvm::DiagnosticInfo &info) override {
    if (info.getSeverity() == llvm::DS_Error && error.empty()) {
      llvm::raw_string_ostream stream(error);
      llvm::DiagnosticPrinterRawOStream printer(stream);
      info.print(printer);
    }
    return true; // Handled: LLVM goes on, and the emission fails afterwards.
  }

  std::string &error;
};

/// Runs LLVM's default module pipeline at `level`, tuned by `machine`'s cost model. The code
/// comes vectorized from MLIR's vector dialect, so LLVM's loop and SLP vectorizers are off: they
/// find nothing to do, and the SLP vectorizer takes minutes on wide vector code.
void optimize(llvm::Module &module, llvm::TargetMachine &machine, int32_t level) {
  llvm::LoopAnalysisManager loopAnalyses;
  llvm::FunctionAnalysisManager functionAnalyses;
  llvm::CGSCCAnalysisManager cgsccAnalyses;
  llvm::ModuleAnalysisManager moduleAnalyses;
  llvm::PipelineTuningOptions tuning;
  tuning.LoopVectorization = false;
  tuning.SLPVectorization = false;
  llvm::PassBuilder builder(&machine, tuning);
  builder.registerModuleAnalyses(moduleAnalyses);
  builder.registerCGSCCAnalyses(cgsccAnalyses);
  builder.registerFunctionAnalyses(functionAnalyses);
  builder.registerLoopAnalyses(loopAnalyses);
  builder.crossRegisterProxies(loopAnalyses, functionAnalyses, cgsccAnalyses, moduleAnalyses);
  builder.buildPerModuleDefaultPipeline(toOptimizationLevel(level)).run(module, moduleAnalyses);
}

/// The work of nereid_module_emit, on arguments that it checked: `out` is set on success.
mlir::LogicalResult emitModule(mlir::ModuleOp module, NereidEmitKind kind, const char *triple,
                               const char *cpu, const char *features, int32_t opt_level,
                               const char *const *bitcode_libraries, size_t num_bitcode_libraries,
                               NereidBuffer *&out, NereidDiagnostics *diagnostics) {
  auto failWith = [&](std::string message) {
    if (diagnostics)
      diagnostics->addError(std::move(message));
    return mlir::failure();
  };
  NereidTarget host = nereid_host_target();
  llvm::Triple targetTriple(llvm::Triple::normalize(orHost(triple, host.triple)));
  std::string error;
  const llvm::Target *target = llvm::TargetRegistry::lookupTarget(targetTriple, error);
  if (!target)
    return failWith("cannot generate code for the target triple '" + targetTriple.str() +
                    "': " + error);
  std::unique_ptr<llvm::TargetMachine> machine(target->createTargetMachine(
      targetTriple, orHost(cpu, host.cpu), orHost(features, host.features), llvm::TargetOptions(),
      llvm::Reloc::PIC_, std::nullopt, toCodeGenOptLevel(opt_level)));
  if (!machine)
    return failWith("cannot create a target machine for '" + targetTriple.str() + "'");

  llvm::LLVMContext llvmContext;
  std::string llvmError;
  llvmContext.setDiagnosticHandler(std::make_unique<FirstErrorHandler>(llvmError));
  std::unique_ptr<llvm::Module> llvmModule = mlir::translateModuleToLLVMIR(module, llvmContext);
  if (!llvmModule)
    return mlir::failure(); // The translation reported the op it could not translate.
  llvmModule->setTargetTriple(targetTriple);
  llvmModule->setDataLayout(machine->createDataLayout());
  for (size_t i = 0; i < num_bitcode_libraries; ++i) {
    if (!bitcode_libraries || !bitcode_libraries[i])
      return failWith("nereid_module_emit: null bitcode library " + std::to_string(i));
    if (std::optional<std::string> error =
            linkBitcodeLibrary(*llvmModule, *machine, bitcode_libraries[i]))
      return failWith(std::move(*error));
  }
  optimize(*llvmModule, *machine, opt_level);

  auto buffer = std::make_unique<NereidBuffer>();
  if (kind == NEREID_EMIT_LLVM_IR) {
    llvm::raw_string_ostream stream(buffer->bytes);
    llvmModule->print(stream, nullptr);
  } else {
    llvm::SmallString<0> bytes;
    llvm::raw_svector_ostream stream(bytes);
    llvm::legacy::PassManager codegen;
    auto fileType = kind == NEREID_EMIT_OBJECT ? llvm::CodeGenFileType::ObjectFile
                                               : llvm::CodeGenFileType::AssemblyFile;
    if (machine->addPassesToEmitFile(codegen, stream, nullptr, fileType))
      return failWith("the code generator for '" + targetTriple.str() + "' cannot emit " +
                      (kind == NEREID_EMIT_OBJECT ? "object files" : "assembly"));
    codegen.run(*llvmModule);
    buffer->bytes.assign(bytes.begin(), bytes.end());
  }
  if (!llvmError.empty())
    return failWith("LLVM cannot generate code for '" + targetTriple.str() + "': " + llvmError);
  out = buffer.release();
  return mlir::success();
}

} // namespace

extern "C" {

const char *nereid_buffer_data(const NereidBuffer *buffer) {
  return buffer ? buffer->bytes.c_str() : "";
}

size_t nereid_buffer_size(const NereidBuffer *buffer) { return buffer ? buffer->bytes.size() : 0; }

void nereid_buffer_destroy(NereidBuffer *buffer) { delete buffer; }

NereidStatus nereid_module_emit(NereidModule *module, NereidEmitKind kind, const char *triple,
                                const char *cpu, const char *features, int32_t opt_level,
                                const char *const *bitcode_libraries, size_t num_bitcode_libraries,
                                NereidBuffer **out, NereidDiagnostics *diagnostics) {
  auto fail = [&](std::string message) {
    if (diagnostics)
      diagnostics->addError(std::move(message));
    return NEREID_FAILURE;
  };
  if (!out)
    return fail("nereid_module_emit: null output");
  *out = nullptr;
  if (!module)
    return fail("nereid_module_emit: null module");
  if (kind != NEREID_EMIT_LLVM_IR && kind != NEREID_EMIT_ASSEMBLY && kind != NEREID_EMIT_OBJECT)
    return fail("nereid_module_emit: unknown kind " + std::to_string(static_cast<int>(kind)));
  if (opt_level < 0 || opt_level > 3)
    return fail("nereid_module_emit: the optimization level must be 0 to 3; got " +
                std::to_string(opt_level));
  initializeTargetsOnce();
  return mlir::nereid::capi::runRecoverably(*module->owner, diagnostics, "nereid_module_emit", [&] {
    return emitModule(*module->module, kind, triple, cpu, features, opt_level, bitcode_libraries,
                      num_bitcode_libraries, *out, diagnostics);
  });
}

} // extern "C"
