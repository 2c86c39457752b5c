// tt.dot to mma.sync (sm_80 and newer): each warp multiplies its 16x8 tiles of the result, 16
// elements of K at a time (8 for tf32, 32 for int8), with operand fragments taken from the
// registers of the #ttg.dot_op layouts that nvidia-assign-mma-layouts chose.

#include "DotOpToMmaV2.h"

#include "MmaLayouts.h"

#include "nereid/Conversion/TritonGPUToLLVM/Patterns.h"
#include "nereid/Conversion/TritonGPUToLLVM/Utility.h"
#include "nereid/Dialect/TritonGPU/IR/Dialect.h"
#include "nereid/Nvidia/IR/Dialect.h"

#include "mlir/Dialect/LLVMIR/LLVMDialect.h"
#include "mlir/Dialect/LLVMIR/NVVMDialect.h"
#include "mlir/Transforms/DialectConversion.h"

namespace mlir::nereid::nvidia {
namespace {

/// mma.sync's tile of the result per warp: 16 rows (M) by 8 columns (N).
constexpr int32_t kMmaRows = 16, kMmaCols = 8;
/// The 32-bit registers of one mma.sync's A fragment, and of its B fragment.
constexpr unsigned kARegisters = 4, kBRegisters = 2;

/// The PTX type of mma.sync's multiplicands of element type `element` (f32 goes as tf32, i8 as
/// signed), for the types that NVVM's mma.sync takes (not fp8: emitFp8MmaSync).
NVVM::MMATypes getMmaType(Type element) {
  if (element.isF32())
    return NVVM::MMATypes::tf32;
  if (element.isInteger(8))
    return NVVM::MMATypes::s8;
  return element.isBF16() ? NVVM::MMATypes::bf16 : NVVM::MMATypes::f16;
}

/// One 32-bit register of an operand fragment from its `elements` (consecutive along K, the
/// first in the low bits): `vector<2xf16>` for f16, an i32 for bf16 and for four int8 or fp8
/// (whose LLVM type is i8), as NVVM's mma.sync takes them; a tf32 element is already an i32
/// (roundToTF32).
Value packFragmentRegister(OpBuilder &builder, Location loc, ArrayRef<Value> elements) {
  Type element = elements.front().getType();
  if (elements.size() == 1)
    return elements.front();
  auto vectorType = VectorType::get({static_cast<int64_t>(elements.size())}, element);
  Value vector = LLVM::PoisonOp::create(builder, loc, vectorType);
  for (auto [index, value] : llvm::enumerate(elements))
    vector = LLVM::InsertElementOp::create(builder, loc, vector, value,
                                           createI32(builder, loc, index));
  if (element.isF16())
    return vector;
  return LLVM::BitcastOp::create(builder, loc, builder.getI32Type(), vector);
}

/// The operands of one mma.sync: for each of `numRegisters` fragment registers, the `kWidth`
/// elements of `values` (in `layout`, whose first registers are one fragment) at the fragment's
/// coordinates moved by (`row`, `col`), which `registers` (getRegisterMap of `layout`) holds
/// for the layouts that whyDotNotLowered accepts.
SmallVector<Value> gatherFragment(OpBuilder &builder, Location loc, const LinearLayout &layout,
                                  const llvm::DenseMap<Coordinate, unsigned> &registers,
                                  ArrayRef<Value> values, unsigned numRegisters, unsigned kWidth,
                                  int32_t row, int32_t col) {
  SmallVector<Value> fragment;
  for (unsigned index = 0; index < numRegisters; ++index) {
    SmallVector<Value> elements;
    for (unsigned element = 0; element < kWidth; ++element) {
      auto [r, c] = getRegisterCoordinate(layout, index * kWidth + element);
      elements.push_back(values[registers.at({row + r, col + c})]);
    }
    fragment.push_back(packFragmentRegister(builder, loc, elements));
  }
  return fragment;
}

/// mma.sync m16n8k32 of fp8 operands (`element`, e4m3 or e5m2) into f32 (sm_89 and newer), as
/// inline PTX, since NVVM's mma.sync does not take fp8 multiplicands: D = A B + C for the
/// fragments `a` (4 registers), `b` (2) and `c` (4 f32), as a struct of 4 f32 like NVVM's.
Value emitFp8MmaSync(OpBuilder &builder, Location loc, Type resultType, ArrayRef<Value> a,
                     ArrayRef<Value> b, ArrayRef<Value> c, Type element) {
  std::string type = isa<Float8E4M3FNType>(element) ? "e4m3" : "e5m2";
  std::string ptx = "mma.sync.aligned.m16n8k32.row.col.f32." + type + "." + type +
                    ".f32 {$0, $1, $2, $3}, {$4, $5, $6, $7}, {$8, $9}, {$10, $11, $12, $13};";
  SmallVector<Value> operands(a);
  llvm::append_range(operands, b);
  llvm::append_range(operands, c);
  return LLVM::InlineAsmOp::create(
             builder, loc, resultType, operands, ptx, "=f,=f,=f,=f,r,r,r,r,r,r,f,f,f,f",
             /*has_side_effects=*/false, /*is_align_stack=*/false,
             LLVM::tailcallkind::TailCallKind::None,
             LLVM::AsmDialectAttr::get(builder.getContext(), LLVM::AsmDialect::AD_ATT),
             /*operand_attrs=*/ArrayAttr())
      .getResult(0);
}

/// `values`, f32 operand elements, rounded to tf32 to nearest with ties away from zero
/// (`cvt.rna.tf32.f32`), as the interpreter rounds them for input precision tf32; mma.sync
/// itself would ignore their low 13 bits.
SmallVector<Value> roundToTF32(OpBuilder &builder, Location loc, ArrayRef<Value> values) {
  auto rna = NVVM::FPRoundingModeAttr::get(builder.getContext(), NVVM::FPRoundingMode::RNA);
  SmallVector<Value> rounded;
  for (Value value : values)
    rounded.push_back(
        NVVM::ConvertFloatToTF32Op::create(builder, loc, builder.getI32Type(), value, rna));
  return rounded;
}

/// A tt.dot with an #nvidia.mma result of version 2, whose layouts whyDotNotLowered has
/// accepted before the conversion, to mma.sync instructions.
struct MmaV2DotOpConversion : OpConversionPattern<tt::DotOp> {
  using OpConversionPattern::OpConversionPattern;

  LogicalResult matchAndRewrite(tt::DotOp op, OpAdaptor adaptor,
                                ConversionPatternRewriter &rewriter) const override {
    Location loc = op.getLoc();
    auto dType = cast<RankedTensorType>(op.getType());
    auto aType = cast<RankedTensorType>(op.getA().getType());
    auto mma = dyn_cast<MmaEncodingAttr>(dType.getEncoding());
    if (!mma || mma.getVersionMajor() != 2)
      return failure();
    auto structType =
        dyn_cast_or_null<LLVM::LLVMStructType>(getTypeConverter()->convertType(dType));
    std::optional<LinearLayout> aLayout = ttg::toLinearLayout(aType);
    std::optional<LinearLayout> bLayout = ttg::toLinearLayout(op.getB().getType());
    std::optional<LinearLayout> dLayout = ttg::toLinearLayout(dType);
    if (!structType || !aLayout || !bLayout || !dLayout)
      return failure();
    unsigned kWidth = cast<ttg::DotOperandEncodingAttr>(aType.getEncoding()).getKWidth();
    int32_t instrK = kWidth * 8;
    SmallVector<Value> a = unpackElements(rewriter, loc, adaptor.getA());
    SmallVector<Value> b = unpackElements(rewriter, loc, adaptor.getB());
    SmallVector<Value> c = unpackElements(rewriter, loc, adaptor.getC());
    if (aType.getElementType().isF32()) {
      a = roundToTF32(rewriter, loc, a);
      b = roundToTF32(rewriter, loc, b);
    }
    llvm::DenseMap<Coordinate, unsigned> aRegisters = getRegisterMap(*aLayout);
    llvm::DenseMap<Coordinate, unsigned> bRegisters = getRegisterMap(*bLayout);
    llvm::DenseMap<Coordinate, unsigned> dRegisters = getRegisterMap(*dLayout);

    Type accumulator = dType.getElementType();
    auto resultType = LLVM::LLVMStructType::getLiteral(
        getContext(), {accumulator, accumulator, accumulator, accumulator});
    Type element = aType.getElementType();
    bool fp8 = isa<Float8E4M3FNType, Float8E5M2Type>(element);
    // Integer sums wrap around, as the interpreter's do.
    std::optional<NVVM::MMAIntOverflow> overflow;
    if (accumulator.isInteger(32))
      overflow = NVVM::MMAIntOverflow::wrapped;
    // Warp 0's result tiles start where its lane 0 holds a row that is a multiple of 16 and a
    // column that is a multiple of 8; the first 4 registers are one tile.
    llvm::DenseMap<Coordinate, Value> results;
    for (int32_t index = 0; index < static_cast<int32_t>(c.size()); ++index) {
      auto [row, col] = getRegisterCoordinate(*dLayout, index);
      if (row % kMmaRows != 0 || col % kMmaCols != 0 || results.contains({row, col}))
        continue;
      SmallVector<Coordinate> tile;
      SmallVector<Value> accumulator;
      for (int32_t element = 0; element < 4; ++element) {
        auto [r, cl] = getRegisterCoordinate(*dLayout, element);
        tile.push_back({row + r, col + cl});
        accumulator.push_back(c[dRegisters.at(tile.back())]);
      }
      for (int32_t k = 0; k < aType.getDimSize(1); k += instrK) {
        SmallVector<Value> aFragment = gatherFragment(rewriter, loc, *aLayout, aRegisters, a,
                                                      kARegisters, kWidth, row, k);
        SmallVector<Value> bFragment = gatherFragment(rewriter, loc, *bLayout, bRegisters, b,
                                                      kBRegisters, kWidth, k, col);
        Value product;
        if (fp8) {
          product = emitFp8MmaSync(rewriter, loc, resultType, aFragment, bFragment,
                                   accumulator, element);
        } else {
          NVVM::MMATypes multiplicand = getMmaType(element);
          product = NVVM::MmaOp::create(
              rewriter, loc, resultType, aFragment, bFragment, accumulator,
              {kMmaRows, kMmaCols, instrK}, std::nullopt, overflow,
              std::array<NVVM::MMATypes, 2>{multiplicand, multiplicand},
              std::array<NVVM::MMALayout, 2>{NVVM::MMALayout::row, NVVM::MMALayout::col});
        }
        for (int32_t element = 0; element < 4; ++element)
          accumulator[element] = LLVM::ExtractValueOp::create(rewriter, loc, product, element);
      }
      for (auto [coordinate, value] : llvm::zip_equal(tile, accumulator))
        results[coordinate] = value;
    }
    SmallVector<Value> elements;
    for (int32_t index = 0; index < static_cast<int32_t>(c.size()); ++index)
      elements.push_back(results.at(getRegisterCoordinate(*dLayout, index)));
    rewriter.replaceOp(op, packElements(rewriter, loc, elements, structType));
    return success();
  }
};

} // namespace

void populateDotOpToMmaV2Patterns(const LLVMTypeConverter &typeConverter,
                                  RewritePatternSet &patterns) {
  patterns.add<MmaV2DotOpConversion>(typeConverter, patterns.getContext());
}

std::string whyDotNotLowered(tt::DotOp dot, unsigned computeCapability) {
  auto dType = cast<RankedTensorType>(dot.getType());
  if (isa<ttg::BlockedEncodingAttr>(dType.getEncoding()))
    return whyFmaDotNotLowered(dot);
  auto mma = dyn_cast<MmaEncodingAttr>(dType.getEncoding());
  if (!mma)
    return "its result is in neither a blocked nor an #nvidia.mma layout";
  if (mma.getVersionMajor() != 2)
    return "its result is in an #nvidia.mma layout of version 3, which is nvidia.warpgroup_dot's";
  std::string why = whyNotMmaV2(dot, computeCapability);
  if (!why.empty())
    return why;
  for (Value operand : {dot.getA(), dot.getB()}) {
    auto type = cast<RankedTensorType>(operand.getType());
    auto encoding = dyn_cast<ttg::DotOperandEncodingAttr>(type.getEncoding());
    if (!encoding || encoding.getParent() != mma ||
        encoding.getKWidth() != 32 / type.getElementTypeBitWidth())
      return "its operands are not in the #ttg.dot_op layouts of its #nvidia.mma result with "
             "kWidth 32 bits of elements";
  }
  return "";
}

} // namespace mlir::nereid::nvidia
