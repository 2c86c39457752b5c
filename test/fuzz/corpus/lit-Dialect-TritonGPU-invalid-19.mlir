module attributes {ttg.targets = "cuda:90"} {}
