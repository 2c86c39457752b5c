// nereid_interpret, called as a C caller would: results against values computed here, the same
// results on several threads, argument errors that name the argument, and memory violations and
// assertions reported with the file, line and column of the op.

#include "nereid-c/Nereid.h"

#include <gtest/gtest.h>

#include <algorithm>
#include <cstring>
#include <numeric>
#include <random>
#include <string>
#include <vector>

namespace {

const char *kAddKernel = R"mlir(
tt.func public @add_kernel(%x: !tt.ptr<f32>, %y: !tt.ptr<f32>, %out: !tt.ptr<f32>, %n: i32) {
  %pid = tt.get_program_id x : i32
  %c128 = arith.constant 128 : i32
  %start = arith.muli %pid, %c128 : i32
  %range = tt.make_range {end = 128 : i32, start = 0 : i32} : tensor<128xi32>
  %base = tt.splat %start : i32 -> tensor<128xi32>
  %offsets = arith.addi %base, %range : tensor<128xi32>
  %limit = tt.splat %n : i32 -> tensor<128xi32>
  %mask = arith.cmpi slt, %offsets, %limit : tensor<128xi32>
  %xs = tt.splat %x : !tt.ptr<f32> -> tensor<128x!tt.ptr<f32>>
  %xp = tt.addptr %xs, %offsets : tensor<128x!tt.ptr<f32>>, tensor<128xi32>
  %a = tt.load %xp, %mask : tensor<128x!tt.ptr<f32>> loc("add.py":14:8)
  %ys = tt.splat %y : !tt.ptr<f32> -> tensor<128x!tt.ptr<f32>>
  %yp = tt.addptr %ys, %offsets : tensor<128x!tt.ptr<f32>>, tensor<128xi32>
  %b = tt.load %yp, %mask : tensor<128x!tt.ptr<f32>> loc("add.py":15:8)
  %sum = arith.addf %a, %b : tensor<128xf32>
  %os = tt.splat %out : !tt.ptr<f32> -> tensor<128x!tt.ptr<f32>>
  %op = tt.addptr %os, %offsets : tensor<128x!tt.ptr<f32>>, tensor<128xi32>
  tt.store %op, %sum, %mask : tensor<128x!tt.ptr<f32>> loc("add.py":17:4)
  tt.return
}
)mlir";

/// Every program adds 1 to one counter and keeps the value it saw, so that the old values must
/// be a permutation of 0..programs-1 however the programs interleave.
const char *kCounterKernel = R"mlir(
tt.func public @count(%counter: !tt.ptr<i32>, %seen: !tt.ptr<i32>) {
  %pid = tt.get_program_id x : i32
  %one = arith.constant 1 : i32
  %true = arith.constant true
  %old = tt.atomic_rmw add, acq_rel, gpu, %counter, %one, %true : !tt.ptr<i32>
  %slot = tt.addptr %seen, %pid : !tt.ptr<i32>, i32
  tt.store %slot, %old : !tt.ptr<i32>
  tt.return
}
)mlir";

const char *kDebugKernel = R"mlir(
tt.func public @debug(%limit: i32) {
  %pid = tt.get_program_id x : i32
  tt.print " pid: " {hex = false, isSigned = array<i32: 1>} : %pid : i32 loc("debug.py":3:4)
  %ok = arith.cmpi slt, %pid, %limit : i32
  tt.assert %ok, "pid below limit" : i1 loc("debug.py":4:4)
  tt.return
}
)mlir";

NereidArgument bufferArgument(void *data, size_t size) {
  NereidArgument argument;
  argument.kind = NEREID_ARGUMENT_BUFFER;
  argument.value.buffer.data = data;
  argument.value.buffer.size_bytes = size;
  return argument;
}

NereidArgument integerArgument(int64_t value) {
  NereidArgument argument;
  argument.kind = NEREID_ARGUMENT_INTEGER;
  argument.value.integer = value;
  return argument;
}

NereidArgument floatArgument(double value) {
  NereidArgument argument;
  argument.kind = NEREID_ARGUMENT_FLOAT;
  argument.value.floating = value;
  return argument;
}

void appendText(const char *text, size_t length, void *userData) {
  static_cast<std::string *>(userData)->append(text, length);
}

class InterpretTest : public ::testing::Test {
protected:
  void SetUp() override {
    context = nereid_context_create();
    diagnostics = nereid_diagnostics_create();
  }
  void TearDown() override {
    for (NereidModule *module : modules)
      nereid_module_destroy(module);
    nereid_diagnostics_destroy(diagnostics);
    nereid_context_destroy(context);
  }

  NereidModule *parse(const char *text) {
    NereidModule *module =
        nereid_module_parse(context, text, std::strlen(text), "kernel.mlir", diagnostics);
    EXPECT_NE(module, nullptr);
    modules.push_back(module);
    return module;
  }

  NereidStatus run(NereidModule *module, const char *kernel, uint32_t programs,
                   std::vector<NereidArgument> arguments, uint32_t threads = 1,
                   std::string *printed = nullptr) {
    uint32_t grid[3] = {programs, 1, 1};
    NereidInterpretOptions options = {threads, printed ? appendText : nullptr, printed};
    return nereid_interpret(module, kernel, grid, arguments.data(), arguments.size(), &options,
                            diagnostics);
  }

  /// The only diagnostic, which a failing launch must leave.
  NereidDiagnostic onlyError() {
    EXPECT_EQ(nereid_diagnostics_count(diagnostics), 1u);
    return nereid_diagnostics_get(diagnostics, 0);
  }

  NereidContext *context = nullptr;
  NereidDiagnostics *diagnostics = nullptr;
  std::vector<NereidModule *> modules;
};

struct AddBuffers {
  std::vector<float> x, y, out;
  explicit AddBuffers(size_t n) : x(n), y(n), out(n + 8, -1.0f) {
    for (size_t i = 0; i < n; ++i) {
      x[i] = float(i) * 0.5f;
      y[i] = 1000.0f - float(i);
    }
  }
};

TEST_F(InterpretTest, AddsVectorsOfRaggedLength) {
  NereidModule *module = parse(kAddKernel);
  const size_t n = 300; // three programs of 128, the last one partly masked
  AddBuffers buffers(n);
  ASSERT_EQ(run(module, "add_kernel", 3,
                {bufferArgument(buffers.x.data(), n * 4), bufferArgument(buffers.y.data(), n * 4),
                 bufferArgument(buffers.out.data(), n * 4), integerArgument(n)}),
            NEREID_SUCCESS)
      << nereid_diagnostics_get(diagnostics, 0).message;
  for (size_t i = 0; i < n; ++i)
    EXPECT_EQ(buffers.out[i], float(i) * 0.5f + 1000.0f - float(i)) << i;
  for (size_t i = n; i < n + 8; ++i)
    EXPECT_EQ(buffers.out[i], -1.0f) << "masked-out element " << i << " was written";
}

TEST_F(InterpretTest, ParallelProgramsGiveTheSameResults) {
  NereidModule *module = parse(kAddKernel);
  const size_t n = 1000;
  AddBuffers sequential(n), parallel(n);
  auto arguments = [&](AddBuffers &b) {
    return std::vector<NereidArgument>{bufferArgument(b.x.data(), n * 4),
                                       bufferArgument(b.y.data(), n * 4),
                                       bufferArgument(b.out.data(), n * 4), integerArgument(n)};
  };
  ASSERT_EQ(run(module, "add_kernel", 8, arguments(sequential), 1), NEREID_SUCCESS);
  ASSERT_EQ(run(module, "add_kernel", 8, arguments(parallel), 4), NEREID_SUCCESS);
  EXPECT_EQ(sequential.out, parallel.out);
}

TEST_F(InterpretTest, AtomicsStayExactUnderContention) {
  NereidModule *module = parse(kCounterKernel);
  const uint32_t programs = 2000;
  for (uint32_t threads : {1u, 4u}) {
    int32_t counter = 0;
    std::vector<int32_t> seen(programs, -1);
    ASSERT_EQ(run(module, "count", programs,
                  {bufferArgument(&counter, 4), bufferArgument(seen.data(), programs * 4)},
                  threads),
              NEREID_SUCCESS);
    EXPECT_EQ(counter, int32_t(programs));
    std::sort(seen.begin(), seen.end());
    std::vector<int32_t> expected(programs);
    std::iota(expected.begin(), expected.end(), 0);
    EXPECT_EQ(seen, expected) << "threads: " << threads;
  }
}

TEST_F(InterpretTest, ReadPastTheEndIsReportedAtTheLoad) {
  NereidModule *module = parse(kAddKernel);
  const size_t n = 200;
  AddBuffers buffers(n);
  // y is one element short of what the kernel may read.
  ASSERT_EQ(
      run(module, "add_kernel", 2,
          {bufferArgument(buffers.x.data(), n * 4), bufferArgument(buffers.y.data(), (n - 1) * 4),
           bufferArgument(buffers.out.data(), n * 4), integerArgument(n)}),
      NEREID_FAILURE);
  NereidDiagnostic error = onlyError();
  EXPECT_EQ(error.severity, NEREID_SEVERITY_ERROR);
  EXPECT_STREQ(error.file, "add.py");
  EXPECT_EQ(error.line, 15u);
  EXPECT_EQ(error.column, 8u);
  EXPECT_STREQ(error.message,
               "out-of-bounds tt.load in kernel 'add_kernel' at program (1, 0, 0): element 71 "
               "reads bytes [796, 800) of argument 1, a buffer of 796 bytes: 4 bytes past its "
               "end");
}

TEST_F(InterpretTest, ParallelRunsReportTheFirstFailingProgram) {
  NereidModule *module = parse(kAddKernel);
  const size_t n = 1024;
  AddBuffers buffers(n);
  // Every program from 2 on writes past the end of `out`: program 2 is the one reported.
  ASSERT_EQ(run(module, "add_kernel", 8,
                {bufferArgument(buffers.x.data(), n * 4), bufferArgument(buffers.y.data(), n * 4),
                 bufferArgument(buffers.out.data(), 256 * 4), integerArgument(n)},
                4),
            NEREID_FAILURE);
  NereidDiagnostic error = onlyError();
  EXPECT_EQ(error.line, 17u);
  EXPECT_NE(std::strstr(error.message, "out-of-bounds tt.store in kernel 'add_kernel' at "
                                       "program (2, 0, 0): element 0 writes bytes [1024, 1028)"),
            nullptr)
      << error.message;
}

TEST_F(InterpretTest, PrintsAndAssertsWithTheProgramId) {
  NereidModule *module = parse(kDebugKernel);
  std::string printed;
  ASSERT_EQ(run(module, "debug", 3, {integerArgument(2)}, 1, &printed), NEREID_FAILURE);
  EXPECT_EQ(printed, "pid (0, 0, 0) pid: 0\npid (1, 0, 0) pid: 1\npid (2, 0, 0) pid: 2\n");
  NereidDiagnostic error = onlyError();
  EXPECT_STREQ(error.file, "debug.py");
  EXPECT_EQ(error.line, 4u);
  EXPECT_STREQ(error.message,
               "assertion failed in kernel 'debug' at program (2, 0, 0): pid below limit");
}

TEST_F(InterpretTest, ArgumentErrorsNameTheArgument) {
  NereidModule *module = parse(kAddKernel);
  float data[4] = {};
  EXPECT_EQ(run(module, "add_kernel", 1, {bufferArgument(data, 16)}), NEREID_FAILURE);
  EXPECT_STREQ(onlyError().message, "kernel 'add_kernel' takes 4 arguments; got 1");

  nereid_diagnostics_destroy(diagnostics);
  diagnostics = nereid_diagnostics_create();
  EXPECT_EQ(run(module, "add_kernel", 1,
                {bufferArgument(data, 16), integerArgument(3), bufferArgument(data, 16),
                 integerArgument(4)}),
            NEREID_FAILURE);
  EXPECT_STREQ(
      onlyError().message,
      "argument 1 of kernel 'add_kernel' (type '!tt.ptr<f32>') needs a buffer; got an integer");

  nereid_diagnostics_destroy(diagnostics);
  diagnostics = nereid_diagnostics_create();
  EXPECT_EQ(run(module, "add_kernel", 1,
                {bufferArgument(data, 16), bufferArgument(data, 16), bufferArgument(data, 16),
                 floatArgument(4.0)}),
            NEREID_FAILURE);
  EXPECT_STREQ(onlyError().message,
               "argument 3 of kernel 'add_kernel' (type 'i32') needs an integer; got a float");

  nereid_diagnostics_destroy(diagnostics);
  diagnostics = nereid_diagnostics_create();
  EXPECT_EQ(run(module, "add_kernel", 1,
                {bufferArgument(data, 16), bufferArgument(data, 16), bufferArgument(data, 16),
                 integerArgument(int64_t(1) << 40)}),
            NEREID_FAILURE);
  EXPECT_STREQ(onlyError().message,
               "argument 3 of kernel 'add_kernel' (type 'i32') cannot hold 1099511627776");
}

TEST_F(InterpretTest, UnknownKernelListsTheKernels) {
  NereidModule *module = parse(kAddKernel);
  EXPECT_EQ(run(module, "add", 1, {}), NEREID_FAILURE);
  EXPECT_STREQ(onlyError().message,
               "no tt.func named 'add' in the module; its kernels are add_kernel");
}

TEST_F(InterpretTest, NullArgumentsAndUnknownKindsAreErrors) {
  NereidModule *module = parse(kAddKernel);
  uint32_t grid[3] = {1, 1, 1};
  EXPECT_EQ(nereid_interpret(nullptr, "k", grid, nullptr, 0, nullptr, diagnostics), NEREID_FAILURE);
  EXPECT_EQ(nereid_interpret(module, nullptr, grid, nullptr, 0, nullptr, diagnostics),
            NEREID_FAILURE);
  EXPECT_EQ(nereid_interpret(module, "add_kernel", nullptr, nullptr, 0, nullptr, diagnostics),
            NEREID_FAILURE);
  EXPECT_EQ(nereid_interpret(module, "add_kernel", grid, nullptr, 2, nullptr, diagnostics),
            NEREID_FAILURE);
  NereidArgument strange = integerArgument(0);
  strange.kind = static_cast<NereidArgumentKind>(7);
  EXPECT_EQ(nereid_interpret(module, "add_kernel", grid, &strange, 1, nullptr, diagnostics),
            NEREID_FAILURE);
  EXPECT_EQ(nereid_diagnostics_count(diagnostics), 5u);
  EXPECT_NE(std::strstr(nereid_diagnostics_get(diagnostics, 4).message, "unknown kind 7"), nullptr);
}

TEST_F(InterpretTest, AnEmptyGridRunsNothing) {
  NereidModule *module = parse(kDebugKernel);
  std::string printed;
  uint32_t grid[3] = {4, 0, 1};
  NereidArgument limit = integerArgument(0);
  NereidInterpretOptions options = {1, appendText, &printed};
  EXPECT_EQ(nereid_interpret(module, "debug", grid, &limit, 1, &options, diagnostics),
            NEREID_SUCCESS);
  EXPECT_EQ(printed, "");
}

TEST_F(InterpretTest, MutatedKernelsRunOrFailWithADiagnostic) {
  // Corrupt a kernel one byte at a time: whatever still parses and verifies must run to the end
  // or fail with a diagnostic, never crash, however its shapes, offsets and masks changed.
  std::mt19937 generator(std::random_device{}());
  const std::string original = kAddKernel;
  std::uniform_int_distribution<size_t> position(0, original.size() - 1);
  const char replacements[] = "0123456789xyz,:<>()%@ ";
  std::uniform_int_distribution<size_t> pick(0, sizeof(replacements) - 2);
  const size_t n = 300;
  int ran = 0;
  for (int trial = 0; trial < 400; ++trial) {
    std::string text = original;
    text[position(generator)] = replacements[pick(generator)];
    NereidModule *module =
        nereid_module_parse(context, text.data(), text.size(), "mutated.mlir", diagnostics);
    if (!module)
      continue;
    modules.push_back(module);
    AddBuffers buffers(n);
    size_t before = nereid_diagnostics_count(diagnostics);
    NereidStatus status =
        run(module, "add_kernel", 3,
            {bufferArgument(buffers.x.data(), n * 4), bufferArgument(buffers.y.data(), n * 4),
             bufferArgument(buffers.out.data(), n * 4), integerArgument(n)});
    if (status == NEREID_FAILURE)
      EXPECT_GT(nereid_diagnostics_count(diagnostics), before) << text;
    ++ran;
  }
  EXPECT_GT(ran, 0);
}

} // namespace
