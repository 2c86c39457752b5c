// Each build of the interpreter's vector loops that this CPU can run, against scalar loops
// written here: random operands with the special float values mixed in, counts that end in a
// partial batch, and every layout of uniform and array operands. Floats must agree bit for bit
// (NaN only as NaN: which operand's payload a scalar sum keeps is the compiler's choice), and
// so must integers, comparisons, gathers, scatters and the memory checker's answers.

#include "HostVectorLoops.h"

#include <gtest/gtest.h>

#include <cmath>
#include <cstring>
#include <limits>
#include <random>
#include <string>
#include <vector>

using namespace mlir::nereid::interpreter;

namespace {

const int64_t kCounts[] = {0, 1, 5, 16, 31, 67, 1000};

class HostVectorLoopsTest : public ::testing::TestWithParam<HostVectorLoopsBuild> {
protected:
  void SetUp() override {
    if (!GetParam().runsOnThisCpu)
      GTEST_SKIP() << "this CPU cannot run the " << GetParam().isa << " build";
  }
  const HostVectorLoops &loops() const { return *GetParam().loops; }
  std::mt19937_64 random{std::random_device{}()};
};

/// Random values of T, one in eight of them special for floats (NaN, infinities, zeros,
/// subnormals, extremes).
template <typename T> std::vector<T> randomValues(std::mt19937_64 &random, int64_t count) {
  std::vector<T> values(count);
  for (T &value : values) {
    if constexpr (std::is_floating_point_v<T>) {
      using Limits = std::numeric_limits<T>;
      const T special[] = {Limits::quiet_NaN(), Limits::infinity(), -Limits::infinity(), T(0),
                           -T(0), Limits::denorm_min(), -Limits::min(), Limits::max()};
      if (random() % 8 == 0)
        value = special[random() % std::size(special)];
      else
        value = std::uniform_real_distribution<T>(-100, 100)(random);
    } else {
      value = T(random());
    }
  }
  return values;
}

/// Calls check(xStride, yStride) for each layout of the operands: arrays, or uniform (stride 0).
template <typename Check> void forEachLayout(Check check) {
  for (size_t xStride : {1, 0})
    for (size_t yStride : {1, 0})
      check(xStride, yStride);
}

template <typename T> bool sameBits(T a, T b) {
  if constexpr (std::is_floating_point_v<T>)
    if (std::isnan(a) || std::isnan(b))
      return std::isnan(a) && std::isnan(b);
  return std::memcmp(&a, &b, sizeof(T)) == 0;
}

/// apply(operation, ...) of one build against reference(operation, a, b), element by element.
template <typename T, typename Operation, typename Apply, typename Reference>
void checkArithmetic(std::mt19937_64 &random, std::initializer_list<Operation> operations,
                     Apply apply, Reference reference) {
  for (int64_t count : kCounts)
    for (Operation operation : operations)
      forEachLayout([&](size_t xStride, size_t yStride) {
        std::vector<T> x = randomValues<T>(random, count + 1);
        std::vector<T> y = randomValues<T>(random, count + 1);
        std::vector<T> out(count);
        apply(operation, out.data(), x.data(), xStride, y.data(), yStride, count);
        for (int64_t i = 0; i < count; ++i) {
          T expected = reference(operation, x[i * xStride], y[i * yStride]);
          ASSERT_TRUE(sameBits(out[i], expected))
              << "operation " << int(operation) << ", count " << count << ", strides "
              << xStride << "/" << yStride << ", element " << i << ": " << out[i]
              << " instead of " << expected;
        }
      });
}

template <typename T> T referenceFloat(FloatOperation operation, T a, T b) {
  switch (operation) {
  case FloatOperation::Add:
    return a + b;
  case FloatOperation::Subtract:
    return a - b;
  case FloatOperation::Multiply:
    return a * b;
  case FloatOperation::Divide:
    return a / b;
  }
  return T();
}

template <typename T> T referenceInteger(IntegerOperation operation, T a, T b) {
  switch (operation) {
  case IntegerOperation::Add:
    return T(a + b);
  case IntegerOperation::Subtract:
    return T(a - b);
  case IntegerOperation::Multiply:
    return T(a * b);
  case IntegerOperation::And:
    return a & b;
  case IntegerOperation::Or:
    return a | b;
  case IntegerOperation::Xor:
    return a ^ b;
  }
  return T();
}

using F = FloatOperation;
using I = IntegerOperation;

TEST_P(HostVectorLoopsTest, FloatArithmeticRoundsAsScalarCode) {
  checkArithmetic<float>(random, {F::Add, F::Subtract, F::Multiply, F::Divide}, loops().applyF32,
                         referenceFloat<float>);
  checkArithmetic<double>(random, {F::Add, F::Subtract, F::Multiply, F::Divide},
                          loops().applyF64, referenceFloat<double>);
}

TEST_P(HostVectorLoopsTest, IntegerArithmeticWrapsAround) {
  auto all = {I::Add, I::Subtract, I::Multiply, I::And, I::Or, I::Xor};
  checkArithmetic<uint32_t>(random, all, loops().applyI32, referenceInteger<uint32_t>);
  checkArithmetic<uint64_t>(random, all, loops().applyI64, referenceInteger<uint64_t>);
}

TEST_P(HostVectorLoopsTest, ComparisonsHoldForTheirOrders) {
  for (int64_t count : kCounts)
    for (unsigned predicate = 0; predicate < 16; ++predicate)
      forEachLayout([&](size_t xStride, size_t yStride) {
        bool isSigned = predicate & 1, onLess = predicate & 2, onEqual = predicate & 4,
             onGreater = predicate & 8;
        // Few distinct values, with both signs, so that equal operands are common.
        std::vector<uint32_t> x(count + 1), y(count + 1);
        for (uint32_t *value : {x.data(), y.data()})
          for (int64_t i = 0; i <= count; ++i)
            value[i] = uint32_t(int32_t(random() % 5) - 2) ^ uint32_t(random() % 2 << 31);
        std::vector<uint8_t> out(count, 7);
        loops().compareI32(out.data(), x.data(), xStride, y.data(), yStride, isSigned, onLess,
                           onEqual, onGreater, count);
        for (int64_t i = 0; i < count; ++i) {
          uint32_t a = x[i * xStride], b = y[i * yStride];
          bool less = isSigned ? int32_t(a) < int32_t(b) : a < b;
          bool expected = a == b ? onEqual : less ? onLess : onGreater;
          ASSERT_EQ(out[i], uint8_t(expected))
              << "predicate " << predicate << ", count " << count << ", element " << i << ": "
              << a << " vs " << b;
        }
      });
}

TEST_P(HostVectorLoopsTest, GathersAndScattersOnlyTheSelectedElements) {
  for (int64_t count : kCounts) {
    std::vector<uint32_t> memory = randomValues<uint32_t>(random, 4096);
    std::vector<Pointer> pointers(count);
    std::vector<uint8_t> mask(count);
    for (int64_t i = 0; i < count; ++i) {
      pointers[i] = Pointer{uint64_t(&memory[random() % memory.size()]), 0};
      mask[i] = random() % 3 != 0;
    }
    for (const uint8_t *selected : {static_cast<const uint8_t *>(nullptr),
                                    static_cast<const uint8_t *>(mask.data())}) {
      std::vector<uint32_t> before = randomValues<uint32_t>(random, count), out = before;
      loops().gather32(out.data(), pointers.data(), selected, count);
      for (int64_t i = 0; i < count; ++i) {
        uint32_t expected = !selected || selected[i]
                                ? *reinterpret_cast<const uint32_t *>(pointers[i].address)
                                : before[i];
        ASSERT_EQ(out[i], expected) << "gather of " << count << ", element " << i;
      }

      std::vector<uint32_t> expectedMemory = memory, values = randomValues<uint32_t>(random,
                                                                                      count);
      for (int64_t i = 0; i < count; ++i)
        if (!selected || selected[i])
          expectedMemory[(reinterpret_cast<uint32_t *>(pointers[i].address) - memory.data())] =
              values[i];
      loops().scatter32(pointers.data(), values.data(), selected, count);
      ASSERT_EQ(memory, expectedMemory) << "scatter of " << count;
    }
  }
}

TEST_P(HostVectorLoopsTest, AddsSignedOffsetsToTheBase) {
  for (int64_t count : kCounts) {
    std::vector<int32_t> offsets(count);
    for (int32_t &offset : offsets)
      offset = int32_t(random());
    Pointer base{random(), int64_t(random() % 9)};
    std::vector<Pointer> out(count);
    loops().addOffsetsToBase(out.data(), base, offsets.data(), 12, count);
    for (int64_t i = 0; i < count; ++i) {
      ASSERT_EQ(out[i].address, base.address + uint64_t(int64_t(offsets[i]) * 12)) << i;
      ASSERT_EQ(out[i].buffer, base.buffer) << i;
    }
  }
}

TEST_P(HostVectorLoopsTest, FindsEachKindOfInvalidAccess) {
  const uint64_t bufferBase = 0x10000, bufferSize = 4096;
  const int64_t count = 67;
  for (unsigned size : {1u, 4u, 8u}) {
    std::vector<Pointer> pointers(count);
    for (Pointer &pointer : pointers)
      pointer = Pointer{bufferBase + random() % (bufferSize / size) * size, 3};
    auto check = [&](const uint8_t *mask, size_t maskStride) {
      return loops().areAllWithinBuffer(pointers.data(), count, mask, maskStride, 3, bufferBase,
                                        bufferSize, size);
    };
    ASSERT_TRUE(check(nullptr, 0)) << "valid accesses of " << size << " bytes";
    std::vector<uint8_t> mask(count, 1);
    const uint8_t off = 0;
    // Each fault in one element: the whole set is invalid unless the mask leaves it out.
    auto faults = {Pointer{bufferBase + bufferSize, 3}, Pointer{bufferBase - size, 3},
                   Pointer{bufferBase, 2}, Pointer{bufferBase + (size > 1 ? 1 : bufferSize), 3}};
    for (Pointer fault : faults) {
      int64_t at = int64_t(random() % count);
      Pointer saved = pointers[at];
      pointers[at] = fault;
      EXPECT_FALSE(check(nullptr, 0)) << "fault at " << at << ", size " << size;
      EXPECT_FALSE(check(mask.data(), 1)) << "fault at " << at << ", size " << size;
      mask[at] = 0;
      EXPECT_TRUE(check(mask.data(), 1)) << "masked-out fault at " << at << ", size " << size;
      EXPECT_TRUE(check(&off, 0)) << "everything masked out, size " << size;
      mask[at] = 1;
      pointers[at] = saved;
    }
  }
}

INSTANTIATE_TEST_SUITE_P(Builds, HostVectorLoopsTest,
                         ::testing::ValuesIn(getHostVectorLoopsBuilds().begin(),
                                             getHostVectorLoopsBuilds().end()),
                         [](const auto &info) { return std::string(info.param.isa); });

} // namespace
