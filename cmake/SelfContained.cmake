# A self-contained libnereid.so: LLVM and MLIR linked statically, so that the library runs on
# hosts without LLVM (GPU machines). Debian's static MLIR libraries name the LLVM dylib in their
# link interface; here every imported MLIR library links LLVM's static component libraries
# instead, and the linker keeps only the shared libraries that are really used.

# The LLVM components that the compiler uses; a backend that needs more adds them here. lld's
# ELF linker (libnereid's nereid_link_shared_library) needs its LTO and the object formats, and
# initializes every target LLVM was built with (for LTO of bitcode of any target), so all of
# them are linked in.
set(NEREID_LLVM_COMPONENTS support core demangle lto dtlto option object binaryformat bitwriter
  debuginfodwarf targetparser AllTargetsCodeGens AllTargetsDescs AllTargetsInfos
  AllTargetsAsmParsers AllTargetsDisassemblers)
llvm_map_components_to_libnames(NEREID_LLVM_STATIC_LIBS ${NEREID_LLVM_COMPONENTS})

get_directory_property(nereid_imported_targets IMPORTED_TARGETS)
foreach(target IN LISTS nereid_imported_targets)
  if(NOT target MATCHES "^(MLIR|lld)")
    continue()
  endif()
  get_target_property(interface ${target} INTERFACE_LINK_LIBRARIES)
  if(NOT interface)
    continue()
  endif()
  list(TRANSFORM interface REPLACE "^LLVM$" "${NEREID_LLVM_STATIC_LIBS}")
  set_target_properties(${target} PROPERTIES INTERFACE_LINK_LIBRARIES "${interface}")
endforeach()

add_link_options("LINKER:--as-needed")
