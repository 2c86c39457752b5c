tt.func @f(%d: !tt.tensordesc<tensor<2x2x2x2x2x2xf16>>) { tt.return }
