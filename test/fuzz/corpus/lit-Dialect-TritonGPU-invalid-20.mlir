module {
  tt.func @f() attributes {ttg.target = "cuda:90"} { tt.return }
}
