// The C API, exercised as a C caller would: parsing, verification errors with their source
// locations, printing, pipelines, and input that must give an error rather than a crash.

#include "nereid-c/Nereid.h"

#include <gtest/gtest.h>

#include <cstring>
#include <random>
#include <string>
#include <vector>

namespace {

/// Owns a context and a diagnostics list for one test.
class CAPITest : public ::testing::Test {
protected:
  void SetUp() override {
    context = nereid_context_create();
    diagnostics = nereid_diagnostics_create();
  }
  void TearDown() override {
    nereid_diagnostics_destroy(diagnostics);
    nereid_context_destroy(context);
  }

  NereidModule *parse(const std::string &text, const char *filename = "kernel.mlir") {
    return nereid_module_parse(context, text.data(), text.size(), filename, diagnostics);
  }

  /// The first error recorded, which every failing call must leave.
  NereidDiagnostic firstError() {
    for (size_t i = 0; i < nereid_diagnostics_count(diagnostics); ++i) {
      NereidDiagnostic diagnostic = nereid_diagnostics_get(diagnostics, i);
      if (diagnostic.severity == NEREID_SEVERITY_ERROR)
        return diagnostic;
    }
    ADD_FAILURE() << "no error was recorded";
    return {NEREID_SEVERITY_NOTE, "", "", 0, 0};
  }

  NereidContext *context = nullptr;
  NereidDiagnostics *diagnostics = nullptr;
};

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
  %a = tt.load %xp, %mask : tensor<128x!tt.ptr<f32>>
  %ys = tt.splat %y : !tt.ptr<f32> -> tensor<128x!tt.ptr<f32>>
  %yp = tt.addptr %ys, %offsets : tensor<128x!tt.ptr<f32>>, tensor<128xi32>
  %b = tt.load %yp, %mask : tensor<128x!tt.ptr<f32>>
  %sum = arith.addf %a, %b : tensor<128xf32>
  %os = tt.splat %out : !tt.ptr<f32> -> tensor<128x!tt.ptr<f32>>
  %op = tt.addptr %os, %offsets : tensor<128x!tt.ptr<f32>>, tensor<128xi32>
  tt.store %op, %sum, %mask : tensor<128x!tt.ptr<f32>>
  tt.return
}
)mlir";

TEST_F(CAPITest, ReportsTheVersionOfItsHeader) {
  EXPECT_EQ(nereid_api_version(), NEREID_C_API_VERSION);
}

TEST_F(CAPITest, ParsesVerifiesAndPrintsAKernel) {
  NereidModule *module = parse(kAddKernel);
  ASSERT_NE(module, nullptr) << firstError().message;
  EXPECT_EQ(nereid_module_verify(module, diagnostics), NEREID_SUCCESS);
  std::string printed = nereid_module_print(module, /*with_locations=*/0);
  EXPECT_NE(printed.find("tt.func public @add_kernel"), std::string::npos) << printed;
  EXPECT_NE(printed.find("tt.store"), std::string::npos) << printed;

  // What is printed parses again to the same text.
  NereidModule *reparsed = parse(printed);
  ASSERT_NE(reparsed, nullptr) << firstError().message;
  EXPECT_EQ(printed, std::string(nereid_module_print(reparsed, 0)));
  nereid_module_destroy(reparsed);
  nereid_module_destroy(module);
  EXPECT_EQ(nereid_diagnostics_count(diagnostics), 0u);
}

TEST_F(CAPITest, VerifierErrorCarriesTheSourceLocation) {
  const char *text = R"mlir(
tt.func @f() {
  %r = tt.make_range {end = 0 : i32, start = 16 : i32} : tensor<16xi32> loc("kernel.py":12:7)
  tt.return
}
)mlir";
  EXPECT_EQ(parse(text), nullptr);
  NereidDiagnostic error = firstError();
  EXPECT_NE(std::strstr(error.message, "expects end (0) to be greater than start (16)"), nullptr)
      << error.message;
  EXPECT_STREQ(error.file, "kernel.py");
  EXPECT_EQ(error.line, 12u);
  EXPECT_EQ(error.column, 7u);
}

TEST_F(CAPITest, FindsTheFileLocationInsideCallSiteAndFusedLocations) {
  const char *text = R"mlir(
tt.func @f(%x: tensor<4xf32>) {
  %b = tt.broadcast %x : tensor<4xf32> -> tensor<8xf32> loc(callsite("inner.py":3:5 at fused["outer.py":9:1, "x"]))
  tt.return
}
)mlir";
  EXPECT_EQ(parse(text), nullptr);
  NereidDiagnostic error = firstError();
  EXPECT_STREQ(error.file, "inner.py");
  EXPECT_EQ(error.line, 3u);
  EXPECT_EQ(error.column, 5u);
}

TEST_F(CAPITest, SyntaxErrorNamesTheBufferLineAndColumn) {
  EXPECT_EQ(parse("tt.func @f() {\n  %x = tt.splat : \n}\n", "broken.mlir"), nullptr);
  NereidDiagnostic error = firstError();
  EXPECT_STREQ(error.file, "broken.mlir");
  EXPECT_EQ(error.line, 2u);
  EXPECT_GT(error.column, 0u);
  EXPECT_GT(std::strlen(error.message), 0u);
}

TEST_F(CAPITest, UnknownOpIsAnError) {
  EXPECT_EQ(parse("tt.func @f() {\n  tt.no_such_op\n  tt.return\n}\n"), nullptr);
  EXPECT_NE(std::strstr(firstError().message, "tt.no_such_op"), nullptr) << firstError().message;
}

TEST_F(CAPITest, RunsAPipeline) {
  const char *text = R"mlir(
tt.func @f(%p: !tt.ptr<f32>) -> !tt.ptr<f32> {
  %zero = arith.constant 0 : i32
  %q = tt.addptr %p, %zero : !tt.ptr<f32>, i32
  tt.return %q : !tt.ptr<f32>
}
)mlir";
  NereidModule *module = parse(text);
  ASSERT_NE(module, nullptr) << firstError().message;
  ASSERT_EQ(nereid_module_run_pipeline(module, "builtin.module(canonicalize)", diagnostics),
            NEREID_SUCCESS);
  std::string printed = nereid_module_print(module, 0);
  EXPECT_EQ(printed.find("tt.addptr"), std::string::npos) << printed;
  nereid_module_destroy(module);
}

TEST_F(CAPITest, InvalidPipelineIsAnError) {
  NereidModule *module = parse(kAddKernel);
  ASSERT_NE(module, nullptr);
  EXPECT_EQ(nereid_module_run_pipeline(module, "builtin.module(no-such-pass)", diagnostics),
            NEREID_FAILURE);
  EXPECT_NE(std::strstr(firstError().message, "no-such-pass"), nullptr) << firstError().message;
  nereid_diagnostics_destroy(diagnostics);
  diagnostics = nereid_diagnostics_create();
  EXPECT_EQ(nereid_module_run_pipeline(module, "tt.func(cse)", diagnostics), NEREID_FAILURE);
  EXPECT_NE(std::strstr(firstError().message, "anchored on builtin.module"), nullptr)
      << firstError().message;
  nereid_module_destroy(module);
}

TEST_F(CAPITest, NullArgumentsAreErrors) {
  EXPECT_EQ(nereid_module_parse(nullptr, "x", 1, "f", diagnostics), nullptr);
  EXPECT_EQ(nereid_module_verify(nullptr, diagnostics), NEREID_FAILURE);
  EXPECT_EQ(nereid_module_run_pipeline(nullptr, "builtin.module()", diagnostics),
            NEREID_FAILURE);
  EXPECT_EQ(nereid_diagnostics_count(diagnostics), 3u);
  EXPECT_EQ(nereid_diagnostics_get(diagnostics, 99).message, nullptr);
}

TEST_F(CAPITest, DeepNestingIsAnErrorNotAStackOverflow) {
  // MLIR's parser recurses once per level; 100000 levels would overflow the stack.
  std::string text = "tt.func @f(%p: ";
  for (int i = 0; i < 100000; ++i)
    text += "!tt.ptr<";
  text += "f32";
  text += std::string(100000, '>');
  text += ") { tt.return }";
  EXPECT_EQ(parse(text), nullptr);
  EXPECT_NE(std::strstr(firstError().message, "levels deep"), nullptr) << firstError().message;

  // Nesting of everyday depth, and arrows, strings and comparisons do not count against it.
  NereidModule *module = parse(R"mlir(
tt.func @g(%p: !tt.ptr<!tt.ptr<!tt.ptr<f32>>>) -> !tt.ptr<!tt.ptr<!tt.ptr<f32>>> {
  tt.print "((((<<<<[[[[" {hex = false, isSigned = array<i32>}
  tt.return %p : !tt.ptr<!tt.ptr<!tt.ptr<f32>>>
}
)mlir");
  ASSERT_NE(module, nullptr) << firstError().message;
  nereid_module_destroy(module);
}

TEST_F(CAPITest, LargeResultNumbersAreAnErrorNotAnAllocation) {
  // Found by nereid-fuzz: MLIR's parser allocates a slot per result number up to a forward
  // reference's, 16 GiB for this one, and 2^32 - 1 wraps around.
  for (const char *number : {"1073741824", "4294967295", "99999999999999999999999"}) {
    std::string text = R"mlir(
tt.func @f(%p: !tt.ptr<i32>) {
  tt.store %p, %2#)mlir" + std::string(number) +
                       R"mlir( : !tt.ptr<i32>
  tt.return
}
)mlir";
    EXPECT_EQ(parse(text), nullptr);
    EXPECT_NE(std::strstr(firstError().message, "at most 65536 results are supported"), nullptr)
        << firstError().message;
    nereid_diagnostics_destroy(diagnostics);
    diagnostics = nereid_diagnostics_create();
  }

  // Small result numbers, and large ones in strings and comments, are fine.
  NereidModule *module = parse(R"mlir(
// %x#99999999999
tt.func @g(%p: !tt.ptr<i32>, %n: i32) {
  %r:2 = scf.while (%a = %n, %b = %n) : (i32, i32) -> (i32, i32) {
    %c = arith.cmpi eq, %a, %b : i32
    scf.condition(%c) %a, %b : i32, i32
  } do {
  ^bb0(%a: i32, %b: i32):
    scf.yield %a, %b : i32, i32
  }
  tt.store %p, %r#1 : !tt.ptr<i32>
  tt.print "%y#88888888888" {hex = false, isSigned = array<i32>}
  tt.return
}
)mlir");
  ASSERT_NE(module, nullptr) << firstError().message;
  nereid_module_destroy(module);
}

TEST_F(CAPITest, ValuesAtTheTopLevelOfAModuleAreAnError) {
  // Found by nereid-fuzz: in a module's graph region an op may use its own result, and
  // canonicalization then folds it into itself forever.
  for (const char *text : {"  %z = tt.reshape %z : tensor<16xf32> -> tensor<16xf32>\n",
                           "%c0 = arith.constant 0 : i32\n%z = arith.addi %z, %c0 : i32\n",
                           "module {\n  module {\n    %c = arith.constant 1 : i32\n  }\n}\n"}) {
    EXPECT_EQ(parse(text), nullptr) << text;
    EXPECT_NE(std::strstr(firstError().message,
                          "at the top level of a module: ops with operands or results belong "
                          "inside a function"),
              nullptr)
        << firstError().message;
    EXPECT_GT(firstError().line, 0u);
    nereid_diagnostics_destroy(diagnostics);
    diagnostics = nereid_diagnostics_create();
  }
}

TEST_F(CAPITest, GarbageBytesGiveAnErrorNotACrash) {
  std::mt19937 generator(std::random_device{}());
  std::uniform_int_distribution<int> byte(0, 255);
  for (int trial = 0; trial < 200; ++trial) {
    std::string text(1 + trial * 7, '\0');
    for (char &c : text)
      c = static_cast<char>(byte(generator));
    NereidModule *module = parse(text);
    // Random bytes almost never form a module; when they do, it must still verify.
    if (module) {
      EXPECT_EQ(nereid_module_verify(module, diagnostics), NEREID_SUCCESS);
      nereid_module_destroy(module);
    } else {
      EXPECT_GT(nereid_diagnostics_count(diagnostics), 0u);
    }
  }
}

TEST_F(CAPITest, MutatedKernelsGiveAnErrorNotACrash) {
  // Corrupt a valid kernel one byte at a time: each result either parses and verifies, or
  // fails with at least one diagnostic.
  std::mt19937 generator(std::random_device{}());
  const std::string original = kAddKernel;
  std::uniform_int_distribution<size_t> position(0, original.size() - 1);
  std::uniform_int_distribution<int> byte(0, 255);
  for (int trial = 0; trial < 500; ++trial) {
    std::string text = original;
    text[position(generator)] = static_cast<char>(byte(generator));
    size_t before = nereid_diagnostics_count(diagnostics);
    NereidModule *module = parse(text);
    if (module) {
      EXPECT_EQ(nereid_module_verify(module, diagnostics), NEREID_SUCCESS);
      nereid_module_destroy(module);
    } else {
      EXPECT_GT(nereid_diagnostics_count(diagnostics), before) << text;
    }
  }
}

} // namespace
