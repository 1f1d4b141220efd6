#include "machines/tinytpu/tinytpu.h"

#include "compose/place.h"
#include "machines/tinytpu/broken_units.h"
#include "machines/tinytpu/build.h"
#include "machines/tinytpu/isa_dsl.h"
#include "machines/tinytpu/parameters.h"
#include "units/library/tinytpu/accu.h"
#include "units/library/tinytpu/dma_ld.h"
#include "units/library/tinytpu/dma_st.h"
#include "units/library/tinytpu/pe.h"
#include "units/library/tinytpu/sequencer.h"
#include "units/library/tinytpu/spm.h"
#include "units/library/tinytpu/vru.h"
#include "units/library/tinytpu/wld.h"

namespace loom::tinytpu {
namespace {

template <unsigned T, class PE>
Architecture compose_units(Variant variant) {
  Architecture arch("tinytpu", parameters_for(T));
  // Instruction streams, one per unit that executes instructions.
  Handle c_dld = arch.channel<Control>("c_dld", one(), "QD", "dma_ld's header and instructions");
  Handle c_spm = arch.channel<Control>("c_spm", one(), "QD", "spm's header and instructions");
  Handle c_vru = arch.channel<Control>("c_vru", one(), "QD", "vru's header and instructions");
  Handle c_acc = arch.channel<Control>("c_acc", one(), "QD", "accu's header and instructions");
  Handle c_dst = arch.channel<Control>("c_dst", one(), "QD", "dma_st's header and instructions");
  // Data, every arrow one packed word wide.
  Handle dma2sp = arch.channel<Operand<T>>("dma2sp", one(), "DATA_QD", "rows from DRAM into spad");
  Handle dma2vr = arch.channel<Operand<T>>("dma2vr", one(), "DATA_QD", "rows from DRAM into vr");
  Handle sp2vr = arch.channel<Operand<T>>("sp2vr", one(), "DATA_QD", "vld: spad rows into vr");
  Handle wcol = arch.channel<Operand<T>>("wcol", vec("T"), "DATA_QD", "the weight chain down column 0");
  Handle wrow = arch.channel<Operand<T>>("wrow", grid("T", "T_LINKS"), "DATA_QD", "the weight chain east along row i");
  Handle wq = arch.channel<WeightRows>("wq", grid("T", "T"), 4, "the shadow register: a PE's next (weight, rows)");
  Handle acol = arch.channel<Operand<T>>("acol", vec("T"), "DATA_QD", "the activation chain down column 0");
  Handle a_fwd = arch.channel<Activation>("a_fwd", grid("T", "T_LINKS"), "DATA_QD", "activations east");
  Handle p_fwd = arch.channel<PartialSum>("p_fwd", grid("T_LINKS", "T"), "DATA_QD", "partial sums south");
  Handle cw = arch.channel<AccWord<T>>("cw", vec("T"), "DATA_QD", "the bottom row's sums, packed going east");
  Handle ac2st = arch.channel<Operand<T>>("ac2st", one(), "DATA_QD", "mvout: clipped rows to dma_st");
  Handle spad = arch.memory<Operand<T>>("spad", "SPAD_ROWS");
  Handle vr = arch.memory<Operand<T>>("vr", "VR_ROWS");
  // Stores land kArWriteLatency iterations after they issue (accu.h).
  Handle ar = arch.memory<AccWord<T>>("ar", "AR_ROWS", one(), {.write_latency = design::kArWriteLatency});
  Handle imem = arch.argument<Control>("imem", "IMEM_WORDS", "the header words, then the program");
  Handle A = arch.argument<Operand<T>>("A", "DRAM_WORDS", "MAXDIM x MAXDIM int8, row-major, T lanes a word");
  Handle B = arch.argument<Operand<T>>("B", "DRAM_WORDS", "MAXDIM x MAXDIM int8, row-major, T lanes a word");
  Handle C = arch.argument<Operand<T>>("C", "DRAM_WORDS", "MAXDIM x MAXDIM int8, row-major, T lanes a word");

  place<Sequencer>(arch, "sequencer", one())
      .bind(Sequencer::imem, imem())
      .bind(Sequencer::c_dld, c_dld())
      .bind(Sequencer::c_spm, c_spm())
      .bind(Sequencer::c_vru, c_vru())
      .bind(Sequencer::c_acc, c_acc())
      .bind(Sequencer::c_dst, c_dst());
  if (variant == Variant::two_way_dma) {
    place<broken::TwoWayDma<T>>(arch, "dma", one())
        .bind(broken::TwoWayDma<T>::ld_ctrl, c_dld())
        .bind(broken::TwoWayDma<T>::st_ctrl, c_dst())
        .bind(broken::TwoWayDma<T>::A, A())
        .bind(broken::TwoWayDma<T>::B, B())
        .bind(broken::TwoWayDma<T>::C, C())
        .bind(broken::TwoWayDma<T>::to_spm, dma2sp())
        .bind(broken::TwoWayDma<T>::to_vru, dma2vr())
        .bind(broken::TwoWayDma<T>::from_accu, ac2st());
  } else {
    place<DmaLd<T>>(arch, "dma_ld", one())
        .bind(DmaLd<T>::ctrl, c_dld())
        .bind(DmaLd<T>::A, A())
        .bind(DmaLd<T>::B, B())
        .bind(DmaLd<T>::to_spm, dma2sp())
        .bind(DmaLd<T>::to_vru, dma2vr());
  }
  if (variant == Variant::writeback) {
    Handle c_st = arch.channel<Control>("c_st", one(), "QD", "dma_st's header and instructions, through spm");
    Handle sp2st = arch.channel<Operand<T>>("sp2st", one(), "DATA_QD", "written-back rows on to dma_st");
    place<broken::WritebackSpm<T>>(arch, "spm", one())
        .bind(broken::WritebackSpm<T>::ctrl, c_spm())
        .bind(broken::WritebackSpm<T>::wb_ctrl, c_dst())
        .bind(broken::WritebackSpm<T>::from_dma, dma2sp())
        .bind(broken::WritebackSpm<T>::from_accu, ac2st())
        .bind(broken::WritebackSpm<T>::to_vru, sp2vr())
        .bind(broken::WritebackSpm<T>::weights, wcol(0))
        .bind(broken::WritebackSpm<T>::st_ctrl, c_st())
        .bind(broken::WritebackSpm<T>::to_st, sp2st())
        .bind(broken::WritebackSpm<T>::spad, spad());
    place<DmaSt<T>>(arch, "dma_st", one())
        .bind(DmaSt<T>::ctrl, c_st())
        .bind(DmaSt<T>::from_accu, sp2st())
        .bind(DmaSt<T>::C, C());
  } else {
    place<Spm<T>>(arch, "spm", one())
        .bind(Spm<T>::ctrl, c_spm())
        .bind(Spm<T>::from_dma, dma2sp())
        .bind(Spm<T>::to_vru, sp2vr())
        .bind(Spm<T>::weights, wcol(0))
        .bind(Spm<T>::spad, spad());
  }
  place<Vru<T>>(arch, "vru", one())
      .bind(Vru<T>::ctrl, c_vru())
      .bind(Vru<T>::from_dma, dma2vr())
      .bind(Vru<T>::from_spm, sp2vr())
      .bind(Vru<T>::act, acol(0))
      .bind(Vru<T>::vr, vr());

  const int64_t last = static_cast<int64_t>(T) - 1;
  place<Wld<T>>(arch, "wld", grid("T", "T"))
      .bind(Wld<T>::w_in, [=](const Index& i) -> Binding { return i[1] == 0 ? wcol(i[0]) : wrow(i[0], i[1] - 1); })
      .bind(Wld<T>::w_down, [=](const Index& i) -> Binding {
        if (i[1] != 0 || i[0] == last) return unbound;
        return wcol(i[0] + 1);
      })
      .bind(Wld<T>::w_east, [=](const Index& i) -> Binding {
        if (i[1] == last) return unbound;
        return wrow(i[0], i[1]);
      })
      .bind(Wld<T>::wq, [=](const Index& i) -> Binding { return wq(i[0], i[1]); });

  place<PE>(arch, "pe", grid("T", "T"))
      .bind(PE::wq, [=](const Index& i) -> Binding { return wq(i[0], i[1]); })
      .bind(PE::a_col, [=](const Index& i) -> Binding {
        if (i[1] != 0) return unbound;
        return acol(i[0]);
      })
      .bind(PE::a_down, [=](const Index& i) -> Binding {
        if (i[1] != 0 || i[0] == last) return unbound;
        return acol(i[0] + 1);
      })
      .bind(PE::a_in, [=](const Index& i) -> Binding {
        if (i[1] == 0) return unbound;
        return a_fwd(i[0], i[1] - 1);
      })
      .bind(PE::a_out, [=](const Index& i) -> Binding {
        if (i[1] == last) return unbound;
        return a_fwd(i[0], i[1]);
      })
      .bind(PE::p_in, [=](const Index& i) -> Binding {
        if (i[0] == 0) return unbound;
        return p_fwd(i[0] - 1, i[1]);
      })
      .bind(PE::p_out, [=](const Index& i) -> Binding {
        if (i[0] == last) return unbound;
        return p_fwd(i[0], i[1]);
      })
      .bind(PE::c_in, [=](const Index& i) -> Binding {
        if (i[0] != last || i[1] == 0) return unbound;
        return cw(i[1] - 1);
      })
      .bind(PE::c_out, [=](const Index& i) -> Binding {
        if (i[0] != last) return unbound;
        return cw(i[1]);
      });

  place<Accu<T>>(arch, "accu", one())
      .bind(Accu<T>::ctrl, c_acc())
      .bind(Accu<T>::from_array, cw(last))
      .bind(Accu<T>::to_st, ac2st())
      .bind(Accu<T>::ar, ar());
  if (variant != Variant::two_way_dma && variant != Variant::writeback)
    place<DmaSt<T>>(arch, "dma_st", one())
        .bind(DmaSt<T>::ctrl, c_dst())
        .bind(DmaSt<T>::from_accu, ac2st())
        .bind(DmaSt<T>::C, C());
  return arch;
}

// DRAM as the region holds it: packed words of T lanes.
template <unsigned T>
Buffer pack(const std::vector<int64_t>& matrix) {
  std::vector<Operand<T>> words(matrix.size() / T);
  for (size_t w = 0; w < words.size(); ++w)
    for (unsigned l = 0; l < T; ++l) words[w].set_lane(l, matrix[w * T + l]);
  return Buffer::of(words);
}

template <unsigned T>
std::vector<int64_t> unpack(const Buffer& b) {
  std::vector<int64_t> out;
  for (const Operand<T>& w : b.as<Operand<T>>())
    for (unsigned l = 0; l < T; ++l) out.push_back(w.lane_signed(l));
  return out;
}

template <unsigned T>
Result<Workload> workload_for(const Region& region, const Assembled& program, const IsaState& initial,
                              IsaState* reference) {
  const int64_t imem_words = region.params["IMEM_WORDS"];
  if (Status fits = check_fits(static_cast<int64_t>(program.encoded.words.size()), build_of(region.params)); !fits.ok())
    return fits;
  std::vector<Control> imem(static_cast<size_t>(imem_words));  // the rest is halt
  for (size_t h = 0; h < program.headers.size(); ++h) imem[h] = control(program.headers[h]);
  for (size_t w = 0; w < program.encoded.words.size(); ++w)
    imem[design::kHeaderWords + w] = control(program.encoded.words[w]);

  IsaState expected = initial;
  Status ran = run_reference(program.encoded, expected);
  if (!ran.ok()) return ran;
  if (reference != nullptr) *reference = expected;
  Workload work;
  work.description = std::to_string(program.walk.instructions) + " dynamic instructions at T=" + std::to_string(T) +
                     ", MAXDIM=" + std::to_string(initial.p.MAXDIM);
  work.inputs = {{"imem", Buffer::of(imem)}, {"A", pack<T>(initial.A)}, {"B", pack<T>(initial.B)},
                 {"C", pack<T>(initial.C)}};
  const int64_t maxdim = initial.p.MAXDIM;
  work.expected = {{"C", pack<T>(expected.C)}};
  work.check = [expected = std::move(expected.C), maxdim](const ArgumentContents& final) {
    const std::vector<int64_t> c = unpack<T>(final.at("C"));
    Status status;
    int64_t differences = 0;
    for (size_t e = 0; e < expected.size(); ++e) {
      if (c[e] == expected[e]) continue;
      if (differences++ < 10)
        status.add("mismatch", "C[" + std::to_string(static_cast<int64_t>(e) / maxdim) + "][" +
                                   std::to_string(static_cast<int64_t>(e) % maxdim) + "]",
                   "simulated " + std::to_string(c[e]) + ", reference " + std::to_string(expected[e]));
    }
    if (differences > 10) status.add("mismatch", "C", std::to_string(differences - 10) + " more differences");
    return status;
  };
  return work;
}

}  // namespace

Result<Architecture> architecture(const Overrides& overrides, Variant variant) {
  return BuiltLanes::with(overrides, "T", kDefaultLanes, [variant](auto lanes) {
    constexpr unsigned T = decltype(lanes)::value;
    return variant == Variant::psum_int16 ? compose_units<T, Pe<T, 16>>(variant) : compose_units<T, Pe<T>>(variant);
  });
}

isa::Params isa_params(const Region& region) { return build_of(region.params); }

Result<Workload> program_workload(const Region& region, const Assembled& program, const IsaState& initial,
                                  IsaState* reference) {
  const isa::Params p = isa_params(region);
  // The program was validated for one build, and the state sized for one: both must be the region's.
  for (const auto& [what, q] : {std::pair<const char*, const isa::Params*>{"program was assembled", &program.params},
                                std::pair<const char*, const isa::Params*>{"initial state was sized", &initial.p}})
    if (q->T != p.T || q->MAXDIM != p.MAXDIM || q->AR_RAW_DIST != p.AR_RAW_DIST)
      return Error{"build-mismatch", "program",
                   std::string("the ") + what + " for T=" + std::to_string(q->T) + ", MAXDIM=" + std::to_string(q->MAXDIM) +
                       ", AR_RAW_DIST=" + std::to_string(q->AR_RAW_DIST) + ", but the region is T=" + std::to_string(p.T) +
                       ", MAXDIM=" + std::to_string(p.MAXDIM) + ", AR_RAW_DIST=" + std::to_string(p.AR_RAW_DIST)};
  return BuiltLanes::dispatch(p.T, [&](auto lanes) { return workload_for<decltype(lanes)::value>(region, program, initial, reference); });
}

Result<Workload> default_workload(const Region& region, uint64_t seed) {
  const isa::Params p = isa_params(region);
  auto program = gemm_program(p.MAXDIM, p.MAXDIM, p.MAXDIM, true, Form::looped, p);
  if (!program.ok()) return program.status();
  auto assembled = assemble(program.value(), p);
  if (!assembled.ok()) return assembled.status();
  const IsaState initial = random_state(p, seed);
  auto work = program_workload(region, assembled.value(), initial);
  if (work.ok())
    work.value().description = "GEMM " + std::to_string(p.MAXDIM) + "^3 with ReLU, full-range int8, seed " +
                               std::to_string(seed) + ": " + work.value().description;
  return work;
}

}  // namespace loom::tinytpu
