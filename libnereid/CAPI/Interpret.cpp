// nereid_interpret: the C entry of the interpreter. It checks what a C caller can get wrong
// (null pointers, unknown argument kinds) and hands the rest to interpretKernel.

#include "nereid-c/Nereid.h"

#include "Diagnostics.h"
#include "Handles.h"
#include "nereid/Interpreter/Interpreter.h"

#include "mlir/IR/Verifier.h"

#include <string>
#include <vector>

using namespace mlir;
using mlir::nereid::capi::DiagnosticCollector;
namespace interpreter = mlir::nereid::interpreter;

extern "C" {

NereidStatus nereid_interpret(NereidModule *module, const char *kernel, const uint32_t grid[3],
                              const NereidArgument *args, size_t num_args,
                              const NereidInterpretOptions *options,
                              NereidDiagnostics *diagnostics) {
  auto fail = [&](std::string message) {
    if (diagnostics)
      diagnostics->addError("nereid_interpret: " + std::move(message));
    return NEREID_FAILURE;
  };
  if (!module || !kernel || !grid)
    return fail("null module, kernel name or grid");
  if (!args && num_args != 0)
    return fail("null arguments with num_args = " + std::to_string(num_args));

  std::vector<interpreter::KernelArgument> arguments;
  arguments.reserve(num_args);
  for (size_t i = 0; i < num_args; ++i) {
    const NereidArgument &arg = args[i];
    if (arg.kind == NEREID_ARGUMENT_BUFFER)
      arguments.push_back(
          interpreter::KernelArgument::buffer(arg.value.buffer.data, arg.value.buffer.size_bytes));
    else if (arg.kind == NEREID_ARGUMENT_INTEGER)
      arguments.push_back(interpreter::KernelArgument::integerValue(arg.value.integer));
    else if (arg.kind == NEREID_ARGUMENT_FLOAT)
      arguments.push_back(interpreter::KernelArgument::floatValue(arg.value.floating));
    else
      return fail("argument " + std::to_string(i) + " has the unknown kind " +
                  std::to_string(static_cast<int>(arg.kind)));
  }

  interpreter::InterpretOptions interpretOptions;
  if (options) {
    interpretOptions.numThreads = options->num_threads;
    if (NereidPrintCallback print = options->print) {
      void *userData = options->print_user_data;
      interpretOptions.print = [print, userData](llvm::StringRef text) {
        print(text.data(), text.size(), userData);
      };
    }
  }

  DiagnosticCollector collector(module->module->getContext(), diagnostics);
  if (failed(verify(*module->module)))
    return NEREID_FAILURE;
  return succeeded(interpreter::interpretKernel(
             *module->module, kernel, {grid[0], grid[1], grid[2]}, arguments, interpretOptions))
             ? NEREID_SUCCESS
             : NEREID_FAILURE;
}

} // extern "C"
