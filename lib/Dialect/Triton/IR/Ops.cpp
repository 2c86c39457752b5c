// Verifiers, type inference, builders and side effects of the tt ops. Folders and
// canonicalization patterns live in Canonicalize.cpp.

#include "nereid/Dialect/Triton/IR/Dialect.h"

#include "mlir/IR/Builders.h"
#include "mlir/IR/OpImplementation.h"
#include "mlir/IR/TypeUtilities.h"
#include "mlir/Interfaces/FunctionImplementation.h"
#include "llvm/ADT/STLExtras.h"

using namespace mlir;
using namespace mlir::nereid::tt;

#define GET_OP_CLASSES
#include "nereid/Dialect/Triton/IR/Ops.cpp.inc"

/// The shape of a scalar or ranked tensor type; empty for a scalar.
static ArrayRef<int64_t> getShapeOrEmpty(Type type) {
  if (auto tensorType = dyn_cast<RankedTensorType>(type))
    return tensorType.getShape();
  return {};
}

/// Checks that two scalar-or-tensor types have the same shape (both scalars, or tensors of one
/// shape), naming them in the error.
static LogicalResult verifySameShape(Operation *op, Type lhs, StringRef lhsName, Type rhs,
                                     StringRef rhsName) {
  if (isa<RankedTensorType>(lhs) == isa<RankedTensorType>(rhs) &&
      getShapeOrEmpty(lhs) == getShapeOrEmpty(rhs))
    return success();
  return op->emitOpError() << "expects " << lhsName << " shape to match " << rhsName
                           << " shape; got " << lhs << " and " << rhs;
}

/// Whether `actual` is `expected` up to the encoding of a tensor type. How a layout encoding
/// maps through a shape op (a slice for expand_dims, a transposed layout for trans) is chosen by
/// the layout passes of the ttg dialect, so the tt verifiers check shapes and element types only.
static bool isSameUpToEncoding(Type actual, Type expected) {
  if (actual == expected)
    return true;
  auto actualTensor = dyn_cast<RankedTensorType>(actual);
  auto expectedTensor = dyn_cast<RankedTensorType>(expected);
  return actualTensor && expectedTensor && actualTensor.getShape() == expectedTensor.getShape() &&
         actualTensor.getElementType() == expectedTensor.getElementType();
}

/// Checks that the single result of `op` has the type its operands and attributes imply, up to
/// the encoding.
static LogicalResult verifyResultType(Operation *op, Type expected) {
  Type actual = op->getResult(0).getType();
  if (isSameUpToEncoding(actual, expected))
    return success();
  return op->emitOpError() << "expects result type " << expected << "; got " << actual;
}

/// Checks an optional mask: absent, or i1 of the shape of `ptrType` (the pointer operand).
static LogicalResult verifyMask(Operation *op, Type ptrType, Value mask) {
  if (!mask || mask.getType() == getI1SameShape(ptrType))
    return success();
  return op->emitOpError() << "expects the mask to be " << getI1SameShape(ptrType)
                           << ", the shape of the pointer operand; got " << mask.getType();
}

//===----------------------------------------------------------------------===//
// Creation and shape ops
//===----------------------------------------------------------------------===//

LogicalResult MakeRangeOp::verify() {
  auto type = getType();
  if (type.getRank() != 1)
    return emitOpError() << "expects a 1-D result; got " << type;
  int64_t start = getStartAttr().getInt(), end = getEndAttr().getInt();
  if (end <= start)
    return emitOpError() << "expects end (" << end << ") to be greater than start (" << start
                         << ")";
  if (type.getDimSize(0) != end - start)
    return emitOpError() << "expects a result of end - start = " << end - start
                         << " elements; got " << type;
  return success();
}

LogicalResult BroadcastOp::verify() {
  auto srcType = getSrc().getType();
  auto resultType = getType();
  if (srcType.getRank() != resultType.getRank())
    return emitOpError() << "expects the result to have the rank of the operand; got "
                         << srcType << " -> " << resultType;
  for (auto [dim, pair] : llvm::enumerate(llvm::zip(srcType.getShape(), resultType.getShape()))) {
    auto [from, to] = pair;
    if (from != to && from != 1)
      return emitOpError() << "expects each operand dimension to be 1 or equal to the result's;"
                           << " dimension " << dim << " is " << from << " -> " << to;
  }
  return success();
}

LogicalResult ExpandDimsOp::verify() {
  auto srcType = getSrc().getType();
  int64_t axis = getAxisAttr().getInt();
  if (axis < 0 || axis > srcType.getRank())
    return emitOpError() << "expects axis in [0, " << srcType.getRank() << "]; got " << axis;
  SmallVector<int64_t> shape(srcType.getShape());
  shape.insert(shape.begin() + axis, 1);
  return verifyResultType(*this, srcType.clone(shape));
}

LogicalResult ReshapeOp::verify() {
  if (getSrc().getType().getNumElements() != getType().getNumElements())
    return emitOpError() << "expects the result to have as many elements as the operand; got "
                         << getSrc().getType() << " -> " << getType();
  return success();
}

LogicalResult TransOp::verify() {
  auto srcType = getSrc().getType();
  int64_t rank = srcType.getRank();
  SmallVector<bool> seen(rank, false);
  bool isPermutation = static_cast<int64_t>(getOrder().size()) == rank;
  for (int32_t dim : getOrder()) {
    if (!isPermutation || dim < 0 || dim >= rank || seen[dim]) {
      isPermutation = false;
      break;
    }
    seen[dim] = true;
  }
  if (!isPermutation)
    return emitOpError() << "expects order to be a permutation of [0, " << rank << ")";
  SmallVector<int64_t> shape;
  for (int32_t dim : getOrder())
    shape.push_back(srcType.getDimSize(dim));
  return verifyResultType(*this, srcType.clone(shape));
}

LogicalResult CatOp::verify() {
  auto srcType = getLhs().getType();
  auto resultType = getType();
  if (srcType.getRank() != resultType.getRank())
    return emitOpError() << "expects the result to have the rank of the operands; got "
                         << srcType << " -> " << resultType;
  SmallVector<int64_t> expected(srcType.getShape());
  expected[0] *= 2;
  if (resultType.getShape() != ArrayRef<int64_t>(expected))
    return emitOpError() << "expects the result to be the operands concatenated along "
                            "dimension 0; got "
                         << srcType << " -> " << resultType;
  return success();
}

LogicalResult JoinOp::verify() {
  auto srcType = getLhs().getType();
  SmallVector<int64_t> shape(srcType.getShape());
  shape.push_back(2);
  return verifyResultType(*this, srcType.clone(shape));
}

LogicalResult SplitOp::verify() {
  auto srcType = getSrc().getType();
  if (srcType.getShape().back() != 2)
    return emitOpError() << "expects a tensor whose last dimension is 2; got " << srcType;
  return verifyResultType(*this, srcType.clone(srcType.getShape().drop_back()));
}

LogicalResult GatherOp::verify() {
  auto srcType = getSrc().getType();
  auto indicesType = getIndices().getType();
  auto resultType = getType();
  int64_t rank = srcType.getRank();
  int64_t axis = getAxisAttr().getInt();
  if (indicesType.getRank() != rank)
    return emitOpError() << "expects indices to have the rank of src; got " << indicesType
                         << " for " << srcType;
  if (axis < 0 || axis >= rank)
    return emitOpError() << "expects axis in [0, " << rank << "); got " << axis;
  for (int64_t dim = 0; dim < rank; ++dim)
    if (dim != axis && indicesType.getDimSize(dim) != srcType.getDimSize(dim))
      return emitOpError() << "expects indices to match src in every dimension but the axis;"
                           << " dimension " << dim << " differs";
  if (resultType.getShape() != indicesType.getShape() ||
      resultType.getElementType() != srcType.getElementType())
    return emitOpError() << "expects the result to have the shape of indices and the element "
                            "type of src; got "
                         << resultType;
  return success();
}

LogicalResult HistogramOp::verify() {
  auto srcType = getSrc().getType();
  if (srcType.getRank() != 1 || getType().getRank() != 1)
    return emitOpError() << "expects a 1-D operand and a 1-D result; got " << srcType << " -> "
                         << getType();
  return verifyMask(*this, srcType, getMask());
}

//===----------------------------------------------------------------------===//
// Pointers and casts
//===----------------------------------------------------------------------===//

LogicalResult AddPtrOp::verify() {
  return verifySameShape(*this, getOffset().getType(), "offset", getPtr().getType(), "pointer");
}

LogicalResult IntToPtrOp::verify() {
  return verifySameShape(*this, getType(), "result", getSrc().getType(), "operand");
}

LogicalResult PtrToIntOp::verify() {
  return verifySameShape(*this, getType(), "result", getSrc().getType(), "operand");
}

LogicalResult BitcastOp::verify() {
  Type srcType = getSrc().getType(), resultType = getType();
  if (failed(verifySameShape(*this, resultType, "result", srcType, "operand")))
    return failure();
  Type srcElement = getElementTypeOrSelf(srcType);
  Type resultElement = getElementTypeOrSelf(resultType);
  auto srcPointer = dyn_cast<PointerType>(srcElement);
  auto resultPointer = dyn_cast<PointerType>(resultElement);
  if (srcPointer || resultPointer) {
    if (!srcPointer || !resultPointer)
      return emitOpError() << "cannot cast between a pointer and a non-pointer; use "
                              "tt.ptr_to_int or tt.int_to_ptr";
    if (srcPointer.getAddressSpace() != resultPointer.getAddressSpace())
      return emitOpError() << "cannot change the address space of a pointer";
    return success();
  }
  if (srcElement.getIntOrFloatBitWidth() != resultElement.getIntOrFloatBitWidth())
    return emitOpError() << "expects element types of the same bit width; got " << srcElement
                         << " and " << resultElement;
  return success();
}

//===----------------------------------------------------------------------===//
// Memory
//===----------------------------------------------------------------------===//

LogicalResult LoadOp::verify() {
  if (getOther() && !getMask())
    return emitOpError() << "expects a mask when `other` is given";
  if (getOther() && getOther().getType() != getType())
    return emitOpError() << "expects `other` to have the loaded type " << getType() << "; got "
                         << getOther().getType();
  return verifyMask(*this, getPtr().getType(), getMask());
}

LogicalResult StoreOp::verify() { return verifyMask(*this, getPtr().getType(), getMask()); }

void LoadOp::getEffects(
    SmallVectorImpl<SideEffects::EffectInstance<MemoryEffects::Effect>> &effects) {
  effects.emplace_back(MemoryEffects::Read::get(), &getPtrMutable(), GlobalMemory::get());
  // A volatile load must be neither removed nor merged with another, as if it wrote memory.
  if (getIsVolatile())
    effects.emplace_back(MemoryEffects::Write::get(), GlobalMemory::get());
}

/// Atomics exist for 16-, 32- and 64-bit integers and floats.
static LogicalResult verifyAtomicElementType(Operation *op, Type element) {
  if (element.isIntOrFloat() && llvm::is_contained({16u, 32u, 64u}, element.getIntOrFloatBitWidth()))
    return success();
  return op->emitOpError() << "expects a 16-, 32- or 64-bit integer or float element type; got "
                           << element;
}

LogicalResult AtomicRMWOp::verify() {
  Type element = getElementTypeOrSelf(getVal().getType());
  bool isFloat = isa<FloatType>(element);
  switch (getAtomicRmwOp()) {
  case RMWOp::FADD:
    if (!isFloat)
      return emitOpError() << "expects a float element type for fadd; got " << element;
    break;
  case RMWOp::MAX:
  case RMWOp::MIN:
  case RMWOp::XCHG:
    break;
  case RMWOp::AND:
  case RMWOp::OR:
  case RMWOp::XOR:
  case RMWOp::ADD:
  case RMWOp::UMAX:
  case RMWOp::UMIN:
    if (isFloat)
      return emitOpError() << "expects an integer element type for "
                           << stringifyRMWOp(getAtomicRmwOp()) << "; got " << element
                           << " (use fadd for floats)";
    break;
  }
  if (failed(verifyAtomicElementType(*this, element)))
    return failure();
  return verifyMask(*this, getPtr().getType(), getMask());
}

LogicalResult AtomicCASOp::verify() {
  return verifyAtomicElementType(*this, getElementTypeOrSelf(getVal().getType()));
}

//===----------------------------------------------------------------------===//
// Tensor descriptors
//===----------------------------------------------------------------------===//

LogicalResult MakeTensorDescOp::verify() {
  RankedTensorType blockType = getType().getBlockType();
  size_t rank = blockType.getRank();
  if (getShape().size() != rank || getStrides().size() != rank)
    return emitOpError() << "expects " << rank << " shape and stride values, one per block "
                         << "dimension; got " << getShape().size() << " and "
                         << getStrides().size();
  if (getBase().getType().getAddressSpace() != 1)
    return emitOpError() << "expects a base pointer to global memory (address space 1); got "
                         << getBase().getType();
  if (getBase().getType().getPointeeType() != blockType.getElementType())
    return emitOpError() << "expects the base pointer to point at the block's element type; got "
                         << getBase().getType() << " for " << blockType;
  return success();
}

/// Checks the indices and the tile type of a descriptor load or store against its block type.
static LogicalResult verifyDescriptorAccess(Operation *op, TensorDescType descType,
                                            ValueRange indices, RankedTensorType tileType) {
  RankedTensorType blockType = descType.getBlockType();
  if (static_cast<int64_t>(indices.size()) != blockType.getRank())
    return op->emitOpError() << "expects " << blockType.getRank()
                             << " indices, one per block dimension; got " << indices.size();
  // The tile has a layout once layouts are assigned; the block has none.
  if (tileType.getShape() != blockType.getShape() ||
      tileType.getElementType() != blockType.getElementType())
    return op->emitOpError() << "expects the tile type to be the descriptor's block type "
                             << blockType << "; got " << tileType;
  return success();
}

LogicalResult DescriptorLoadOp::verify() {
  return verifyDescriptorAccess(*this, getDesc().getType(), getIndices(), getType());
}

LogicalResult DescriptorStoreOp::verify() {
  return verifyDescriptorAccess(*this, getDesc().getType(), getIndices(), getSrc().getType());
}

//===----------------------------------------------------------------------===//
// Dot, reduce and scan
//===----------------------------------------------------------------------===//

LogicalResult DotOp::verify() {
  auto aType = getA().getType(), bType = getB().getType(), cType = getC().getType();
  int64_t rank = aType.getRank();
  if (rank != 2 && rank != 3)
    return emitOpError() << "expects 2-D operands, or 3-D with a leading batch dimension; got "
                         << aType;
  if (bType.getRank() != rank || cType.getRank() != rank)
    return emitOpError() << "expects a, b and c of one rank; got " << aType << ", " << bType
                         << " and " << cType;
  auto a = aType.getShape().take_back(2), b = bType.getShape().take_back(2),
       c = cType.getShape().take_back(2);
  if (a[1] != b[0])
    return emitOpError() << "expects the columns of a to match the rows of b; got " << aType
                         << " * " << bType;
  if (c[0] != a[0] || c[1] != b[1])
    return emitOpError() << "expects the accumulator to be " << a[0] << "x" << b[1] << "; got "
                         << cType;
  if (rank == 3 && (aType.getDimSize(0) != bType.getDimSize(0) ||
                    aType.getDimSize(0) != cType.getDimSize(0)))
    return emitOpError() << "expects one batch size for a, b and c";

  Type aElement = aType.getElementType(), bElement = bType.getElementType();
  Type cElement = cType.getElementType();
  bool bothFp8 = aElement.isIntOrFloat() && bElement.isIntOrFloat() &&
                 isa<FloatType>(aElement) && isa<FloatType>(bElement) &&
                 aElement.getIntOrFloatBitWidth() == 8 && bElement.getIntOrFloatBitWidth() == 8;
  if (aElement != bElement && !bothFp8)
    return emitOpError() << "expects a and b to have the same element type; got " << aElement
                         << " and " << bElement;
  if (isa<PointerType>(aElement))
    return emitOpError() << "expects numeric operands; got " << aElement;
  if (isa<IntegerType>(aElement) != isa<IntegerType>(cElement))
    return emitOpError() << "expects an integer accumulator for integer operands and a float "
                            "accumulator for float operands; got "
                         << aElement << " and " << cElement;
  return success();
}

/// The element types of `srcs`, the argument types of a combiner that takes them pairwise.
static SmallVector<Type> getElementTypes(ValueRange srcs) {
  return llvm::map_to_vector(srcs, [](Value v) { return getElementTypeOrSelf(v.getType()); });
}

/// Checks a combiner region of tt.reduce or tt.scan: the shapes of the operands, the axis, the
/// block arguments (accumulated values, then new ones) and what the terminator yields.
static LogicalResult verifyCombiner(Operation *op, ValueRange srcs, int64_t axis,
                                    Region &combineOp) {
  if (srcs.empty())
    return op->emitOpError() << "expects at least one operand";
  auto firstType = cast<RankedTensorType>(srcs.front().getType());
  for (Value src : srcs)
    if (cast<RankedTensorType>(src.getType()).getShape() != firstType.getShape())
      return op->emitOpError() << "expects all operands to have one shape";
  if (axis < 0 || axis >= firstType.getRank())
    return op->emitOpError() << "expects axis in [0, " << firstType.getRank() << "); got "
                             << axis;
  SmallVector<Type> elementTypes = getElementTypes(srcs);
  SmallVector<Type> argTypes(elementTypes);
  argTypes.append(elementTypes);
  Block &block = combineOp.front();
  if (!llvm::equal(block.getArgumentTypes(), argTypes))
    return op->emitOpError() << "expects the combiner to take " << argTypes.size()
                             << " scalar arguments: the operands' element types, twice";
  Operation *terminator = block.getTerminator();
  if (!llvm::equal(terminator->getOperandTypes(), elementTypes))
    return op->emitOpError() << "expects the combiner to return one scalar of each operand's "
                                "element type";
  return success();
}

LogicalResult ReduceOp::verifyRegions() {
  if (failed(verifyCombiner(*this, getSrcs(), getAxisAttr().getInt(), getCombineOp())))
    return failure();
  if (getResult().size() != getSrcs().size())
    return emitOpError() << "expects one result per operand";
  for (auto [src, result] : llvm::zip(getSrcs(), getResult())) {
    auto srcType = cast<RankedTensorType>(src.getType());
    SmallVector<int64_t> shape(srcType.getShape());
    shape.erase(shape.begin() + getAxisAttr().getInt());
    Type expected = shape.empty() ? srcType.getElementType() : srcType.clone(shape);
    if (!isSameUpToEncoding(result.getType(), expected))
      return emitOpError() << "expects result type " << expected << " for operand type "
                           << srcType << "; got " << result.getType();
  }
  return success();
}

LogicalResult ScanOp::verifyRegions() {
  if (getSrcs().size() != getResult().size())
    return emitOpError() << "expects one result per operand";
  for (auto [src, result] : llvm::zip(getSrcs(), getResult()))
    if (src.getType() != result.getType())
      return emitOpError() << "expects each result to have its operand's type";
  return verifyCombiner(*this, getSrcs(), getAxisAttr().getInt(), getCombineOp());
}

//===----------------------------------------------------------------------===//
// Elementwise ops
//===----------------------------------------------------------------------===//

LogicalResult FpToFpOp::verify() {
  Type srcElement = getElementTypeOrSelf(getSrc().getType());
  Type resultElement = getElementTypeOrSelf(getType());
  // Narrowing, or changing format at the same width, can lose precision, and the rounding must
  // be explicit; widening is exact and takes no rounding mode.
  bool isExact = srcElement == resultElement ||
                 resultElement.getIntOrFloatBitWidth() > srcElement.getIntOrFloatBitWidth();
  if (!isExact && !getRounding())
    return emitOpError() << "expects a rounding mode to convert " << srcElement << " to "
                         << resultElement;
  if (isExact && getRounding())
    return emitOpError() << "expects no rounding mode for the exact conversion of " << srcElement
                         << " to " << resultElement;
  return success();
}

/// A pure call has no effects; any other may read and write global memory.
static void addExternalCallEffects(
    bool pure, SmallVectorImpl<SideEffects::EffectInstance<MemoryEffects::Effect>> &effects) {
  if (pure)
    return;
  effects.emplace_back(MemoryEffects::Read::get(), GlobalMemory::get());
  effects.emplace_back(MemoryEffects::Write::get(), GlobalMemory::get());
}

void ExternElementwiseOp::getEffects(
    SmallVectorImpl<SideEffects::EffectInstance<MemoryEffects::Effect>> &effects) {
  addExternalCallEffects(getPure(), effects);
}

void ElementwiseInlineAsmOp::getEffects(
    SmallVectorImpl<SideEffects::EffectInstance<MemoryEffects::Effect>> &effects) {
  addExternalCallEffects(getPure(), effects);
}

LogicalResult ElementwiseInlineAsmOp::verify() {
  int64_t packedElement = getPackedElementAttr().getInt();
  if (packedElement < 1)
    return emitOpError() << "expects packed_element to be at least 1; got " << packedElement;
  if (getResult().empty())
    return emitOpError() << "expects at least one result";
  // The Elementwise trait has checked that all tensors share one shape.
  Type shapeType = getResult().front().getType();
  if (auto tensorType = dyn_cast<RankedTensorType>(shapeType);
      tensorType && tensorType.getNumElements() % packedElement != 0)
    return emitOpError() << "expects the number of elements to be a multiple of packed_element";
  return success();
}

LogicalResult PrintOp::verify() {
  if (getIsSigned().size() != getArgs().size())
    return emitOpError() << "expects one isSigned flag per printed value; got "
                         << getIsSigned().size() << " for " << getArgs().size();
  return success();
}

//===----------------------------------------------------------------------===//
// Functions
//===----------------------------------------------------------------------===//

void FuncOp::build(OpBuilder &builder, OperationState &state, StringRef name, FunctionType type,
                   ArrayRef<NamedAttribute> attrs, ArrayRef<DictionaryAttr> argAttrs) {
  state.addAttribute(SymbolTable::getSymbolAttrName(), builder.getStringAttr(name));
  state.addAttribute(getFunctionTypeAttrName(state.name), TypeAttr::get(type));
  state.attributes.append(attrs.begin(), attrs.end());
  state.addRegion();
  if (argAttrs.empty())
    return;
  call_interface_impl::addArgAndResultAttrs(builder, state, argAttrs, /*resultAttrs=*/{},
                                            getArgAttrsAttrName(state.name),
                                            getResAttrsAttrName(state.name));
}

LogicalResult FuncOp::verify() {
  for (auto [index, type] : llvm::enumerate(getArgumentTypes())) {
    bool isInteger = isa<IntegerType>(type);
    bool isPointer = isa<PointerType>(type);
    if (auto divisibility = getArgAttrOfType<IntegerAttr>(index, "tt.divisibility")) {
      int64_t value = divisibility.getInt();
      if (!isInteger && !isPointer)
        return emitOpError() << "expects tt.divisibility only on integer and pointer arguments; "
                             << "argument " << index << " is " << type;
      if (value < 1 || !llvm::isPowerOf2_64(value))
        return emitOpError() << "expects tt.divisibility to be a positive power of two; got "
                             << value << " on argument " << index;
    }
    if (auto equalTo = getArgAttrOfType<IntegerAttr>(index, "tt.equal_to")) {
      if (!isInteger)
        return emitOpError() << "expects tt.equal_to only on integer arguments; argument "
                             << index << " is " << type;
      if (equalTo.getInt() != 1)
        return emitOpError() << "expects tt.equal_to to be 1; got " << equalTo.getInt()
                             << " on argument " << index;
    }
  }
  return success();
}

ParseResult FuncOp::parse(OpAsmParser &parser, OperationState &result) {
  auto buildFuncType = [](Builder &builder, ArrayRef<Type> argTypes, ArrayRef<Type> results,
                          function_interface_impl::VariadicFlag, std::string &) {
    return builder.getFunctionType(argTypes, results);
  };
  return function_interface_impl::parseFunctionOp(
      parser, result, /*allowVariadic=*/false, getFunctionTypeAttrName(result.name),
      buildFuncType, getArgAttrsAttrName(result.name), getResAttrsAttrName(result.name));
}

void FuncOp::print(OpAsmPrinter &printer) {
  function_interface_impl::printFunctionOp(printer, *this, /*isVariadic=*/false,
                                           getFunctionTypeAttrName(), getArgAttrsAttrName(),
                                           getResAttrsAttrName());
}

LogicalResult CallOp::verifySymbolUses(SymbolTableCollection &symbolTable) {
  auto callee = symbolTable.lookupNearestSymbolFrom<FuncOp>(*this, getCalleeAttr());
  if (!callee)
    return emitOpError() << "calls '" << getCallee() << "', which is not a tt.func in scope";
  FunctionType type = callee.getFunctionType();
  if (!llvm::equal(type.getInputs(), getOperandTypes()))
    return emitOpError() << "passes " << getOperandTypes().size()
                         << " arguments of types that do not match '" << getCallee()
                         << "' of type " << type;
  if (!llvm::equal(type.getResults(), getResultTypes()))
    return emitOpError() << "expects the result types of '" << getCallee() << "' of type "
                         << type;
  return success();
}

LogicalResult ReturnOp::verify() {
  auto function = cast<FuncOp>((*this)->getParentOp());
  if (!llvm::equal(getOperandTypes(), function.getResultTypes()))
    return emitOpError() << "returns values whose types do not match the function type "
                         << function.getFunctionType();
  return success();
}
