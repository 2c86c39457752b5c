// RUN: nereid-opt %s -split-input-file -verify-diagnostics

// One case per verifier message of the amd dialect's layout (#amd.mfma), and of the ttg
// checks that reach it (dot operands).

// expected-error @below {{amd.mfma encoding must have version 1 to 4 (gfx908, gfx90a, gfx942, gfx950); got 5}}
#mfma = #amd.mfma<{version = 5, warpsPerCTA = [2, 2], instrShape = [32, 32], isTransposed = false}>

// -----

// expected-error @below {{amd.mfma encoding must have warpsPerCTA of rank 2 or 3; got 4}}
#mfma = #amd.mfma<{version = 3, warpsPerCTA = [1, 1, 2, 2], instrShape = [32, 32], isTransposed = false}>

// -----

// expected-error @below {{amd.mfma encoding must have instrShape [32, 32] or [16, 16]; got [32, 16]}}
#mfma = #amd.mfma<{version = 3, warpsPerCTA = [2, 2], instrShape = [32, 16], isTransposed = false}>

// -----

// expected-error @below {{expects 'isTransposed', true or false}}
#mfma = #amd.mfma<{version = 3, warpsPerCTA = [2, 2], instrShape = [32, 32], isTransposed = 1 : i32}>

// -----

#mfma = #amd.mfma<{version = 3, warpsPerCTA = [2, 2], instrShape = [32, 32], isTransposed = false}>
// expected-error @below {{dot_op encoding with a tensor-core parent must have kWidth, a power of two from 1 to 64; got 0}}
#dot = #ttg.dot_op<{opIdx = 1, parent = #mfma}>
