// The C entry points of each kernel (see AddCpuLaunchEntriesPass in Passes.td):
//   void K_program(void **args, i32 pidX, pidY, pidZ, gridX, gridY, gridZ)
//   void K_grid(void **args, i32 gridX, gridY, gridZ, i32 numThreads)
// K_grid reads the parameters once, then runs the programs in a serial loop (one thread, or one
// program: no threading overhead at all) or in an scf.parallel loop that becomes an OpenMP
// loop.

#include "nereid/CPU/Passes.h"
#include "nereid/CPU/ProgramArguments.h"
#include "nereid/CPU/TypeConverter.h"

#include "mlir/Dialect/Arith/IR/Arith.h"
#include "mlir/Dialect/Func/IR/FuncOps.h"
#include "mlir/Dialect/LLVMIR/LLVMDialect.h"
#include "mlir/Dialect/SCF/IR/SCF.h"

namespace mlir::nereid::cpu {

#define GEN_PASS_DEF_ADDCPULAUNCHENTRIESPASS
#include "nereid/CPU/Passes.h.inc"

namespace {

constexpr const char kSetNumThreads[] = "omp_set_num_threads";

/// The name of the kernel whose body is `kernel`.
StringRef getKernelName(func::FuncOp kernel) {
  return kernel->getAttrOfType<StringAttr>(kKernelAttrName).getValue();
}

/// Reads the kernel's parameters from `args`: args[i] points at parameter i.
SmallVector<Value> loadParameters(OpBuilder &builder, Location loc, func::FuncOp kernel,
                                  Value args) {
  auto ptrType = LLVM::LLVMPointerType::get(builder.getContext());
  ArrayRef<Type> inputs = kernel.getFunctionType().getInputs().drop_back(kNumProgramArguments);
  SmallVector<Value> values;
  for (auto [index, type] : llvm::enumerate(inputs)) {
    Value slotAddress = LLVM::GEPOp::create(builder, loc, ptrType, ptrType, args,
                                            ArrayRef<LLVM::GEPArg>{static_cast<int32_t>(index)});
    Value slot = LLVM::LoadOp::create(builder, loc, ptrType, slotAddress);
    Type memoryType = getMemoryElementType(type);
    values.push_back(fromMemoryType(builder, loc,
                                    LLVM::LoadOp::create(builder, loc, memoryType, slot), type));
  }
  return values;
}

void addProgramEntry(OpBuilder &builder, func::FuncOp kernel) {
  Location loc = kernel.getLoc();
  auto ptrType = LLVM::LLVMPointerType::get(builder.getContext());
  SmallVector<Type> inputs{ptrType};
  inputs.append(kNumProgramArguments, builder.getI32Type());
  auto entry = func::FuncOp::create(builder, loc, (getKernelName(kernel) + "_program").str(),
                                    builder.getFunctionType(inputs, {}));
  OpBuilder body = OpBuilder::atBlockBegin(entry.addEntryBlock());
  SmallVector<Value> operands = loadParameters(body, loc, kernel, entry.getArgument(0));
  llvm::append_range(operands, entry.getArguments().drop_front());
  func::CallOp::create(body, loc, kernel, operands);
  func::ReturnOp::create(body, loc);
}

void addGridEntry(OpBuilder &builder, func::FuncOp kernel, func::FuncOp setNumThreads) {
  Location loc = kernel.getLoc();
  auto ptrType = LLVM::LLVMPointerType::get(builder.getContext());
  Type i32 = builder.getI32Type();
  auto entry = func::FuncOp::create(builder, loc, (getKernelName(kernel) + "_grid").str(),
                                    builder.getFunctionType({ptrType, i32, i32, i32, i32}, {}));
  OpBuilder body = OpBuilder::atBlockBegin(entry.addEntryBlock());
  SmallVector<Value> parameters = loadParameters(body, loc, kernel, entry.getArgument(0));
  SmallVector<Value> grid{entry.getArgument(1), entry.getArgument(2), entry.getArgument(3)};
  Value numThreads = entry.getArgument(4);

  auto toIndex = [&](OpBuilder &b, Value v) -> Value {
    return arith::IndexCastOp::create(b, loc, b.getIndexType(), v);
  };
  Value gridX = toIndex(body, grid[0]), gridY = toIndex(body, grid[1]);
  Value gridXY = arith::MulIOp::create(body, loc, gridX, gridY);
  Value total = arith::MulIOp::create(body, loc, gridXY, toIndex(body, grid[2]));
  Value zero = arith::ConstantIndexOp::create(body, loc, 0);
  Value one = arith::ConstantIndexOp::create(body, loc, 1);

  // Runs program `index` of the flattened grid, x fastest.
  auto runProgram = [&](OpBuilder &b, Value index) {
    Value x = arith::RemUIOp::create(b, loc, index, gridX);
    Value y = arith::RemUIOp::create(b, loc, arith::DivUIOp::create(b, loc, index, gridX), gridY);
    Value z = arith::DivUIOp::create(b, loc, index, gridXY);
    SmallVector<Value> operands = parameters;
    for (Value id : {x, y, z})
      operands.push_back(arith::IndexCastOp::create(b, loc, i32, id));
    llvm::append_range(operands, grid);
    func::CallOp::create(b, loc, kernel, operands);
  };

  // One thread, or a grid of one program: a plain loop, without starting OpenMP's threads.
  Value oneThread = arith::CmpIOp::create(body, loc, arith::CmpIPredicate::eq, numThreads,
                                          arith::ConstantIntOp::create(body, loc, i32, 1));
  Value oneProgram = arith::CmpIOp::create(body, loc, arith::CmpIPredicate::ule, total, one);
  Value serial = arith::OrIOp::create(body, loc, oneThread, oneProgram);
  auto branch = scf::IfOp::create(body, loc, serial, /*withElseRegion=*/true);
  OpBuilder serialBuilder = branch.getThenBodyBuilder();
  scf::ForOp::create(serialBuilder, loc, zero, total, one, ValueRange{},
                     [&](OpBuilder &b, Location, Value index, ValueRange) {
                       runProgram(b, index);
                       scf::YieldOp::create(b, loc);
                     });
  OpBuilder parallelBuilder = branch.getElseBodyBuilder();
  Value positive = arith::CmpIOp::create(parallelBuilder, loc, arith::CmpIPredicate::sgt,
                                         numThreads,
                                         arith::ConstantIntOp::create(parallelBuilder, loc, i32, 0));
  auto setThreads = scf::IfOp::create(parallelBuilder, loc, positive);
  OpBuilder setBuilder = setThreads.getThenBodyBuilder();
  func::CallOp::create(setBuilder, loc, setNumThreads, ValueRange{numThreads});
  scf::ParallelOp::create(parallelBuilder, loc, ValueRange{zero}, ValueRange{total},
                          ValueRange{one},
                          [&](OpBuilder &b, Location, ValueRange indices) {
                            runProgram(b, indices[0]);
                          });
  func::ReturnOp::create(body, loc);
}

struct AddCpuLaunchEntriesPass : impl::AddCpuLaunchEntriesPassBase<AddCpuLaunchEntriesPass> {
  void runOnOperation() override {
    ModuleOp module = getOperation();
    SmallVector<func::FuncOp> kernels;
    for (auto func : module.getOps<func::FuncOp>())
      if (func->hasAttr(kKernelAttrName))
        kernels.push_back(func);
    if (kernels.empty())
      return;
    OpBuilder builder = OpBuilder::atBlockEnd(module.getBody());
    auto setNumThreads = module.lookupSymbol<func::FuncOp>(kSetNumThreads);
    if (!setNumThreads) {
      setNumThreads = func::FuncOp::create(
          builder, module.getLoc(), kSetNumThreads,
          builder.getFunctionType({builder.getI32Type()}, {}));
      setNumThreads.setPrivate();
    }
    for (func::FuncOp kernel : kernels) {
      addProgramEntry(builder, kernel);
      addGridEntry(builder, kernel, setNumThreads);
    }
  }
};

} // namespace
} // namespace mlir::nereid::cpu
