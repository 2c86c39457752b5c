# MathAccuracyTests: the vector math library (backends/cpu/runtime/include/nereid_cpu_math.h)
# against the C library. Each MathIsaCalls<ISA>.cpp calls one ISA's functions and is compiled
# with that ISA's flags, like the library's own object for it.
if(NOT TARGET nereid_cpu_math)
  return()
endif()
set(_nereid_math_isa_sources)
if(CMAKE_SYSTEM_PROCESSOR MATCHES "^(x86_64|AMD64|amd64)$")
  list(APPEND _nereid_math_isa_sources CPU/MathIsaCallsAvx512.cpp CPU/MathIsaCallsAvx2.cpp)
  set_source_files_properties(CPU/MathIsaCallsAvx512.cpp PROPERTIES
    COMPILE_OPTIONS "-mavx512f;-mavx512dq;-mavx512vl;-mavx512bw")
  set_source_files_properties(CPU/MathIsaCallsAvx2.cpp PROPERTIES COMPILE_OPTIONS "-mavx2;-mfma")
elseif(CMAKE_SYSTEM_PROCESSOR MATCHES "^(aarch64|arm64|ARM64)$")
  list(APPEND _nereid_math_isa_sources CPU/MathIsaCallsNeon.cpp)
endif()
add_nereid_unittest(MathAccuracyTests CPU/MathAccuracyTest.cpp ${_nereid_math_isa_sources})
target_link_libraries(MathAccuracyTests PRIVATE nereid_cpu_math)
