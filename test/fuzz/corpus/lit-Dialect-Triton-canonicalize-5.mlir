// A non-zero offset stays.
tt.func @addptr_nonzero(%p: !tt.ptr<f32>) -> !tt.ptr<f32> {
  %one = arith.constant 1 : i32
  %q = tt.addptr %p, %one : !tt.ptr<f32>, i32
  tt.return %q : !tt.ptr<f32>
}
