// The TargetInfo of each backend that registers one, made through the registry from
// `ttg.target` strings as the compiler makes them.

#include "nereid/Amd/AmdTargetInfo.h"
#include "nereid/CPU/CpuTargetInfo.h"
#include "nereid/Nvidia/NvidiaTargetInfo.h"
#include "nereid/Registration.h"

#include "mlir/IR/Builders.h"
#include "mlir/IR/BuiltinTypes.h"
#include "mlir/IR/MLIRContext.h"
#include "llvm/Support/Casting.h"

#include <gtest/gtest.h>

using namespace mlir;
using namespace mlir::nereid;
using mlir::nereid::amd::AmdTargetInfo;
using mlir::nereid::cpu::CpuTargetInfo;
using mlir::nereid::nvidia::NvidiaTargetInfo;

namespace {

class TargetInfoTest : public ::testing::Test {
protected:
  TargetInfoTest() { registerAllTargets(); }

  /// The target that `name` names; fails the test if it is unknown.
  std::unique_ptr<TargetInfo> create(llvm::StringRef name) {
    auto target = createTargetInfo(name);
    if (!target) {
      ADD_FAILURE() << name.str() << ": " << llvm::toString(target.takeError());
      return nullptr;
    }
    return std::move(*target);
  }

  /// The error message for `name`, which must be unknown.
  std::string error(llvm::StringRef name) {
    auto target = createTargetInfo(name);
    if (target) {
      ADD_FAILURE() << name.str() << " was accepted as " << (*target)->getName();
      return "";
    }
    return llvm::toString(target.takeError());
  }

  MLIRContext context;
  Builder builder{&context};
};

TEST_F(TargetInfoTest, CpuAvx512) {
  auto target = create("cpu:x86_64:avx512");
  ASSERT_TRUE(target);
  auto *cpu = llvm::dyn_cast<CpuTargetInfo>(target.get());
  ASSERT_NE(cpu, nullptr);
  EXPECT_EQ(cpu->getArch(), "x86_64");
  EXPECT_EQ(target->getName(), "cpu:x86_64:avx512");
  EXPECT_EQ(target->getVectorWidthBits(builder.getF32Type()), 512u);
  EXPECT_EQ(target->getNumLanes(builder.getF32Type()), 16u);
  EXPECT_EQ(target->getNumLanes(builder.getF16Type()), 32u);
  EXPECT_EQ(target->getNumLanes(builder.getBF16Type()), 32u);
  EXPECT_EQ(target->getNumLanes(builder.getI8Type()), 64u);
  EXPECT_EQ(target->getNumLanes(builder.getI1Type()), 64u);
  EXPECT_EQ(target->getNumLanes(builder.getF64Type()), 8u);
  EXPECT_EQ(target->getNumLanes(builder.getIndexType()), 8u);
  EXPECT_EQ(target->getMaxWarps(), 1u);
  EXPECT_EQ(target->getFixedNumWarps(), 1u);
  EXPECT_EQ(target->getLaneModel(), LaneModel::VectorElement);
  EXPECT_FALSE(target->requiresAlignedVectorAccesses());
  EXPECT_EQ(target->getSharedMemoryBytes(), std::nullopt);
}

TEST_F(TargetInfoTest, CpuAvx2AndNeon) {
  auto avx2 = create("cpu:x86_64:avx2");
  ASSERT_TRUE(avx2);
  EXPECT_EQ(avx2->getVectorWidthBits(builder.getF32Type()), 256u);
  EXPECT_EQ(avx2->getNumLanes(builder.getF32Type()), 8u);
  EXPECT_EQ(avx2->getMaxWarps(), 1u);
  EXPECT_FALSE(avx2->getSharedMemoryBytes());

  auto neon = create("cpu:aarch64:neon");
  ASSERT_TRUE(neon);
  EXPECT_EQ(llvm::cast<CpuTargetInfo>(neon.get())->getArch(), "aarch64");
  EXPECT_EQ(neon->getName(), "cpu:aarch64:neon");
  EXPECT_EQ(neon->getVectorWidthBits(builder.getF16Type()), 128u);
  EXPECT_EQ(neon->getNumLanes(builder.getF32Type()), 4u);
  EXPECT_EQ(neon->getNumLanes(builder.getF64Type()), 2u);
  EXPECT_EQ(neon->getMaxWarps(), 1u);
  EXPECT_FALSE(neon->getSharedMemoryBytes());
}

TEST_F(TargetInfoTest, Nvidia) {
  auto sm90 = create("cuda:90");
  ASSERT_TRUE(sm90);
  auto *nvidia = llvm::dyn_cast<NvidiaTargetInfo>(sm90.get());
  ASSERT_NE(nvidia, nullptr);
  EXPECT_EQ(nvidia->getComputeCapability(), 90u);
  EXPECT_EQ(sm90->getName(), "cuda:90");
  EXPECT_EQ(sm90->getNumLanes(builder.getF32Type()), 32u);
  EXPECT_EQ(sm90->getNumLanes(builder.getI8Type()), 32u);
  EXPECT_EQ(sm90->getMaxWarps(), 32u);
  EXPECT_EQ(sm90->getVectorWidthBits(builder.getF16Type()), 128u);
  EXPECT_EQ(sm90->getSharedMemoryBytes(), 228u * 1024);
  EXPECT_EQ(sm90->getFixedNumWarps(), std::nullopt);
  EXPECT_EQ(sm90->getLaneModel(), LaneModel::Thread);
  EXPECT_TRUE(sm90->requiresAlignedVectorAccesses());
  EXPECT_FALSE(llvm::isa<CpuTargetInfo>(sm90.get()));
  EXPECT_FALSE(llvm::isa<AmdTargetInfo>(sm90.get()));

  auto sm80 = create("cuda:80");
  ASSERT_TRUE(sm80);
  EXPECT_EQ(llvm::cast<NvidiaTargetInfo>(sm80.get())->getComputeCapability(), 80u);
  EXPECT_EQ(sm80->getSharedMemoryBytes(), 164u * 1024);
}

TEST_F(TargetInfoTest, Amd) {
  auto gfx942 = create("hip:gfx942");
  ASSERT_TRUE(gfx942);
  auto *amd = llvm::dyn_cast<AmdTargetInfo>(gfx942.get());
  ASSERT_NE(amd, nullptr);
  EXPECT_EQ(amd->getArch(), "gfx942");
  EXPECT_EQ(gfx942->getName(), "hip:gfx942");
  EXPECT_EQ(gfx942->getNumLanes(builder.getF32Type()), 64u);
  EXPECT_EQ(gfx942->getMaxWarps(), 16u);
  EXPECT_EQ(gfx942->getVectorWidthBits(builder.getF32Type()), 128u);
  EXPECT_EQ(gfx942->getSharedMemoryBytes(), 64u * 1024);

  auto gfx90a = create("hip:gfx90a");
  ASSERT_TRUE(gfx90a);
  EXPECT_EQ(gfx90a->getSharedMemoryBytes(), 64u * 1024);
}

TEST_F(TargetInfoTest, NameRoundTrips) {
  for (llvm::StringRef name :
       {"cpu:x86_64:avx512", "cpu:x86_64:avx2", "cpu:aarch64:neon", "cuda:80", "cuda:86", "cuda:89",
        "cuda:90", "hip:gfx90a", "hip:gfx942"}) {
    auto target = create(name);
    ASSERT_TRUE(target) << name.str();
    EXPECT_EQ(target->getName(), name.str());
  }
}

TEST_F(TargetInfoTest, UnknownTargetsAreErrors) {
  EXPECT_EQ(error("cpu:x86_64:sse2"),
            "unknown target 'cpu:x86_64:sse2': CPU targets are cpu:x86_64:avx512, "
            "cpu:x86_64:avx2 and cpu:aarch64:neon");
  EXPECT_EQ(error("cpu:aarch64:avx512"),
            "unknown target 'cpu:aarch64:avx512': CPU targets are cpu:x86_64:avx512, "
            "cpu:x86_64:avx2 and cpu:aarch64:neon");
  EXPECT_NE(error("cpu:aarch64:sve").find("unknown target 'cpu:aarch64:sve'"), std::string::npos);
  EXPECT_NE(error("cpu:x86_64").find("CPU targets are"), std::string::npos);
  EXPECT_EQ(error("cuda:75"),
            "unknown target 'cuda:75': NVIDIA targets are cuda:80, cuda:86, cuda:89 and cuda:90");
  EXPECT_NE(error("cuda:sm_90").find("NVIDIA targets are"), std::string::npos);
  EXPECT_EQ(error("hip:gfx1100"),
            "unknown target 'hip:gfx1100': AMD targets are hip:gfx90a and hip:gfx942");
  EXPECT_EQ(error("tpu:v5"), "unknown target 'tpu:v5': no backend registered the family 'tpu'; "
                             "the registered families are cpu, cuda, hip");
}

} // namespace
