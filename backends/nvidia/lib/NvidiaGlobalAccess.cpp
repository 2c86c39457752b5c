// Global loads and stores with cache hints, and atomics, as inline PTX: LLVM's NVPTX code
// generator cannot say `ld.global.cg` or `.L1::evict_first`, and in LLVM 22 it lowers every
// atomicrmw but compare-and-swap to a relaxed atom of the GPU's scope whatever the IR's
// ordering and syncscope (`atomicrmw add ... syncscope("block") acquire` gives
// `atom.global.add.u32`), which is wrong for acquire, release and system scope.

#include "NvidiaTargetLowering.h"
#include "Ptx.h"

#include "mlir/Dialect/LLVMIR/LLVMDialect.h"
#include "llvm/Support/FormatVariadic.h"

namespace mlir::nereid::nvidia {
namespace {

/// How an access's bits travel through inline assembly: `count` words of `bits` bits each, in
/// registers of `registerBits` bits (PTX has no 8-bit registers: a byte travels in 16).
struct Words {
  unsigned bits;
  unsigned count;

  unsigned getRegisterBits() const { return std::max(bits, 16u); }
  char getConstraint() const {
    switch (getRegisterBits()) {
    case 16:
      return 'h';
    case 32:
      return 'r';
    default:
      return 'l';
    }
  }
  Type getRegisterType(MLIRContext *context) const {
    return IntegerType::get(context, getRegisterBits());
  }
};

Type getScalarType(Type type) {
  if (auto vector = dyn_cast<VectorType>(type))
    return vector.getElementType();
  return type;
}

unsigned getScalarBits(Type type) {
  Type scalar = getScalarType(type);
  return isa<LLVM::LLVMPointerType>(scalar) ? 64 : scalar.getIntOrFloatBitWidth();
}

/// The words of an access of `type` (a scalar or a vector of at most 128 bits): 32-bit words,
/// or 64-bit ones for 64-bit elements, or one word of the whole access below 32 bits.
Words getWords(Type type) {
  unsigned elementBits = getScalarBits(type);
  unsigned count = 1;
  if (auto vector = dyn_cast<VectorType>(type))
    count = vector.getNumElements();
  unsigned total = elementBits * count;
  if (elementBits == 64)
    return {64, count};
  if (total >= 32)
    return {32, total / 32};
  return {total, 1};
}

Value createI32(OpBuilder &builder, Location loc, int32_t value) {
  return LLVM::ConstantOp::create(builder, loc, builder.getI32Type(),
                                  builder.getI32IntegerAttr(value));
}

/// `value` (of getWords' `type`) as integers of its own bits (pointers through ptrtoint).
Value toInteger(OpBuilder &builder, Location loc, Value value) {
  Type type = value.getType();
  Type scalar = getScalarType(type);
  MLIRContext *context = builder.getContext();
  if (isa<LLVM::LLVMPointerType>(scalar)) {
    Type i64 = IntegerType::get(context, 64);
    Type target = isa<VectorType>(type) ? Type(VectorType::get(
                                              cast<VectorType>(type).getShape(), i64))
                                        : i64;
    return LLVM::PtrToIntOp::create(builder, loc, target, value);
  }
  return value;
}

/// The words of `value`, in registers of Words::getRegisterBits().
SmallVector<Value> toWords(OpBuilder &builder, Location loc, Value value, Words words) {
  MLIRContext *context = builder.getContext();
  Value bits = toInteger(builder, loc, value);
  Type wordType = IntegerType::get(context, words.bits);
  Type packed = words.count == 1 ? wordType : VectorType::get({words.count}, wordType);
  if (bits.getType() != packed)
    bits = LLVM::BitcastOp::create(builder, loc, packed, bits);
  SmallVector<Value> result;
  for (unsigned i = 0; i < words.count; ++i) {
    Value word = words.count == 1 ? bits
                                  : LLVM::ExtractElementOp::create(builder, loc, bits,
                                                                   createI32(builder, loc, i));
    if (words.bits < words.getRegisterBits())
      word = LLVM::ZExtOp::create(builder, loc, words.getRegisterType(context), word);
    result.push_back(word);
  }
  return result;
}

/// The inverse of toWords: `words` as a value of `type`.
Value fromWords(OpBuilder &builder, Location loc, ArrayRef<Value> wordValues, Words words,
                Type type) {
  MLIRContext *context = builder.getContext();
  Type wordType = IntegerType::get(context, words.bits);
  SmallVector<Value> narrowed;
  for (Value word : wordValues)
    narrowed.push_back(word.getType() == wordType
                           ? word
                           : LLVM::TruncOp::create(builder, loc, wordType, word));
  Value bits = narrowed.front();
  if (words.count > 1) {
    bits = LLVM::PoisonOp::create(builder, loc, VectorType::get({words.count}, wordType));
    for (auto [i, word] : llvm::enumerate(narrowed))
      bits = LLVM::InsertElementOp::create(builder, loc, bits, word, createI32(builder, loc, i));
  }
  Type scalar = getScalarType(type);
  if (isa<LLVM::LLVMPointerType>(scalar)) {
    Type i64 = IntegerType::get(context, 64);
    auto vector = dyn_cast<VectorType>(type);
    Type integers = vector ? Type(VectorType::get(vector.getShape(), i64)) : i64;
    if (bits.getType() != integers)
      bits = LLVM::BitcastOp::create(builder, loc, integers, bits);
    return LLVM::IntToPtrOp::create(builder, loc, type, bits);
  }
  if (bits.getType() == type)
    return bits;
  return LLVM::BitcastOp::create(builder, loc, type, bits);
}

/// The results of an inline statement with `count` outputs.
SmallVector<Value> getResults(OpBuilder &builder, Location loc, LLVM::InlineAsmOp op,
                              unsigned count) {
  if (count == 1)
    return {op.getResult(0)};
  SmallVector<Value> results;
  for (unsigned i = 0; i < count; ++i)
    results.push_back(LLVM::ExtractValueOp::create(builder, loc, op.getResult(0), i));
  return results;
}

/// The register operands `$first`, ... of `count` words: `$3` or `{ $3, $4 }`.
std::string getOperandList(unsigned first, unsigned count) {
  if (count == 1)
    return "$" + std::to_string(first);
  std::string list = "{ ";
  for (unsigned i = 0; i < count; ++i)
    list += (i ? ", $" : "$") + std::to_string(first + i);
  return list + " }";
}

/// `.v2`, `.v4`, or nothing for one word.
std::string getVectorSuffix(Words words) {
  return words.count == 1 ? "" : ".v" + std::to_string(words.count);
}

/// The qualifiers of a load with `hints`. PTX takes either a cache operator or eviction
/// priorities, and neither on a volatile load: volatile wins over both, the cache operator over
/// the eviction policy.
std::string getLoadQualifiers(const GlobalAccessHints &hints) {
  if (hints.isVolatile)
    return ".volatile.global";
  switch (hints.cache) {
  case tt::CacheModifier::CA:
    return ".global.ca";
  case tt::CacheModifier::CG:
    return ".global.cg";
  case tt::CacheModifier::CV:
    return ".global.cv";
  case tt::CacheModifier::CS:
    return ".global.cs";
  default: // Store operators (wb, wt) mean nothing to a load.
    break;
  }
  if (hints.evict == tt::EvictionPolicy::EVICT_FIRST)
    return ".global.L1::evict_first";
  if (hints.evict == tt::EvictionPolicy::EVICT_LAST)
    return ".global.L1::evict_last";
  return ".global";
}

/// The qualifiers of a store with `hints`, as getLoadQualifiers.
std::string getStoreQualifiers(const GlobalAccessHints &hints) {
  switch (hints.cache) {
  case tt::CacheModifier::WB:
    return ".global.wb";
  case tt::CacheModifier::CG:
    return ".global.cg";
  case tt::CacheModifier::CS:
    return ".global.cs";
  case tt::CacheModifier::WT:
    return ".global.wt";
  default: // Load operators (ca, cv) mean nothing to a store.
    break;
  }
  if (hints.evict == tt::EvictionPolicy::EVICT_FIRST)
    return ".global.L1::evict_first";
  if (hints.evict == tt::EvictionPolicy::EVICT_LAST)
    return ".global.L1::evict_last";
  return ".global";
}

/// `.relaxed`, `.acquire`, `.release` or `.acq_rel`, then `.gpu`, `.cta` or `.sys`.
std::string getAtomicQualifiers(tt::MemSemantic sem, tt::MemSyncScope scope) {
  std::string qualifiers;
  switch (sem) {
  case tt::MemSemantic::RELAXED:
    qualifiers = ".relaxed";
    break;
  case tt::MemSemantic::ACQUIRE:
    qualifiers = ".acquire";
    break;
  case tt::MemSemantic::RELEASE:
    qualifiers = ".release";
    break;
  case tt::MemSemantic::ACQUIRE_RELEASE:
    qualifiers = ".acq_rel";
    break;
  }
  switch (scope) {
  case tt::MemSyncScope::GPU:
    return qualifiers + ".gpu";
  case tt::MemSyncScope::CTA:
    return qualifiers + ".cta";
  case tt::MemSyncScope::SYSTEM:
    return qualifiers + ".sys";
  }
  return qualifiers;
}

/// An atomic instruction `atom<qualifiers>.global<operation> $0, [$1], <operands>;` on
/// `words` (one word), guarded by `predicate` and giving 0 where it is false. `values` are the
/// operands after the address.
Value emitAtomic(OpBuilder &builder, Location loc, StringRef qualifiers, StringRef operation,
                 Value pointer, ArrayRef<Value> values, Value predicate, Words words) {
  MLIRContext *context = builder.getContext();
  std::string constraints = std::string("=") + words.getConstraint() + ",l";
  SmallVector<Value> operands{pointer};
  std::string list;
  for (Value value : values) {
    operands.push_back(value);
    constraints += std::string(",") + words.getConstraint();
    list += ", $" + std::to_string(operands.size());
  }
  std::string guard;
  std::string clear;
  if (predicate) {
    operands.push_back(predicate);
    constraints += ",b";
    guard = "@$" + std::to_string(operands.size()) + " ";
    clear = llvm::formatv("mov.b{0} $0, 0;\n", words.getRegisterBits()).str();
  }
  std::string ptx = llvm::formatv("{0}{1}atom{2}.global{3} $0, [$1]{4};", clear, guard,
                                  qualifiers, operation, list)
                        .str();
  return createPtx(builder, loc, words.getRegisterType(context), operands, ptx, constraints)
      .getResult(0);
}

} // namespace

Value NvidiaTargetLowering::loadGlobal(OpBuilder &builder, Location loc, Type type,
                                       Value pointer, Value predicate, Value fallback,
                                       const GlobalAccessHints &hints) const {
  MLIRContext *context = builder.getContext();
  Words words = getWords(type);
  Type registerType = words.getRegisterType(context);
  // Outputs $0.., the address, the predicate, then the fallback words that the outputs start
  // from where the predicate is false.
  std::string constraints;
  for (unsigned i = 0; i < words.count; ++i)
    constraints += std::string(i ? "," : "") + "=" + words.getConstraint();
  SmallVector<Value> operands{pointer};
  constraints += ",l";
  unsigned pointerIndex = words.count;
  std::string ptx;
  std::string guard;
  if (predicate) {
    operands.push_back(predicate);
    constraints += ",b";
    guard = "@$" + std::to_string(words.count + 1) + " ";
    unsigned firstFallback = words.count + 2;
    for (auto [i, word] : llvm::enumerate(toWords(builder, loc, fallback, words))) {
      operands.push_back(word);
      constraints += std::string(",") + words.getConstraint();
      ptx += llvm::formatv("mov.b{0} ${1}, ${2};\n", words.getRegisterBits(), i,
                           firstFallback + i)
                 .str();
    }
  }
  ptx += llvm::formatv("{0}ld{1}{2}.b{3} {4}, [${5}];", guard, getLoadQualifiers(hints),
                       getVectorSuffix(words), words.bits, getOperandList(0, words.count),
                       pointerIndex)
             .str();
  Type resultType = registerType;
  if (words.count > 1)
    resultType = LLVM::LLVMStructType::getLiteral(
        context, SmallVector<Type>(words.count, registerType));
  auto load = createPtx(builder, loc, resultType, operands, ptx, constraints);
  return fromWords(builder, loc, getResults(builder, loc, load, words.count), words, type);
}

void NvidiaTargetLowering::storeGlobal(OpBuilder &builder, Location loc, Value value,
                                       Value pointer, Value predicate,
                                       const GlobalAccessHints &hints) const {
  Words words = getWords(value.getType());
  SmallVector<Value> operands{pointer};
  std::string constraints = "l";
  for (Value word : toWords(builder, loc, value, words)) {
    operands.push_back(word);
    constraints += std::string(",") + words.getConstraint();
  }
  std::string guard;
  if (predicate) {
    operands.push_back(predicate);
    constraints += ",b";
    guard = "@$" + std::to_string(words.count + 1) + " ";
  }
  std::string ptx = llvm::formatv("{0}st{1}{2}.b{3} [$0], {4};", guard,
                                  getStoreQualifiers(hints), getVectorSuffix(words),
                                  words.bits, getOperandList(1, words.count))
                        .str();
  createPtx(builder, loc, TypeRange(), operands, ptx, constraints);
}

Value NvidiaTargetLowering::atomicRMW(OpBuilder &builder, Location loc, tt::RMWOp kind,
                                      Value pointer, Value value, Value predicate,
                                      tt::MemSemantic sem, tt::MemSyncScope scope) const {
  Type type = value.getType();
  unsigned bits = type.getIntOrFloatBitWidth();
  std::string operation;
  bool isFloat = isa<FloatType>(type);
  switch (kind) {
  case tt::RMWOp::AND:
    operation = ".and.b";
    break;
  case tt::RMWOp::OR:
    operation = ".or.b";
    break;
  case tt::RMWOp::XOR:
    operation = ".xor.b";
    break;
  case tt::RMWOp::XCHG:
    operation = ".exch.b";
    break;
  case tt::RMWOp::ADD:
    operation = ".add.u";
    break;
  case tt::RMWOp::MAX:
    operation = isFloat ? "" : ".max.s";
    break;
  case tt::RMWOp::MIN:
    operation = isFloat ? "" : ".min.s";
    break;
  case tt::RMWOp::UMAX:
    operation = ".max.u";
    break;
  case tt::RMWOp::UMIN:
    operation = ".min.u";
    break;
  case tt::RMWOp::FADD:
    if (type.isF32() || type.isF64())
      operation = ".add.f";
    else if (type.isF16())
      operation = ".add.noftz.f";
    else if (type.isBF16() && computeCapability >= 90)
      operation = ".add.noftz.bf";
    break;
  }
  // PTX has no atomic float max or min, no bf16 add before sm_90, and no 16-bit
  // read-modify-write but the float adds (and compare-and-swap): those loop on atomicCAS.
  if (operation.empty() || (bits == 16 && kind != tt::RMWOp::FADD))
    return {};
  operation += std::to_string(bits);
  Words words{bits, 1};
  Type bitsType = IntegerType::get(builder.getContext(), bits);
  Value operand = value;
  if (operand.getType() != bitsType)
    operand = LLVM::BitcastOp::create(builder, loc, bitsType, operand);
  Value old = emitAtomic(builder, loc, getAtomicQualifiers(sem, scope), operation, pointer,
                         {operand}, predicate, words);
  if (old.getType() != type)
    old = LLVM::BitcastOp::create(builder, loc, type, old);
  return old;
}

Value NvidiaTargetLowering::atomicCAS(OpBuilder &builder, Location loc, Value pointer,
                                      Value expected, Value desired, Value predicate,
                                      tt::MemSemantic sem, tt::MemSyncScope scope) const {
  unsigned bits = expected.getType().getIntOrFloatBitWidth();
  Words words{bits, 1};
  return emitAtomic(builder, loc, getAtomicQualifiers(sem, scope), ".cas.b" + std::to_string(bits),
                    pointer, {expected, desired}, predicate, words);
}

} // namespace mlir::nereid::nvidia
