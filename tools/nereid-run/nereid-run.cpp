// nereid-run: runs a kernel of a .mlir file in the interpreter, on inputs given on the command
// line or random ones from a seed, and prints the buffers afterwards, so that lit tests can
// check results with FileCheck:
//
//   nereid-run add.mlir --kernel=add --grid=4 --arg='f32:[1,2,3,4]' --arg=f32:random:4 \
//              --arg=f32:zeros:4 --arg=i32:4 --print-args
//
// It goes through the C API (libnereid), as every other caller does. Input values are parsed,
// and output values printed, with llvm::APFloat, independently of the interpreter's own float
// code, so that tests compare the interpreter against a second implementation.

#include "nereid-c/Nereid.h"

#include "llvm/ADT/APFloat.h"
#include "llvm/ADT/SmallString.h"
#include "llvm/ADT/StringExtras.h"
#include "llvm/Support/CommandLine.h"
#include "llvm/Support/Error.h"
#include "llvm/Support/InitLLVM.h"
#include "llvm/Support/MemoryBuffer.h"
#include "llvm/Support/raw_ostream.h"

#include <algorithm>
#include <cstdio>
#include <cstdlib>
#include <cstring>
#include <optional>
#include <random>
#include <string>
#include <vector>

using namespace llvm;

static cl::opt<std::string> inputFilename(cl::Positional, cl::desc("<input .mlir file>"),
                                          cl::init("-"));
static cl::opt<std::string> kernelName("kernel", cl::desc("The tt.func to run"),
                                       cl::value_desc("name"), cl::Required);
static cl::opt<std::string> gridOption("grid", cl::desc("Programs along x[,y[,z]]"),
                                       cl::value_desc("x[,y[,z]]"), cl::init("1"));
static cl::list<std::string> argumentSpecs(
    "arg",
    cl::desc("One kernel argument, in order: TYPE:VALUE (a scalar), TYPE:[v0,v1,...] (a "
             "buffer holding these values), TYPE:zeros:N, TYPE:iota:N (0, 1, ..., N-1) or "
             "TYPE:random:N (a buffer of N elements). TYPE is i1, i8, i16, i32, i64, u8, u16, "
             "u32, u64 (unsigned: printed as such), f16, bf16, f32, f64, f8e5m2, f8e4m3fn, "
             "f8e4m3fnuz, f8e5m2fnuz or f8e4m3b11fnuz"),
    cl::value_desc("spec"));
static cl::opt<unsigned> seed("seed", cl::desc("Seed of the random inputs"), cl::init(0));
static cl::opt<unsigned> threads("num-threads",
                                 cl::desc("Run programs on this many threads (0 or 1: in order)"),
                                 cl::init(1));
static cl::opt<bool> printArgs("print-args", cl::desc("After the run, print every buffer argument"),
                               cl::init(false));

namespace {

/// An element type as the command line names it.
struct ElementType {
  StringRef name;
  unsigned bytes;
  bool isFloat;
  bool isUnsigned;
  const fltSemantics *semantics; ///< floats only
};

std::optional<ElementType> parseElementType(StringRef name) {
  static const ElementType types[] = {
      {"i1", 1, false, false, nullptr},
      {"i8", 1, false, false, nullptr},
      {"i16", 2, false, false, nullptr},
      {"i32", 4, false, false, nullptr},
      {"i64", 8, false, false, nullptr},
      {"u8", 1, false, true, nullptr},
      {"u16", 2, false, true, nullptr},
      {"u32", 4, false, true, nullptr},
      {"u64", 8, false, true, nullptr},
      {"f16", 2, true, false, &APFloat::IEEEhalf()},
      {"bf16", 2, true, false, &APFloat::BFloat()},
      {"f32", 4, true, false, &APFloat::IEEEsingle()},
      {"f64", 8, true, false, &APFloat::IEEEdouble()},
      {"f8e5m2", 1, true, false, &APFloat::Float8E5M2()},
      {"f8e4m3fn", 1, true, false, &APFloat::Float8E4M3FN()},
      {"f8e4m3fnuz", 1, true, false, &APFloat::Float8E4M3FNUZ()},
      {"f8e5m2fnuz", 1, true, false, &APFloat::Float8E5M2FNUZ()},
      {"f8e4m3b11fnuz", 1, true, false, &APFloat::Float8E4M3B11FNUZ()},
  };
  for (const ElementType &type : types)
    if (type.name == name)
      return type;
  return std::nullopt;
}

/// One argument as given, and the memory behind it when it is a buffer.
struct Argument {
  ElementType type;
  bool isBuffer = false;
  std::vector<uint8_t> bytes; ///< a buffer's contents, or a scalar's value
};

std::optional<uint64_t> parseInteger(StringRef text, const ElementType &type) {
  text = text.trim();
  unsigned bits = type.name == "i1" ? 1 : type.bytes * 8;
  if (text.starts_with("-")) {
    int64_t value;
    if (text.getAsInteger(0, value))
      return std::nullopt;
    if (type.isUnsigned || (bits < 64 && value < -(int64_t(1) << (bits - 1))))
      return std::nullopt;
    return uint64_t(value);
  }
  uint64_t value;
  if (text.getAsInteger(0, value))
    return std::nullopt;
  if (bits < 64 && value >> bits != 0)
    return std::nullopt;
  return value;
}

std::optional<uint64_t> parseFloat(StringRef text, const ElementType &type) {
  APFloat value(*type.semantics);
  Expected<APFloat::opStatus> status =
      value.convertFromString(text.trim(), APFloat::rmNearestTiesToEven);
  if (!status) {
    consumeError(status.takeError());
    return std::nullopt;
  }
  return value.bitcastToAPInt().getZExtValue();
}

std::optional<uint64_t> parseValue(StringRef text, const ElementType &type) {
  return type.isFloat ? parseFloat(text, type) : parseInteger(text, type);
}

void appendBits(std::vector<uint8_t> &bytes, uint64_t bits, unsigned size) {
  for (unsigned i = 0; i < size; ++i)
    bytes.push_back(uint8_t(bits >> (8 * i)));
}

/// A random element: integers in [-100, 100] ([0, 200] unsigned, {0, 1} for i1), floats in
/// [-1, 1) rounded to their type. Only the raw output of mt19937_64 is used, which the C++
/// standard fixes, so a seed gives the same inputs everywhere.
uint64_t randomBits(std::mt19937_64 &generator, const ElementType &type) {
  uint64_t raw = generator();
  if (type.name == "i1")
    return raw & 1;
  if (!type.isFloat)
    return type.isUnsigned ? raw % 201 : uint64_t(int64_t(raw % 201) - 100);
  double unit = double(raw >> 11) * 0x1.0p-53; // [0, 1)
  APFloat value(2 * unit - 1);
  bool losesInfo;
  value.convert(*type.semantics, APFloat::rmNearestTiesToEven, &losesInfo);
  return value.bitcastToAPInt().getZExtValue();
}

Expected<Argument> parseArgument(StringRef spec, std::mt19937_64 &generator) {
  auto error = [&](const Twine &why) {
    return createStringError(inconvertibleErrorCode(), "--arg=" + spec + ": " + why);
  };
  auto [typeName, rest] = spec.split(':');
  std::optional<ElementType> type = parseElementType(typeName);
  if (!type)
    return error("unknown element type '" + typeName + "'");
  Argument argument{*type, false, {}};
  if (rest.starts_with("[")) {
    if (!rest.ends_with("]"))
      return error("a buffer's values end with ']'");
    argument.isBuffer = true;
    StringRef list = rest.drop_front().drop_back().trim();
    if (list.empty())
      return argument;
    SmallVector<StringRef> items;
    list.split(items, ',');
    for (StringRef item : items) {
      std::optional<uint64_t> bits = parseValue(item, *type);
      if (!bits)
        return error("'" + item.trim() + "' is not a value of type " + type->name);
      appendBits(argument.bytes, *bits, type->bytes);
    }
    return argument;
  }
  auto [generatorName, countText] = rest.split(':');
  if (generatorName == "zeros" || generatorName == "random" || generatorName == "iota") {
    uint64_t count;
    if (countText.getAsInteger(10, count))
      return error("expected an element count after '" + generatorName + ":'");
    argument.isBuffer = true;
    for (uint64_t i = 0; i < count; ++i) {
      uint64_t bits = 0;
      if (generatorName == "random") {
        bits = randomBits(generator, *type);
      } else if (generatorName == "iota") {
        std::optional<uint64_t> value = parseValue(std::to_string(i), *type);
        if (!value)
          return error(Twine(i) + " is not a value of type " + type->name);
        bits = *value;
      }
      appendBits(argument.bytes, bits, type->bytes);
    }
    return argument;
  }
  std::optional<uint64_t> bits = parseValue(rest, *type);
  if (!bits)
    return error("'" + rest + "' is not a value of type " + type->name);
  appendBits(argument.bytes, *bits, type->bytes);
  return argument;
}

uint64_t readBits(const std::vector<uint8_t> &bytes, size_t index, unsigned size) {
  uint64_t bits = 0;
  for (unsigned i = 0; i < size; ++i)
    bits |= uint64_t(bytes[index * size + i]) << (8 * i);
  return bits;
}

/// The fewest significant digits that read back to the same value of the type, in plain
/// notation for exponents from -5 to 15 and scientific otherwise; nan, inf, -inf, -0.
std::string formatFloat(uint64_t bits, const ElementType &type) {
  APFloat value(*type.semantics, APInt(type.bytes * 8, bits));
  if (value.isNaN())
    return "nan";
  if (value.isInfinity())
    return value.isNegative() ? "-inf" : "inf";
  bool losesInfo;
  APFloat asDouble = value;
  asDouble.convert(APFloat::IEEEdouble(), APFloat::rmNearestTiesToEven, &losesInfo);
  double exact = asDouble.convertToDouble();
  char buffer[64];
  int digits = 1;
  for (; digits < 17; ++digits) {
    std::snprintf(buffer, sizeof(buffer), "%.*e", digits - 1, exact);
    if (parseFloat(buffer, type) == bits)
      break;
  }
  std::snprintf(buffer, sizeof(buffer), "%.*e", digits - 1, exact);
  int exponent = std::atoi(std::strchr(buffer, 'e') + 1);
  if (exponent >= -5 && exponent < 16)
    std::snprintf(buffer, sizeof(buffer), "%.*f", std::max(0, digits - 1 - exponent), exact);
  return buffer;
}

std::string formatElement(const Argument &argument, size_t index) {
  const ElementType &type = argument.type;
  uint64_t bits = readBits(argument.bytes, index, type.bytes);
  if (type.isFloat)
    return formatFloat(bits, type);
  if (type.isUnsigned || type.name == "i1")
    return std::to_string(bits);
  unsigned width = type.bytes * 8;
  int64_t value = width == 64 ? int64_t(bits) : int64_t(bits << (64 - width)) >> (64 - width);
  return std::to_string(value);
}

Expected<std::array<uint32_t, 3>> parseGrid(StringRef text) {
  std::array<uint32_t, 3> grid = {1, 1, 1};
  SmallVector<StringRef> parts;
  text.split(parts, ',');
  if (parts.size() > 3)
    return createStringError(inconvertibleErrorCode(), "--grid takes at most 3 sizes");
  for (auto [axis, part] : llvm::enumerate(parts))
    if (part.trim().getAsInteger(10, grid[axis]))
      return createStringError(inconvertibleErrorCode(),
                               "--grid=" + text + ": '" + part + "' is not a size");
  return grid;
}

void printToOuts(const char *text, size_t length, void *) { outs().write(text, length); }

void printDiagnostics(NereidDiagnostics *diagnostics) {
  outs().flush();
  for (size_t i = 0, e = nereid_diagnostics_count(diagnostics); i < e; ++i) {
    NereidDiagnostic diagnostic = nereid_diagnostics_get(diagnostics, i);
    static const char *severities[] = {"note", "warning", "error", "remark"};
    if (diagnostic.file && diagnostic.file[0])
      errs() << diagnostic.file << ":" << diagnostic.line << ":" << diagnostic.column << ": ";
    errs() << severities[diagnostic.severity] << ": " << diagnostic.message << "\n";
  }
}

} // namespace

int main(int argc, char **argv) {
  InitLLVM init(argc, argv);
  cl::ParseCommandLineOptions(argc, argv, "Nereid interpreter driver\n");

  ErrorOr<std::unique_ptr<MemoryBuffer>> file = MemoryBuffer::getFileOrSTDIN(inputFilename);
  if (!file) {
    errs() << "error: cannot read " << inputFilename << ": " << file.getError().message() << "\n";
    return 1;
  }
  Expected<std::array<uint32_t, 3>> grid = parseGrid(gridOption);
  if (!grid) {
    errs() << "error: " << toString(grid.takeError()) << "\n";
    return 1;
  }
  std::mt19937_64 generator(seed);
  std::vector<Argument> arguments;
  for (const std::string &spec : argumentSpecs) {
    Expected<Argument> argument = parseArgument(spec, generator);
    if (!argument) {
      errs() << "error: " << toString(argument.takeError()) << "\n";
      return 1;
    }
    arguments.push_back(std::move(*argument));
  }
  std::vector<NereidArgument> cArguments;
  for (Argument &argument : arguments) {
    NereidArgument cArgument;
    if (argument.isBuffer) {
      cArgument.kind = NEREID_ARGUMENT_BUFFER;
      cArgument.value.buffer.data = argument.bytes.empty() ? nullptr : argument.bytes.data();
      cArgument.value.buffer.size_bytes = argument.bytes.size();
    } else if (argument.type.isFloat) {
      APFloat value(
          *argument.type.semantics,
          APInt(argument.type.bytes * 8, readBits(argument.bytes, 0, argument.type.bytes)));
      bool losesInfo;
      value.convert(APFloat::IEEEdouble(), APFloat::rmNearestTiesToEven, &losesInfo);
      cArgument.kind = NEREID_ARGUMENT_FLOAT;
      cArgument.value.floating = value.convertToDouble();
    } else {
      uint64_t bits = readBits(argument.bytes, 0, argument.type.bytes);
      unsigned width = argument.type.bytes * 8;
      cArgument.kind = NEREID_ARGUMENT_INTEGER;
      cArgument.value.integer = argument.type.isUnsigned || width == 64
                                    ? int64_t(bits)
                                    : int64_t(bits << (64 - width)) >> (64 - width);
      if (argument.type.name == "i1")
        cArgument.value.integer = int64_t(bits);
    }
    cArguments.push_back(cArgument);
  }

  NereidContext *context = nereid_context_create();
  NereidDiagnostics *diagnostics = nereid_diagnostics_create();
  StringRef text = (*file)->getBuffer();
  std::string filename = inputFilename == "-" ? "<stdin>" : inputFilename.getValue();
  NereidModule *module =
      nereid_module_parse(context, text.data(), text.size(), filename.c_str(), diagnostics);
  int status = 1;
  if (module) {
    NereidInterpretOptions options = {threads, printToOuts, nullptr};
    if (nereid_interpret(module, kernelName.c_str(), grid->data(), cArguments.data(),
                         cArguments.size(), &options, diagnostics) == NEREID_SUCCESS)
      status = 0;
  }
  printDiagnostics(diagnostics);
  if (status == 0 && printArgs) {
    for (auto [index, argument] : llvm::enumerate(arguments)) {
      if (!argument.isBuffer)
        continue;
      outs() << "arg" << index << ": [";
      size_t count = argument.bytes.size() / argument.type.bytes;
      for (size_t i = 0; i < count; ++i)
        outs() << (i ? ", " : "") << formatElement(argument, i);
      outs() << "]\n";
    }
  }
  nereid_module_destroy(module);
  nereid_diagnostics_destroy(diagnostics);
  nereid_context_destroy(context);
  return status;
}
