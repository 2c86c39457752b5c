// nereid_host_target and nereid_module_emit: an LLVM-dialect module to LLVM IR, assembly and
// an ELF object, bitcode libraries linked into it, and the errors a caller can meet.

#include "nereid-c/Nereid.h"

#include <gtest/gtest.h>

#include <cstdio>
#include <cstring>
#include <string>

#include <unistd.h>

namespace {

const char *kScaleModule = R"mlir(
llvm.func @nereid_scale(%x: !llvm.ptr, %n: i64) {
  %c0 = llvm.mlir.constant(0 : i64) : i64
  %c1 = llvm.mlir.constant(1 : i64) : i64
  %two = llvm.mlir.constant(2.0 : f32) : f32
  llvm.br ^loop(%c0 : i64)
^loop(%i: i64):
  %more = llvm.icmp "slt" %i, %n : i64
  llvm.cond_br %more, ^body, ^exit
^body:
  %p = llvm.getelementptr %x[%i] : (!llvm.ptr, i64) -> !llvm.ptr, f32
  %v = llvm.load %p : !llvm.ptr -> f32
  %w = llvm.fmul %v, %two : f32
  llvm.store %w, %p : f32, !llvm.ptr
  %next = llvm.add %i, %c1 : i64
  llvm.br ^loop(%next : i64)
^exit:
  llvm.return
}
)mlir";

// A bitcode library, as textual LLVM IR (which the bitcode reader takes too).
const char *kCubeLibrary = R"ll(
define float @nereid_test_cube(float %x) {
  %square = fmul float %x, %x
  %cube = fmul float %square, %x
  ret float %cube
}
define float @nereid_test_unused(float %x) {
  ret float %x
}
!llvm.ident = !{!0}
!0 = !{!"the library's compiler"}
)ll";

/// A file of `text` that lives as long as the object.
class TemporaryFile {
public:
  explicit TemporaryFile(const std::string &text) {
    char pattern[] = "/tmp/nereid-emit-test-XXXXXX.ll";
    int descriptor = mkstemps(pattern, 3);
    EXPECT_GE(descriptor, 0);
    path = pattern;
    EXPECT_EQ(write(descriptor, text.data(), text.size()), static_cast<ssize_t>(text.size()));
    close(descriptor);
  }
  ~TemporaryFile() { std::remove(path.c_str()); }
  std::string path;
};

class EmitTest : public ::testing::Test {
protected:
  void SetUp() override {
    context = nereid_context_create();
    diagnostics = nereid_diagnostics_create();
  }
  void TearDown() override {
    nereid_buffer_destroy(buffer);
    nereid_module_destroy(module);
    nereid_diagnostics_destroy(diagnostics);
    nereid_context_destroy(context);
  }

  void parse(const std::string &text) {
    module = nereid_module_parse(context, text.data(), text.size(), "scale.mlir", diagnostics);
    ASSERT_NE(module, nullptr);
  }

  NereidStatus emit(NereidEmitKind kind, const char *triple = nullptr) {
    return nereid_module_emit(module, kind, triple, nullptr, nullptr, 3, nullptr, 0, &buffer,
                              diagnostics);
  }

  /// Emits LLVM IR with kCubeLibrary linked in.
  NereidStatus emitWithCubeLibrary() {
    TemporaryFile library(kCubeLibrary);
    const char *libraries[] = {library.path.c_str()};
    return nereid_module_emit(module, NEREID_EMIT_LLVM_IR, nullptr, nullptr, nullptr, 3,
                              libraries, 1, &buffer, diagnostics);
  }

  std::string output() const {
    return std::string(nereid_buffer_data(buffer), nereid_buffer_size(buffer));
  }

  std::string firstMessage() const {
    if (nereid_diagnostics_count(diagnostics) == 0)
      return "";
    return nereid_diagnostics_get(diagnostics, 0).message;
  }

  std::string lastMessage() const {
    size_t count = nereid_diagnostics_count(diagnostics);
    return count == 0 ? "" : nereid_diagnostics_get(diagnostics, count - 1).message;
  }

  NereidContext *context = nullptr;
  NereidDiagnostics *diagnostics = nullptr;
  NereidModule *module = nullptr;
  NereidBuffer *buffer = nullptr;
};

TEST(HostTargetTest, DescribesThisMachine) {
  NereidTarget host = nereid_host_target();
  std::string triple = host.triple;
  ASSERT_FALSE(triple.empty());
  EXPECT_FALSE(std::string(host.cpu).empty());
  std::string ttg = host.ttg_target;
  if (triple.rfind("x86_64", 0) == 0) {
    bool avx512 = std::string(host.features).find("+avx512f") != std::string::npos;
    EXPECT_EQ(ttg, avx512 ? "cpu:x86_64:avx512" : "cpu:x86_64:avx2");
  } else if (triple.rfind("aarch64", 0) == 0) {
    EXPECT_EQ(ttg, "cpu:aarch64:neon");
  }
  // The same strings every time: they key the kernel cache.
  EXPECT_STREQ(nereid_host_target().features, host.features);
}

TEST_F(EmitTest, LLVMIRHoldsTheOptimizedFunction) {
  parse(kScaleModule);
  ASSERT_EQ(emit(NEREID_EMIT_LLVM_IR), NEREID_SUCCESS) << firstMessage();
  std::string ir = output();
  EXPECT_NE(ir.find("define void @nereid_scale(ptr"), std::string::npos) << ir;
  EXPECT_NE(ir.find("target triple"), std::string::npos) << ir;
  // Only the optimizer infers these: the IR went through the O3 pipeline.
  EXPECT_NE(ir.find("local_unnamed_addr"), std::string::npos) << ir;
  EXPECT_NE(ir.find("captures(none)"), std::string::npos) << ir;
}

TEST_F(EmitTest, AssemblyDefinesTheFunction) {
  parse(kScaleModule);
  ASSERT_EQ(emit(NEREID_EMIT_ASSEMBLY), NEREID_SUCCESS) << firstMessage();
  EXPECT_NE(output().find("nereid_scale:"), std::string::npos) << output();
}

TEST_F(EmitTest, ObjectIsELF) {
  parse(kScaleModule);
  ASSERT_EQ(emit(NEREID_EMIT_OBJECT), NEREID_SUCCESS) << firstMessage();
  std::string object = output();
  ASSERT_GT(object.size(), 4u);
  EXPECT_EQ(object.substr(0, 4), "\x7f" "ELF");
  EXPECT_NE(object.find("nereid_scale"), std::string::npos); // in the symbol table
}

TEST_F(EmitTest, CrossCompilesForAArch64) {
  parse(kScaleModule);
  ASSERT_EQ(nereid_module_emit(module, NEREID_EMIT_ASSEMBLY, "aarch64-unknown-linux-gnu",
                               "neoverse-v1", "+neon", 3, nullptr, 0, &buffer, diagnostics),
            NEREID_SUCCESS)
      << firstMessage();
  std::string assembly = output();
  EXPECT_NE(assembly.find("nereid_scale:"), std::string::npos) << assembly;
  EXPECT_NE(assembly.find("\tret\n"), std::string::npos) << assembly; // AArch64's return
  EXPECT_EQ(assembly.find("%rdi"), std::string::npos) << assembly;     // no x86 register
}

TEST_F(EmitTest, UnknownTripleIsAnError) {
  parse(kScaleModule);
  EXPECT_EQ(emit(NEREID_EMIT_OBJECT, "nonesuch-unknown-none"), NEREID_FAILURE);
  EXPECT_EQ(buffer, nullptr);
  EXPECT_NE(firstMessage().find("nonesuch-unknown-none"), std::string::npos) << firstMessage();
}

TEST_F(EmitTest, UntranslatableOpIsAnErrorAtItsLocation) {
  // A module still holding tt IR has no translation to LLVM IR.
  parse(R"mlir(
tt.func public @k(%x: !tt.ptr<f32>) {
  tt.return
}
)mlir");
  EXPECT_EQ(emit(NEREID_EMIT_OBJECT), NEREID_FAILURE);
  EXPECT_EQ(buffer, nullptr);
  ASSERT_GT(nereid_diagnostics_count(diagnostics), 0u);
  NereidDiagnostic error = nereid_diagnostics_get(diagnostics, 0);
  EXPECT_EQ(error.severity, NEREID_SEVERITY_ERROR);
  EXPECT_STREQ(error.file, "scale.mlir");
  EXPECT_EQ(error.line, 2u);
  EXPECT_NE(std::string(error.message).find("LLVM IR"), std::string::npos) << error.message;
}

// An error that LLVM's code generator reports through its context (NVPTX has no instruction for
// exp: "no libcall available for fexp") used to print and exit the process; it is now an error
// return, like the fatal error that selection reports next.
TEST_F(EmitTest, CodeGeneratorErrorsAreErrorsNotExits) {
  parse(R"mlir(
llvm.func @k(%x: f32) -> f32 {
  %y = llvm.intr.exp(%x) : (f32) -> f32
  llvm.return %y : f32
}
)mlir");
  EXPECT_EQ(nereid_module_emit(module, NEREID_EMIT_ASSEMBLY, "nvptx64-nvidia-cuda", "sm_90a",
                               "+ptx80", 3, nullptr, 0, &buffer, diagnostics),
            NEREID_FAILURE);
  EXPECT_EQ(buffer, nullptr);
  EXPECT_NE(lastMessage().find("nereid_module_emit"), std::string::npos) << lastMessage();
}

TEST_F(EmitTest, BadArgumentsAreErrors) {
  parse(kScaleModule);
  EXPECT_EQ(nereid_module_emit(module, NEREID_EMIT_OBJECT, nullptr, nullptr, nullptr, 7, nullptr,
                               0, &buffer, diagnostics),
            NEREID_FAILURE);
  EXPECT_NE(firstMessage().find("optimization level"), std::string::npos) << firstMessage();
  EXPECT_EQ(nereid_module_emit(nullptr, NEREID_EMIT_OBJECT, nullptr, nullptr, nullptr, 3, nullptr,
                               0, &buffer, diagnostics),
            NEREID_FAILURE);
  EXPECT_EQ(nereid_module_emit(module, static_cast<NereidEmitKind>(9), nullptr, nullptr, nullptr,
                               3, nullptr, 0, &buffer, diagnostics),
            NEREID_FAILURE);
  EXPECT_EQ(nereid_module_emit(module, NEREID_EMIT_OBJECT, nullptr, nullptr, nullptr, 3, nullptr,
                               1, &buffer, diagnostics),
            NEREID_FAILURE);
  EXPECT_NE(lastMessage().find("null bitcode library"), std::string::npos) << lastMessage();
  EXPECT_EQ(buffer, nullptr);
}

// A kernel that calls a function of a bitcode library (here, textual LLVM IR) it declares.
const char *kCallsLibraryModule = R"mlir(
llvm.func @nereid_test_cube(f32) -> f32
llvm.func @nereid_cube_all(%x: !llvm.ptr) {
  %v = llvm.load %x : !llvm.ptr -> f32
  %w = llvm.call @nereid_test_cube(%v) : (f32) -> f32
  llvm.store %w, %x : f32, !llvm.ptr
  llvm.return
}
)mlir";

TEST_F(EmitTest, LinksBitcodeLibraryFunctionsAndInlinesThem) {
  parse(kCallsLibraryModule);
  ASSERT_EQ(emitWithCubeLibrary(), NEREID_SUCCESS) << firstMessage();
  std::string ir = output();
  // The cube is computed in the caller; the library's functions are neither called, nor
  // declared, nor exported.
  EXPECT_EQ(ir.find("call"), std::string::npos) << ir;
  EXPECT_EQ(ir.find("nereid_test_cube"), std::string::npos) << ir;
  EXPECT_EQ(ir.find("nereid_test_unused"), std::string::npos) << ir;
  EXPECT_EQ(ir.find("the library's compiler"), std::string::npos) << ir;
  size_t first = ir.find("fmul");
  ASSERT_NE(first, std::string::npos) << ir;
  EXPECT_NE(ir.find("fmul", first + 1), std::string::npos) << ir;
}

TEST_F(EmitTest, LibraryFunctionCalledFromManyPlacesStaysOutOfLine) {
  // 65 calls, as code unrolled over a tile makes: more than the 64 that may inline.
  std::string text = "llvm.func @nereid_test_cube(f32) -> f32\n"
                     "llvm.func @nereid_cube_many(%x: !llvm.ptr) {\n"
                     "  %v0 = llvm.load %x : !llvm.ptr -> f32\n";
  for (int i = 1; i <= 65; ++i)
    text += "  %v" + std::to_string(i) + " = llvm.call @nereid_test_cube(%v" +
            std::to_string(i - 1) + ") : (f32) -> f32\n";
  text += "  llvm.store %v65, %x : f32, !llvm.ptr\n  llvm.return\n}\n";
  parse(text);
  ASSERT_EQ(emitWithCubeLibrary(), NEREID_SUCCESS) << firstMessage();
  std::string ir = output();
  EXPECT_NE(ir.find("call fastcc float @nereid_test_cube"), std::string::npos) << ir;
  EXPECT_NE(ir.find("define internal fastcc float @nereid_test_cube"), std::string::npos) << ir;
}

TEST_F(EmitTest, UnreadableBitcodeLibraryIsAnError) {
  parse(kCallsLibraryModule);
  const char *libraries[] = {"/nonexistent/nereid_cpu_math_none.bc"};
  EXPECT_EQ(nereid_module_emit(module, NEREID_EMIT_OBJECT, nullptr, nullptr, nullptr, 3,
                               libraries, 1, &buffer, diagnostics),
            NEREID_FAILURE);
  EXPECT_EQ(buffer, nullptr);
  EXPECT_NE(firstMessage().find("cannot read the bitcode library "
                                "/nonexistent/nereid_cpu_math_none.bc"),
            std::string::npos)
      << firstMessage();
}

} // namespace
