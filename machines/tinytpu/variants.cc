#include "machines/tinytpu/variants.h"

#include "machines/tinytpu/broken_units.h"
#include "machines/tinytpu/composition.h"

namespace loom::tinytpu {
namespace {

namespace c = composition;

// One DMA unit, loading A and B and storing C.
template <unsigned T>
void place_two_way_dma(Architecture& arch, const c::Fabric& f) {
  using U = broken::TwoWayDma<T>;
  place<U>(arch, "dma", one())
      .bind(U::ld_ctrl, f.c_dld())
      .bind(U::st_ctrl, f.c_dst())
      .bind(U::A, f.A())
      .bind(U::B, f.B())
      .bind(U::C, f.C())
      .bind(U::to_spm, f.dma2sp())
      .bind(U::to_vru, f.dma2vr())
      .bind(U::from_accu, f.ac2st());
}

// A scratchpad that also takes mvout's rows back and passes them on to dma_st.
template <unsigned T>
void place_writeback_spm(Architecture& arch, const c::Fabric& f) {
  using U = broken::WritebackSpm<T>;
  const Handle c_st = arch.channel<Control>("c_st", one(), "QD", "dma_st's header and instructions, through spm");
  const Handle sp2st = arch.channel<Operand<T>>("sp2st", one(), "DATA_QD", "written-back rows on to dma_st");
  place<U>(arch, "spm", one())
      .bind(U::ctrl, f.c_spm())
      .bind(U::wb_ctrl, f.c_dst())
      .bind(U::from_dma, f.dma2sp())
      .bind(U::from_accu, f.ac2st())
      .bind(U::to_vru, f.sp2vr())
      .bind(U::weights, f.wcol(0))
      .bind(U::st_ctrl, c_st())
      .bind(U::to_st, sp2st())
      .bind(U::spad, f.spad());
  c::place_dma_st<T>(arch, f, c_st, sp2st);
}

template <unsigned T>
Architecture compose_variant(Variant variant) {
  Architecture arch("tinytpu", parameters_for(T));
  const c::Fabric f = c::declare<T>(arch);
  c::place_sequencer(arch, f);
  if (variant == Variant::two_way_dma) place_two_way_dma<T>(arch, f);
  else c::place_dma_ld<T>(arch, f);
  if (variant == Variant::writeback) place_writeback_spm<T>(arch, f);
  else c::place_spm<T>(arch, f);
  c::place_vru<T>(arch, f);
  if (variant == Variant::psum_int16) c::place_array<T, Pe<T, 16>>(arch, f);
  else c::place_array<T, Pe<T>>(arch, f);
  c::place_accu<T>(arch, f);
  // Both broken DMA paths place their own store side.
  if (variant != Variant::two_way_dma && variant != Variant::writeback) c::place_dma_st<T>(arch, f, f.c_dst, f.ac2st);
  return arch;
}

}  // namespace

Result<Architecture> variant_architecture(const Overrides& overrides, Variant variant) {
  return BuiltLanes::with(overrides, "T", kDefaultLanes,
                          [variant](auto lanes) { return compose_variant<decltype(lanes)::value>(variant); });
}

Compose composer(Variant variant) {
  return [variant](const Overrides& overrides) { return variant_architecture(overrides, variant); };
}

}  // namespace loom::tinytpu
