# The backends that libnereid and nereid-opt register, in the manner of LLVM's Targets.def: the
# list NEREID_BACKENDS names folders under backends/; each folder's CMakeLists.txt declares
# itself with nereid_add_backend(), and libnereid/Registration generates, from those
# declarations, the calls that register every backend (nereid/Backends.def) and the LLVM code
# generators they need (nereid/BackendLLVMTargets.def). Core (lib/) never names a backend.

set(NEREID_BACKENDS "cpu;nvidia;amd" CACHE STRING
  "The backends to build and register: folders under backends/, separated by ';'")

# nereid_add_backend(<Name>
#   LIBRARIES <library>...          what the registration links: the backend's compiler
#   [LLVM_TARGETS <target>...]      the LLVM code generators its code needs (X86, NVPTX, ...)
#   [LLVM_ASM_PARSERS <target>...]  those of them whose assembly parser it needs (inline asm)
# )
# <Name> (CamelCase, e.g. Cpu) names the three functions that the backend defines in namespace
# mlir::nereid: register<Name>BackendDialects(DialectRegistry &), register<Name>BackendPasses()
# (its passes and named pipelines) and register<Name>BackendTargets() (its TargetInfo families,
# registerTargetFamily).
function(nereid_add_backend name)
  cmake_parse_arguments(ARG "" "" "LIBRARIES;LLVM_TARGETS;LLVM_ASM_PARSERS" ${ARGN})
  if(NOT ARG_LIBRARIES)
    message(FATAL_ERROR "nereid_add_backend(${name}): LIBRARIES is required")
  endif()
  set_property(GLOBAL APPEND PROPERTY NEREID_BACKEND_NAMES ${name})
  set_property(GLOBAL APPEND PROPERTY NEREID_BACKEND_LIBRARIES ${ARG_LIBRARIES})
  set_property(GLOBAL APPEND PROPERTY NEREID_BACKEND_LLVM_TARGETS ${ARG_LLVM_TARGETS})
  set_property(GLOBAL APPEND PROPERTY NEREID_BACKEND_LLVM_ASM_PARSERS ${ARG_LLVM_ASM_PARSERS})
endfunction()

# The LLVM components of the code generators the registered backends need, in <var>.
function(nereid_backend_llvm_components var)
  get_property(targets GLOBAL PROPERTY NEREID_BACKEND_LLVM_TARGETS)
  get_property(parsers GLOBAL PROPERTY NEREID_BACKEND_LLVM_ASM_PARSERS)
  set(components "")
  foreach(target IN LISTS targets)
    list(APPEND components ${target}CodeGen ${target}Desc ${target}Info)
  endforeach()
  foreach(target IN LISTS parsers)
    list(APPEND components ${target}AsmParser)
  endforeach()
  list(REMOVE_DUPLICATES components)
  set(${var} ${components} PARENT_SCOPE)
endfunction()
