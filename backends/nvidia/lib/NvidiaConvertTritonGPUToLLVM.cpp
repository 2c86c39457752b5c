// nvidia-convert-ttg-to-llvm: ttg IR for an NVIDIA GPU to the LLVM and NVVM dialects (see
// NvidiaConvertTritonGPUToLLVMPass in Passes.td).

#include "DotOpToMmaV2.h"
#include "DotOpToWgmma.h"
#include "MathOpToLLVM.h"
#include "NvidiaTargetLowering.h"
#include "TmaOpToLLVM.h"

#include "nereid/Conversion/TritonGPUToLLVM/Patterns.h"
#include "nereid/Conversion/TritonGPUToLLVM/SharedMemoryAllocation.h"
#include "nereid/Conversion/TritonGPUToLLVM/TypeConverter.h"
#include "nereid/Dialect/Triton/IR/Dialect.h"
#include "nereid/Dialect/TritonGPU/IR/Dialect.h"
#include "nereid/Dialect/TritonGPU/Transforms/BlockedLayouts.h"
#include "nereid/Nvidia/IR/Dialect.h"
#include "nereid/Nvidia/NvidiaTargetInfo.h"
#include "nereid/Nvidia/Passes.h"

#include "mlir/Conversion/ArithToLLVM/ArithToLLVM.h"
#include "mlir/Conversion/ControlFlowToLLVM/ControlFlowToLLVM.h"
#include "mlir/Conversion/MathToLLVM/MathToLLVM.h"
#include "mlir/Dialect/Arith/IR/Arith.h"
#include "mlir/Dialect/GPU/IR/GPUDialect.h"
#include "mlir/Dialect/ControlFlow/IR/ControlFlowOps.h"
#include "mlir/Dialect/Math/IR/Math.h"
#include "mlir/Transforms/DialectConversion.h"

namespace mlir::nereid::nvidia {

#define GEN_PASS_DEF_NVIDIACONVERTTRITONGPUTOLLVMPASS
#include "nereid/Nvidia/Passes.h.inc"

namespace {

/// Why the shared GPU lowering cannot lower `op`, or an empty string when it can. Every op is
/// checked before the conversion, so that each error is reported at its own Python line and the
/// conversion itself never fails on a kernel; the ops that need shared memory are checked by
/// allocateSharedMemory, which asks their patterns how much.
std::string whyNotLowered(Operation *op, const TypeConverter &typeConverter,
                          const llvm::DenseSet<OperationName> &loweredMathOps,
                          unsigned computeCapability) {
  std::string why;
  llvm::raw_string_ostream os(why);
  if (auto call = dyn_cast<tt::ExternElementwiseOp>(op)) {
    if (!isLibdeviceFunction(call.getSymbol()))
      os << "the NVIDIA backend cannot call '" << call.getSymbol() << "' of the library '"
         << call.getLibname() << "': NVIDIA kernels link only libdevice, whose functions are "
         << "named __nv_*";
  } else if (isa<tt::PrintOp, tt::AssertOp>(op)) {
    // vprintf and __assertfail (populateDebugOpToLLVMPatterns).
  } else if (isa<tt::FpToFpOp, tt::ClampFOp>(op)) {
    // Between any float types of tt (populateFpToFpOpToLLVMPatterns).
  } else if (isa<tt::PreciseSqrtOp, tt::PreciseDivFOp, tt::MulhiUIOp>(op)) {
    // LLVM's sqrt, fdiv and a widened multiply (populateElementwiseOpToLLVMPatterns).
  } else if (isa<tt::TritonDialect, ttg::TritonGPUDialect>(op->getDialect()) &&
             !isa<tt::FuncOp, tt::ReturnOp, tt::GetProgramIdOp, tt::GetNumProgramsOp, tt::SplatOp,
                  tt::MakeRangeOp, tt::AddPtrOp, tt::LoadOp, tt::StoreOp, tt::AtomicRMWOp,
                  tt::AtomicCASOp, tt::ExpandDimsOp, tt::TransOp, tt::ReshapeOp, tt::JoinOp,
                  tt::SplitOp, tt::CatOp, tt::BroadcastOp, tt::BitcastOp, tt::IntToPtrOp,
                  tt::PtrToIntOp, ttg::ConvertLayoutOp, tt::ReduceOp, tt::ReduceReturnOp,
                  tt::ScanOp, tt::ScanReturnOp, tt::GatherOp, tt::HistogramOp, tt::DotOp,
                  ttg::LocalAllocOp, ttg::LocalStoreOp, ttg::LocalLoadOp, ttg::MemDescIndexOp,
                  ttg::LocalDeallocOp, ttg::AsyncCopyGlobalToLocalOp, ttg::AsyncCommitGroupOp,
                  ttg::AsyncWaitOp>(op))
    os << "the NVIDIA backend cannot lower '" << op->getName() << "' yet";
  else if (auto func = dyn_cast<tt::FuncOp>(op)) {
    for (auto [index, type] : llvm::enumerate(func.getArgumentTypes()))
      if (!typeConverter.convertType(type)) {
        os << "the NVIDIA backend cannot lower '" << op->getName() << "' yet: argument "
           << index << " has the type " << type << ", which has no layout";
        break;
      }
  } else if (auto dot = dyn_cast<WarpgroupDotOp>(op)) {
    std::string reason = whyWarpgroupDotNotLowered(dot, computeCapability);
    if (!reason.empty())
      os << "the NVIDIA backend cannot lower '" << op->getName() << "' yet: " << reason;
  } else if (auto dot = dyn_cast<tt::DotOp>(op)) {
    std::string reason = whyDotNotLowered(dot, computeCapability);
    if (!reason.empty())
      os << "the NVIDIA backend cannot lower '" << op->getName() << "' yet: " << reason;
  } else if (isa<tt::ExpandDimsOp, tt::BroadcastOp, tt::TransOp, tt::ReshapeOp>(op) &&
             !getRegisterPermutation(op)) {
    os << "the NVIDIA backend cannot lower '" << op->getName()
       << "' yet: its source's elements are held by other threads than its result's (moving "
          "values between threads is not lowered yet)";
  } else if (isa<tt::JoinOp, tt::SplitOp, tt::CatOp>(op) && !canJoinOrSplitWithinThreads(op)) {
    os << "the NVIDIA backend cannot lower '" << op->getName()
       << "' yet: its operands' elements are held by other threads than its result's (moving "
          "values between threads is not lowered yet)";
  } else if (isa<math::MathDialect>(op->getDialect()) &&
             !loweredMathOps.contains(op->getName())) {
    os << "the NVIDIA backend cannot lower '" << op->getName()
       << "' yet: PTX has no instruction for it and libdevice no function";
  } else if (auto constant = dyn_cast<arith::ConstantOp>(op)) {
    if (isa<RankedTensorType>(constant.getType()) && !isa<SplatElementsAttr>(constant.getValue()))
      os << "the NVIDIA backend cannot lower '" << op->getName()
         << "' yet: a tensor constant that is not a splat";
  }
  return why;
}

struct NvidiaConvertTritonGPUToLLVMPass
    : impl::NvidiaConvertTritonGPUToLLVMPassBase<NvidiaConvertTritonGPUToLLVMPass> {
  void runOnOperation() override {
    ModuleOp module = getOperation();
    MLIRContext *context = &getContext();
    FailureOr<std::unique_ptr<TargetInfo>> target = ttg::getModuleTargetInfo(module);
    if (failed(target))
      return signalPassFailure();
    if (!isa<NvidiaTargetInfo>(**target)) {
      module.emitError() << getArgument() << " needs an NVIDIA target; got "
                         << (*target)->getName();
      return signalPassFailure();
    }
    auto numWarps =
        module->getAttrOfType<IntegerAttr>(ttg::TritonGPUDialect::kNumWarpsAttrName);
    if (!numWarps) {
      module.emitError() << getArgument() << " needs the module attribute '"
                         << ttg::TritonGPUDialect::kNumWarpsAttrName << "'";
      return signalPassFailure();
    }

    NvidiaTargetLowering lowering(cast<NvidiaTargetInfo>(**target).getComputeCapability());
    TritonGPUToLLVMTypeConverter typeConverter(context, lowering.getGlobalAddressSpace(),
                                               lowering.getSharedAddressSpace());
    bool unsupported = false;
    llvm::DenseSet<OperationName> loweredMathOps = getLoweredMathOps(context);
    module.walk<WalkOrder::PreOrder>([&](Operation *op) {
      std::string why = whyNotLowered(op, typeConverter, loweredMathOps,
                                    cast<NvidiaTargetInfo>(**target).getComputeCapability());
      if (why.empty())
        return WalkResult::advance();
      op->emitError(why);
      unsupported = true;
      return WalkResult::skip(); // The ops in its regions (a combiner's) go with it.
    });
    GpuLoweringInfo info{"NVIDIA", lowering, static_cast<unsigned>(numWarps.getInt())};
    // One buffer of dynamic shared memory for the kernel, at most what a block may opt in to
    // (the SM's shared memory less the 1 KiB that the driver reserves per block).
    int64_t maxSharedBytes = int64_t(*(*target)->getSharedMemoryBytes()) - 1024;
    if (failed(allocateSharedMemory(module, info, maxSharedBytes, (*target)->getName())) ||
        unsupported)
      return signalPassFailure();

    // Chosen before the conversion, from the AxisInfo of the ttg IR.
    FailureOr<AccessVectorWidths> widths = computeAccessVectorWidths(module, **target);
    if (failed(widths)) {
      module.emitError() << getArgument() << ": the AxisInfo analysis failed";
      return signalPassFailure();
    }

    RewritePatternSet patterns(context);
    populateFunctionOpToLLVMPatterns(typeConverter, patterns, info);
    populateElementwiseOpToLLVMPatterns(typeConverter, patterns, info);
    populateViewOpToLLVMPatterns(typeConverter, patterns, info);
    populateJoinSplitOpToLLVMPatterns(typeConverter, patterns, info);
    populateConvertLayoutOpToLLVMPatterns(typeConverter, patterns, info);
    populateSharedMemoryOpToLLVMPatterns(typeConverter, patterns, info);
    populateAsyncCopyOpToLLVMPatterns(typeConverter, patterns, info, *widths);
    populateLoadStoreOpToLLVMPatterns(typeConverter, patterns, info, *widths);
    populateAtomicOpToLLVMPatterns(typeConverter, patterns, info);
    populateReduceOpToLLVMPatterns(typeConverter, patterns, info);
    populateScanOpToLLVMPatterns(typeConverter, patterns, info);
    populateGatherOpToLLVMPatterns(typeConverter, patterns, info);
    populateHistogramOpToLLVMPatterns(typeConverter, patterns, info);
    arith::populateArithToLLVMConversionPatterns(typeConverter, patterns);
    populateMathToLLVMConversionPatterns(typeConverter, patterns);
    cf::populateControlFlowToLLVMConversionPatterns(typeConverter, patterns);
    populateDebugOpToLLVMPatterns(typeConverter, patterns, info);
    populateBarrierOpToLLVMPatterns(typeConverter, patterns, info);
    populateFpToFpOpToLLVMPatterns(typeConverter, patterns, info);
    populateMathOpToLLVMPatterns(typeConverter, patterns);
    populateDotOpToMmaV2Patterns(typeConverter, patterns);
    populateDotOpToWgmmaPatterns(typeConverter, patterns, info);
    populateDotOpToFMAPatterns(typeConverter, patterns, info);
    populateTmaOpToLLVMPatterns(typeConverter, patterns, info);

    ConversionTarget legal(*context);
    legal.addLegalDialect<LLVM::LLVMDialect, NVVM::NVVMDialect>();
    legal.addIllegalDialect<tt::TritonDialect, ttg::TritonGPUDialect, NvidiaDialect,
                            arith::ArithDialect, math::MathDialect, cf::ControlFlowDialect,
                            gpu::GPUDialect>();
    if (failed(applyPartialConversion(module, legal, std::move(patterns))))
      return signalPassFailure();
    module.walk([](LLVM::LLVMFuncOp func) { markTensorMapParameters(func); });
    // The module attributes of ttg say nothing to LLVM; ttg.shared stays for the launch, which
    // gives the kernel that much dynamic shared memory.
    module->removeAttr(ttg::TritonGPUDialect::kNumWarpsAttrName);
    module->removeAttr(ttg::TritonGPUDialect::kTargetAttrName);
  }
};

} // namespace
} // namespace mlir::nereid::nvidia
