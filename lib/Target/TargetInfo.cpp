#include "nereid/Target/TargetInfo.h"

#include "llvm/ADT/StringExtras.h"
#include "llvm/ADT/StringMap.h"
#include "llvm/Support/MathExtras.h"

#include <algorithm>
#include <mutex>

using namespace mlir;
using namespace mlir::nereid;

TargetInfo::~TargetInfo() = default;

unsigned mlir::nereid::getElementBitWidth(Type type) {
  if (type.isIntOrFloat())
    return llvm::PowerOf2Ceil(std::max(type.getIntOrFloatBitWidth(), 8u));
  // index and pointers (tt.ptr): every target Nereid compiles for has 64-bit addresses.
  return 64;
}

llvm::Expected<TargetString> mlir::nereid::parseTargetString(StringRef text) {
  auto malformed = [&](StringRef why) {
    return llvm::createStringError("malformed target '" + text + "': " + why +
                                   "; a target is <family>:<field>[:<field>...], such as "
                                   "cpu:x86_64:avx512 or cuda:90");
  };
  if (text.empty())
    return malformed("it is empty");
  SmallVector<StringRef> parts;
  text.split(parts, ':');
  if (parts.size() < 2)
    return malformed("it has no field after the family");
  if (llvm::is_contained(parts, StringRef()))
    return malformed("it has an empty part");
  TargetString target;
  target.text = text.str();
  target.family = parts.front().str();
  for (StringRef field : llvm::drop_begin(parts))
    target.fields.push_back(field.str());
  return target;
}

namespace {

/// The registered factories by family. Backends register at start-up, while compilations may
/// run on several threads later: the mutex keeps the two apart.
struct TargetRegistry {
  std::mutex mutex;
  llvm::StringMap<TargetInfoFactory> factories;
};

TargetRegistry &getRegistry() {
  static TargetRegistry registry;
  return registry;
}

} // namespace

void mlir::nereid::registerTargetFamily(StringRef family, TargetInfoFactory factory) {
  TargetRegistry &registry = getRegistry();
  std::lock_guard<std::mutex> lock(registry.mutex);
  registry.factories[family] = std::move(factory);
}

SmallVector<std::string> mlir::nereid::getRegisteredTargetFamilies() {
  TargetRegistry &registry = getRegistry();
  std::lock_guard<std::mutex> lock(registry.mutex);
  SmallVector<std::string> families;
  for (const auto &entry : registry.factories)
    families.push_back(entry.getKey().str());
  llvm::sort(families);
  return families;
}

llvm::Expected<std::unique_ptr<TargetInfo>> mlir::nereid::createTargetInfo(StringRef text) {
  llvm::Expected<TargetString> target = parseTargetString(text);
  if (!target)
    return target.takeError();
  TargetInfoFactory factory;
  {
    TargetRegistry &registry = getRegistry();
    std::lock_guard<std::mutex> lock(registry.mutex);
    auto found = registry.factories.find(target->family);
    if (found != registry.factories.end())
      factory = found->getValue();
  }
  if (!factory) {
    SmallVector<std::string> families = getRegisteredTargetFamilies();
    return llvm::createStringError(
        "unknown target '" + text + "': no backend registered the family '" + target->family + "'" +
        (families.empty() ? std::string("; no backend is registered")
                          : "; the registered families are " + llvm::join(families, ", ")));
  }
  return factory(*target);
}
