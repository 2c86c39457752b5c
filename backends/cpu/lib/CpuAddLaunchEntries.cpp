// The C entry points of each kernel (see CpuAddLaunchEntriesPass in Passes.td):
//   void K_program(void **args, i32 pidX, pidY, pidZ, gridX, gridY, gridZ)
//   void K_grid(void **args, i32 gridX, gridY, gridZ, i32 numThreads)
// K_grid reads the parameters once, then runs the programs in a serial loop (one thread, or one
// program: no threading overhead at all) or in an scf.parallel loop that becomes an OpenMP
// loop. Where stores may be non-temporal, each thread fences them after its programs.

#include "StreamingStores.h"

#include "nereid/CPU/Passes.h"
#include "nereid/CPU/ProgramArguments.h"
#include "nereid/CPU/TypeConverter.h"

#include "mlir/Dialect/Arith/IR/Arith.h"
#include "mlir/Dialect/Func/IR/FuncOps.h"
#include "mlir/Dialect/LLVMIR/LLVMDialect.h"
#include "mlir/Dialect/SCF/IR/SCF.h"

namespace mlir::nereid::cpu {

#define GEN_PASS_DEF_CPUADDLAUNCHENTRIESPASS
#include "nereid/CPU/Passes.h.inc"

namespace {

constexpr const char kSetNumThreads[] = "omp_set_num_threads";
constexpr const char kGetMaxThreads[] = "omp_get_max_threads";

/// The declaration of the external function `name` in `module`, added where missing.
func::FuncOp getOrDeclare(OpBuilder &builder, ModuleOp module, StringRef name,
                          FunctionType type) {
  if (auto existing = module.lookupSymbol<func::FuncOp>(name))
    return existing;
  auto declaration = func::FuncOp::create(builder, module.getLoc(), name, type);
  declaration.setPrivate();
  return declaration;
}

/// Makes the non-temporal stores of this thread visible to others before what follows it:
/// x86's `sfence` (its ordinary fences do not order them), a release fence elsewhere.
void buildStoreFence(OpBuilder &builder, Location loc, ModuleOp module) {
  auto target = module->getAttrOfType<StringAttr>("ttg.target");
  if (target && target.getValue().starts_with("cpu:x86_64")) {
    LLVM::CallIntrinsicOp::create(builder, loc, builder.getStringAttr("llvm.x86.sse.sfence"),
                                  ValueRange{});
    return;
  }
  LLVM::FenceOp::create(builder, loc, LLVM::AtomicOrdering::release);
}

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

Value toIndex(OpBuilder &builder, Location loc, Value value) {
  return arith::IndexCastOp::create(builder, loc, builder.getIndexType(), value);
}

/// The grid's sizes: the i32 ones of the kernel's arguments, and as indices.
struct Grid {
  SmallVector<Value, 3> sizes;
  Value x, y, xy, total;
};

Grid buildGrid(OpBuilder &builder, Location loc, ValueRange sizes) {
  Grid grid{SmallVector<Value, 3>(sizes), {}, {}, {}, {}};
  grid.x = toIndex(builder, loc, sizes[0]);
  grid.y = toIndex(builder, loc, sizes[1]);
  grid.xy = arith::MulIOp::create(builder, loc, grid.x, grid.y);
  grid.total = arith::MulIOp::create(builder, loc, grid.xy, toIndex(builder, loc, sizes[2]));
  return grid;
}

/// Runs program `index` of the flattened grid, x fastest.
void runProgram(OpBuilder &builder, Location loc, func::FuncOp kernel, ValueRange parameters,
                const Grid &grid, Value index) {
  Value x = arith::RemUIOp::create(builder, loc, index, grid.x);
  Value y = arith::RemUIOp::create(builder, loc,
                                   arith::DivUIOp::create(builder, loc, index, grid.x), grid.y);
  Value z = arith::DivUIOp::create(builder, loc, index, grid.xy);
  SmallVector<Value> operands(parameters);
  for (Value id : {x, y, z})
    operands.push_back(arith::IndexCastOp::create(builder, loc, builder.getI32Type(), id));
  llvm::append_range(operands, grid.sizes);
  func::CallOp::create(builder, loc, kernel, operands);
}

/// `void K_programs(parameters..., i32 gridX, gridY, gridZ, index begin, end)`, private: runs
/// programs [begin, end) one after another, then fences their non-temporal stores. One thread
/// calls it for its share of the grid; being a function, the loop does not end up inside the
/// region that OpenMP's lowering gives the parallel loop's body (a single block).
func::FuncOp addProgramRange(OpBuilder &builder, func::FuncOp kernel) {
  Location loc = kernel.getLoc();
  Type i32 = builder.getI32Type(), index = builder.getIndexType();
  SmallVector<Type> inputs(kernel.getFunctionType().getInputs().drop_back(kNumProgramArguments));
  inputs.append({i32, i32, i32, index, index});
  auto range = func::FuncOp::create(builder, loc, (getKernelName(kernel) + "_programs").str(),
                                    builder.getFunctionType(inputs, {}));
  range.setPrivate();
  Block *entry = range.addEntryBlock();
  OpBuilder body = OpBuilder::atBlockBegin(entry);
  ValueRange arguments = entry->getArguments();
  ValueRange parameters = arguments.drop_back(5);
  Grid grid = buildGrid(body, loc, arguments.drop_front(parameters.size()).take_front(3));
  Value one = arith::ConstantIndexOp::create(body, loc, 1);
  scf::ForOp::create(body, loc, arguments[arguments.size() - 2], arguments.back(), one,
                     ValueRange{}, [&](OpBuilder &b, Location, Value index, ValueRange) {
                       runProgram(b, loc, kernel, parameters, grid, index);
                       scf::YieldOp::create(b, loc);
                     });
  buildStoreFence(body, loc, kernel->getParentOfType<ModuleOp>());
  func::ReturnOp::create(body, loc);
  return range;
}

void addGridEntry(OpBuilder &builder, func::FuncOp kernel, func::FuncOp setNumThreads) {
  auto module = kernel->getParentOfType<ModuleOp>();
  Location loc = kernel.getLoc();
  auto ptrType = LLVM::LLVMPointerType::get(builder.getContext());
  Type i32 = builder.getI32Type();
  // Where stores may be non-temporal, each thread runs its programs through K_programs.
  func::FuncOp programRange;
  if (module->hasAttr(kNontemporalStoresAttrName))
    programRange = addProgramRange(builder, kernel);
  auto entry = func::FuncOp::create(builder, loc, (getKernelName(kernel) + "_grid").str(),
                                    builder.getFunctionType({ptrType, i32, i32, i32, i32}, {}));
  OpBuilder body = OpBuilder::atBlockBegin(entry.addEntryBlock());
  SmallVector<Value> parameters = loadParameters(body, loc, kernel, entry.getArgument(0));
  Grid grid = buildGrid(body, loc, entry.getArguments().slice(1, 3));
  Value numThreads = entry.getArgument(4);
  Value total = grid.total;
  Value zero = arith::ConstantIndexOp::create(body, loc, 0);
  Value one = arith::ConstantIndexOp::create(body, loc, 1);
  // Runs programs [begin, end) one after another.
  auto runPrograms = [&](OpBuilder &b, Value begin, Value end) {
    if (programRange) {
      SmallVector<Value> operands = parameters;
      llvm::append_range(operands, grid.sizes);
      operands.append({begin, end});
      func::CallOp::create(b, loc, programRange, operands);
      return;
    }
    scf::ForOp::create(b, loc, begin, end, one, ValueRange{},
                       [&](OpBuilder &inner, Location, Value index, ValueRange) {
                         runProgram(inner, loc, kernel, parameters, grid, index);
                         scf::YieldOp::create(inner, loc);
                       });
  };

  // One thread, or a grid of one program: a plain loop, without starting OpenMP's threads.
  Value oneThread = arith::CmpIOp::create(body, loc, arith::CmpIPredicate::eq, numThreads,
                                          arith::ConstantIntOp::create(body, loc, i32, 1));
  Value oneProgram = arith::CmpIOp::create(body, loc, arith::CmpIPredicate::ule, total, one);
  Value serial = arith::OrIOp::create(body, loc, oneThread, oneProgram);
  auto branch = scf::IfOp::create(body, loc, serial, /*withElseRegion=*/true);
  OpBuilder serialBuilder = branch.getThenBodyBuilder();
  runPrograms(serialBuilder, zero, total);
  OpBuilder parallelBuilder = branch.getElseBodyBuilder();
  Value positive = arith::CmpIOp::create(parallelBuilder, loc, arith::CmpIPredicate::sgt,
                                         numThreads,
                                         arith::ConstantIntOp::create(parallelBuilder, loc, i32, 0));
  auto setThreads = scf::IfOp::create(parallelBuilder, loc, positive);
  OpBuilder setBuilder = setThreads.getThenBodyBuilder();
  func::CallOp::create(setBuilder, loc, setNumThreads, ValueRange{numThreads});
  if (!programRange) {
    scf::ParallelOp::create(parallelBuilder, loc, ValueRange{zero}, ValueRange{total},
                            ValueRange{one}, [&](OpBuilder &b, Location, ValueRange indices) {
                              runProgram(b, loc, kernel, parameters, grid, indices[0]);
                            });
    func::ReturnOp::create(body, loc);
    return;
  }
  // One iteration per thread, each over its share [t * total / threads, (t + 1) * total /
  // threads) of the programs, as a static schedule would give them out.
  func::FuncOp getMaxThreads =
      getOrDeclare(builder, module, kGetMaxThreads, builder.getFunctionType({}, {i32}));
  Value maxThreads =
      func::CallOp::create(parallelBuilder, loc, getMaxThreads, ValueRange{}).getResult(0);
  Value threads = toIndex(
      parallelBuilder, loc,
      arith::SelectOp::create(parallelBuilder, loc, positive, numThreads, maxThreads));
  scf::ParallelOp::create(
      parallelBuilder, loc, ValueRange{zero}, ValueRange{threads}, ValueRange{one},
      [&](OpBuilder &b, Location, ValueRange indices) {
        auto shareStart = [&](Value thread) -> Value {
          Value scaled = arith::MulIOp::create(b, loc, thread, total);
          return arith::DivUIOp::create(b, loc, scaled, threads);
        };
        Value next = arith::AddIOp::create(b, loc, indices[0], one);
        runPrograms(b, shareStart(indices[0]), shareStart(next));
      });
  func::ReturnOp::create(body, loc);
}

struct CpuAddLaunchEntriesPass : impl::CpuAddLaunchEntriesPassBase<CpuAddLaunchEntriesPass> {
  void runOnOperation() override {
    ModuleOp module = getOperation();
    SmallVector<func::FuncOp> kernels;
    for (auto func : module.getOps<func::FuncOp>())
      if (func->hasAttr(kKernelAttrName))
        kernels.push_back(func);
    if (kernels.empty())
      return;
    OpBuilder builder = OpBuilder::atBlockEnd(module.getBody());
    func::FuncOp setNumThreads = getOrDeclare(
        builder, module, kSetNumThreads, builder.getFunctionType({builder.getI32Type()}, {}));
    for (func::FuncOp kernel : kernels) {
      addProgramEntry(builder, kernel);
      addGridEntry(builder, kernel, setNumThreads);
    }
  }
};

} // namespace
} // namespace mlir::nereid::cpu
