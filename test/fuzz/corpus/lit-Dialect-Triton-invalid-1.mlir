tt.func @f(%p: !tt.ptr<i128>) { tt.return }
