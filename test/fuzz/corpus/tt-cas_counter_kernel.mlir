module {
  tt.func public @cas_counter_kernel(%arg0: !tt.ptr<i32> {tt.divisibility = 16 : i32}, %arg1: !tt.ptr<i32> {tt.divisibility = 16 : i32}) {
    %0 = tt.get_program_id x : i32
    %c0_i32 = arith.constant 0 : i32
    %c4_i32 = arith.constant 4 : i32
    %c1_i32 = arith.constant 1 : i32
    scf.for %arg2 = %c0_i32 to %c4_i32 step %c1_i32  : i32 {
      %c0_i32_0 = arith.constant 0 : i32
      %c0_i32_1 = arith.constant 0 : i32
      %1 = tt.atomic_rmw add, acq_rel, gpu, %arg0, %c0_i32_1 : !tt.ptr<i32>
      %2:2 = scf.while (%arg3 = %c0_i32_0, %arg4 = %1) : (i32, i32) -> (i32, i32) {
        %c0_i32_3 = arith.constant 0 : i32
        %6 = arith.cmpi eq, %arg3, %c0_i32_3 : i32
        scf.condition(%6) %arg3, %arg4 : i32, i32
      } do {
      ^bb0(%arg3: i32, %arg4: i32):
        %c0_i32_3 = arith.constant 0 : i32
        %6 = tt.atomic_rmw add, acq_rel, gpu, %arg0, %c0_i32_3 : !tt.ptr<i32>
        %c1_i32_4 = arith.constant 1 : i32
        %7 = arith.addi %6, %c1_i32_4 : i32
        %8 = tt.atomic_cas acq_rel, gpu, %arg0, %6, %7 : !tt.ptr<i32>
        %9 = arith.cmpi eq, %8, %6 : i32
        %10 = arith.extui %9 : i1 to i32
        scf.yield %10, %6 : i32, i32
      }
      %c4_i32_2 = arith.constant 4 : i32
      %3 = arith.muli %0, %c4_i32_2 : i32
      %4 = tt.addptr %arg1, %3 : !tt.ptr<i32>, i32
      %5 = tt.addptr %4, %arg2 : !tt.ptr<i32>, i32
      tt.store %5, %2#1 : !tt.ptr<i32>
    }
    tt.return
  }
}
