// One case per verifier message of the ttg encodings, ops and module attributes.

#blocked = #ttg.blocked<{sizePerThread = [], threadsPerWarp = [], warpsPerCTA = [], order = []}>
