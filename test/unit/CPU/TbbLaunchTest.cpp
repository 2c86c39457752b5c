// nereid_cpu_launch_tbb: every program of the grid runs exactly once with its own program ids
// and the grid's sizes, in order on one thread, and bad sizes are refused.

#include "nereid-cpu/Runtime.h"

#include <gtest/gtest.h>

#include <atomic>
#include <tuple>
#include <vector>

namespace {

/// What the test kernel records: a counter per program, by linear index, and the order of
/// the programs on a single thread.
struct Record {
  std::vector<std::atomic<int>> runs;
  std::vector<int> order;
  bool sizesSeen = true;
  int32_t grid[3];
};

void recordProgram(void **args, int32_t x, int32_t y, int32_t z, int32_t gx, int32_t gy,
                   int32_t gz) {
  Record &record = *static_cast<Record *>(args[0]);
  if (gx != record.grid[0] || gy != record.grid[1] || gz != record.grid[2])
    record.sizesSeen = false;
  int linear = x + gx * (y + gy * z);
  record.runs[linear].fetch_add(1);
  if (*static_cast<bool *>(args[1]))
    record.order.push_back(linear);
}

class TbbLaunchTest : public ::testing::TestWithParam<std::tuple<int, int, int, int>> {};

TEST_P(TbbLaunchTest, EveryProgramRunsOnce) {
  auto [gx, gy, gz, threads] = GetParam();
  Record record{std::vector<std::atomic<int>>(gx * gy * gz), {}, true, {gx, gy, gz}};
  bool serial = threads == 1;
  void *args[] = {&record, &serial};
  ASSERT_EQ(nereid_cpu_launch_tbb(recordProgram, args, record.grid, threads), 0);
  for (size_t i = 0; i < record.runs.size(); ++i)
    EXPECT_EQ(record.runs[i].load(), 1) << "program " << i;
  EXPECT_TRUE(record.sizesSeen);
  if (serial)
    for (size_t i = 0; i < record.order.size(); ++i)
      EXPECT_EQ(record.order[i], static_cast<int>(i)) << "x fastest, then y, then z";
}

INSTANTIATE_TEST_SUITE_P(Grids, TbbLaunchTest,
                         ::testing::Values(std::make_tuple(1, 1, 1, 1),
                                           std::make_tuple(5, 3, 2, 1),
                                           std::make_tuple(5, 3, 2, 2),
                                           std::make_tuple(1000, 1, 1, 0),
                                           std::make_tuple(7, 11, 13, 4)));

TEST(TbbLaunchErrorsTest, EmptyGridRunsNothingAndBadSizesAreRefused) {
  Record record{std::vector<std::atomic<int>>(1), {}, true, {0, 4, 1}};
  bool serial = false;
  void *args[] = {&record, &serial};
  EXPECT_EQ(nereid_cpu_launch_tbb(recordProgram, args, record.grid, 2), 0);
  EXPECT_EQ(record.runs[0].load(), 0);
  int32_t negative[3] = {-1, 1, 1};
  EXPECT_EQ(nereid_cpu_launch_tbb(recordProgram, args, negative, 1), -1);
  int32_t one[3] = {1, 1, 1};
  EXPECT_EQ(nereid_cpu_launch_tbb(recordProgram, args, one, -3), -1);
  EXPECT_EQ(record.runs[0].load(), 0);
}

} // namespace
