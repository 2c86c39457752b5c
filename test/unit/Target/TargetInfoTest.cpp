// The target registry and the one parser of `ttg.target` strings (TargetInfo.h), with a
// family that this test registers; each backend's own targets are tested in
// test/unit/Backends.

#include "nereid/Target/TargetInfo.h"

#include "mlir/IR/Builders.h"
#include "mlir/IR/MLIRContext.h"

#include <gtest/gtest.h>

using namespace mlir;
using namespace mlir::nereid;

namespace {

/// A target of the family "test": "test:<lanes>", a GPU-like target of that many threads.
class TestTargetInfo : public TargetInfo {
public:
  explicit TestTargetInfo(unsigned lanes)
      : TargetInfo(TypeID::get<TestTargetInfo>()), lanes(lanes) {}

  std::string getName() const override { return "test:" + std::to_string(lanes); }
  unsigned getNumLanes(Type) const override { return lanes; }
  LaneModel getLaneModel() const override { return LaneModel::Thread; }
  unsigned getMaxWarps() const override { return 4; }
  std::optional<unsigned> getFixedNumWarps() const override { return std::nullopt; }
  unsigned getVectorWidthBits(Type) const override { return 64; }
  bool requiresAlignedVectorAccesses() const override { return true; }
  std::optional<unsigned> getSharedMemoryBytes() const override { return 1024; }

  static bool classof(const TargetInfo *info) {
    return info->getTypeID() == TypeID::get<TestTargetInfo>();
  }

  unsigned lanes;
};

llvm::Expected<std::unique_ptr<TargetInfo>> createTestTarget(const TargetString &target) {
  unsigned lanes = 0;
  if (target.fields.size() != 1 || llvm::StringRef(target.fields[0]).getAsInteger(10, lanes))
    return llvm::createStringError("unknown target '" + target.text + "': test:<lanes>");
  return std::make_unique<TestTargetInfo>(lanes);
}

std::string errorOf(llvm::StringRef text) {
  auto target = createTargetInfo(text);
  if (target)
    return "accepted as " + (*target)->getName();
  return llvm::toString(target.takeError());
}

TEST(TargetStringTest, SplitsTheFamilyFromTheFields) {
  llvm::Expected<TargetString> cpu = parseTargetString("cpu:x86_64:avx512");
  ASSERT_TRUE(bool(cpu));
  EXPECT_EQ(cpu->text, "cpu:x86_64:avx512");
  EXPECT_EQ(cpu->family, "cpu");
  EXPECT_EQ(cpu->fields, (std::vector<std::string>{"x86_64", "avx512"}));
  llvm::Expected<TargetString> gpu = parseTargetString("cuda:90");
  ASSERT_TRUE(bool(gpu));
  EXPECT_EQ(gpu->family, "cuda");
  EXPECT_EQ(gpu->fields, (std::vector<std::string>{"90"}));
}

TEST(TargetStringTest, MalformedStringsAreErrors) {
  for (llvm::StringRef text : {"", "cpu", ":90", "cuda:", "cpu::avx2", "cpu:x86_64:"}) {
    llvm::Expected<TargetString> target = parseTargetString(text);
    ASSERT_FALSE(bool(target)) << text.str();
    std::string message = llvm::toString(target.takeError());
    EXPECT_EQ(message.rfind("malformed target '" + text.str() + "'", 0), 0u) << message;
    EXPECT_NE(message.find("<family>:<field>"), std::string::npos) << message;
  }
}

TEST(TargetRegistryTest, CreatesTargetsOfARegisteredFamily) {
  registerTargetFamily("test", createTestTarget);
  auto target = createTargetInfo("test:16");
  ASSERT_TRUE(bool(target)) << llvm::toString(target.takeError());
  EXPECT_EQ((*target)->getName(), "test:16");
  EXPECT_TRUE(llvm::isa<TestTargetInfo>(target->get()));
  MLIRContext context;
  EXPECT_EQ((*target)->getNumLanes(Builder(&context).getF32Type()), 16u);
  // The family's own errors pass through.
  EXPECT_EQ(errorOf("test:many"), "unknown target 'test:many': test:<lanes>");
  std::vector<std::string> families;
  for (const std::string &family : getRegisteredTargetFamilies())
    families.push_back(family);
  EXPECT_NE(std::find(families.begin(), families.end(), "test"), families.end());
}

TEST(TargetRegistryTest, AnUnknownFamilyNamesTheRegisteredOnes) {
  registerTargetFamily("test", createTestTarget);
  std::string message = errorOf("tpu:v5");
  EXPECT_EQ(message.rfind("unknown target 'tpu:v5': no backend registered the family 'tpu'; the "
                          "registered families are ",
                          0),
            0u)
      << message;
  EXPECT_NE(message.find("test"), std::string::npos) << message;
  EXPECT_EQ(errorOf("").rfind("malformed target ''", 0), 0u);
}

} // namespace
