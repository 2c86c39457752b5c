// Crash recovery in the C API (libnereid/CAPI/CrashRecovery.h): an LLVM fatal error or a crash signal
// inside an entry point is an error return with a diagnostic, the context it broke refuses
// further work, and the process goes on compiling in a new context.

#include "nereid-c/Nereid.h"

#include <gtest/gtest.h>

#include <string>

namespace {

const char *kKernel = R"mlir(
tt.func public @scale(%x: !tt.ptr<f32>, %n: i32) {
  %range = tt.make_range {end = 64 : i32, start = 0 : i32} : tensor<64xi32>
  %limit = tt.splat %n : i32 -> tensor<64xi32>
  %mask = arith.cmpi slt, %range, %limit : tensor<64xi32>
  %base = tt.splat %x : !tt.ptr<f32> -> tensor<64x!tt.ptr<f32>>
  %ptrs = tt.addptr %base, %range : tensor<64x!tt.ptr<f32>>, tensor<64xi32>
  %v = tt.load %ptrs, %mask : tensor<64x!tt.ptr<f32>>
  %w = arith.addf %v, %v : tensor<64xf32>
  tt.store %ptrs, %w, %mask : tensor<64x!tt.ptr<f32>>
  tt.return
}
)mlir";

const char *kTtgPipeline =
    "builtin.module(nereid-ttg-pipeline{target=cpu:x86_64:avx2 num-warps=1})";

/// Every message in `diagnostics`, one per line.
std::string messages(const NereidDiagnostics *diagnostics) {
  std::string all;
  for (size_t i = 0; i < nereid_diagnostics_count(diagnostics); ++i)
    all += std::string(nereid_diagnostics_get(diagnostics, i).message) + "\n";
  return all;
}

/// Parses kKernel in `context` and runs `pipeline` on it; returns the status and the messages.
std::pair<NereidStatus, std::string> compile(NereidContext *context, const char *pipeline,
                                             NereidModule **keep = nullptr) {
  NereidDiagnostics *diagnostics = nereid_diagnostics_create();
  std::string text = kKernel;
  NereidModule *module =
      nereid_module_parse(context, text.data(), text.size(), "kernel.mlir", diagnostics);
  NereidStatus status = NEREID_FAILURE;
  if (module)
    status = nereid_module_run_pipeline(module, pipeline, diagnostics);
  std::string all = messages(diagnostics);
  nereid_diagnostics_destroy(diagnostics);
  if (keep)
    *keep = module;
  else
    nereid_module_destroy(module);
  return {status, all};
}

/// The crashes that test-nereid-crash stages, and what the diagnostic must say of each.
struct Crash {
  const char *kind;
  const char *message;
};

class CrashRecoveryTest : public ::testing::TestWithParam<Crash> {};

TEST_P(CrashRecoveryTest, IsAnErrorAndTheNextContextCompiles) {
  const Crash &crash = GetParam();
  std::string pipeline = std::string("builtin.module(test-nereid-crash{kind=") + crash.kind + "})";

  NereidContext *broken = nereid_context_create();
  NereidModule *module = nullptr;
  auto [status, message] = compile(broken, pipeline.c_str(), &module);
  EXPECT_EQ(status, NEREID_FAILURE);
  EXPECT_NE(message.find("internal compiler error in nereid_module_run_pipeline"),
            std::string::npos)
      << message;
  EXPECT_NE(message.find(crash.message), std::string::npos) << message;

  // The broken context and its module refuse further work, and say why.
  ASSERT_NE(module, nullptr);
  NereidDiagnostics *diagnostics = nereid_diagnostics_create();
  EXPECT_EQ(nereid_module_verify(module, diagnostics), NEREID_FAILURE);
  EXPECT_EQ(nereid_module_run_pipeline(module, "builtin.module(canonicalize)", diagnostics),
            NEREID_FAILURE);
  std::string text = kKernel;
  EXPECT_EQ(nereid_module_parse(broken, text.data(), text.size(), "k.mlir", diagnostics),
            nullptr);
  ASSERT_EQ(nereid_diagnostics_count(diagnostics), 3u);
  for (size_t i = 0; i < 3; ++i)
    EXPECT_NE(std::string(nereid_diagnostics_get(diagnostics, i).message)
                  .find("the context is unusable after an internal compiler error"),
              std::string::npos)
        << messages(diagnostics);
  EXPECT_STREQ(nereid_module_print(module, 0), "");
  nereid_diagnostics_destroy(diagnostics);
  nereid_module_destroy(module);
  nereid_context_destroy(broken);

  // A new context compiles, twice, and so does one made before the crash.
  for (int round = 0; round < 2; ++round) {
    NereidContext *context = nereid_context_create();
    auto [next, nextMessage] = compile(context, kTtgPipeline);
    EXPECT_EQ(next, NEREID_SUCCESS) << nextMessage;
    nereid_context_destroy(context);
  }
}

INSTANTIATE_TEST_SUITE_P(
    Kinds, CrashRecoveryTest,
    ::testing::Values(Crash{"fatal-error", "LLVM fatal error: test-nereid-crash: a fatal error"},
                      Crash{"usage-error", "LLVM fatal error: test-nereid-crash: a fatal usage"},
                      Crash{"abort", "crash: signal 6"}),
    [](const ::testing::TestParamInfo<Crash> &info) {
      std::string name = info.param.kind;
      for (char &c : name)
        if (c == '-')
          c = '_';
      return name;
    });

TEST(CrashRecovery, ContextsThatDidNotCrashKeepWorking) {
  NereidContext *bystander = nereid_context_create();
  NereidContext *broken = nereid_context_create();
  EXPECT_EQ(compile(broken, "builtin.module(test-nereid-crash)").first, NEREID_FAILURE);
  auto [status, message] = compile(bystander, kTtgPipeline);
  EXPECT_EQ(status, NEREID_SUCCESS) << message;
  nereid_context_destroy(broken);
  nereid_context_destroy(bystander);
}

TEST(CrashRecovery, AnUnknownKindIsAnOrdinaryError) {
  NereidContext *context = nereid_context_create();
  auto [status, message] = compile(context, "builtin.module(test-nereid-crash{kind=segv})");
  EXPECT_EQ(status, NEREID_FAILURE);
  EXPECT_NE(message.find("unknown kind 'segv'"), std::string::npos) << message;
  // Not an internal error: the context goes on.
  auto [next, nextMessage] = compile(context, kTtgPipeline);
  EXPECT_EQ(next, NEREID_SUCCESS) << nextMessage;
  nereid_context_destroy(context);
}

} // namespace
