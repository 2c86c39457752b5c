// Every tt op round-trips through its custom assembly format, and through the generic form.

tt.func @types(%a: !tt.ptr<f32, 1>, %b: !tt.ptr<i8, 3>, %c: tensor<4x!tt.ptr<bf16>>,
               %d: !tt.ptr<!tt.ptr<f16>>, %e: f8E4M3FN, %f: f8E5M2, %g: f8E4M3B11FNUZ) {
  tt.return
}
