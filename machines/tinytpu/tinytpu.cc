#include "machines/tinytpu/tinytpu.h"

#include "machines/tinytpu/build.h"
#include "machines/tinytpu/composition.h"
#include "machines/tinytpu/isa_dsl.h"
#include "machines/tinytpu/parameters.h"

namespace loom::tinytpu {
namespace {

template <unsigned T>
Architecture compose_design() {
  namespace c = composition;
  Architecture arch("tinytpu", parameters_for(T));
  const c::Fabric f = c::declare<T>(arch);
  c::place_sequencer(arch, f);
  c::place_dma_ld<T>(arch, f);
  c::place_spm<T>(arch, f);
  c::place_vru<T>(arch, f);
  c::place_array<T, Pe<T>>(arch, f);
  c::place_accu<T>(arch, f);
  c::place_dma_st<T>(arch, f, f.c_dst, f.ac2st);
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
Result<Workload> workload_for(const Region& region, const Assembled& program, const IsaState& initial,
                              IsaState* reference) {
  const int64_t imem_words = region.params["IMEM_WORDS"];
  if (Status fits = check_fits(static_cast<int64_t>(program.encoded.words.size()), build_of(region.params)); !fits.ok())
    return fits;
  // check_fits counts the spec's headers, and the sequencer reads the
  // design's: gen-isa --check holds the two equal (headers.count).
  static_assert(design::kHeaderWords == isa::kHeaderCount, "IMEM's header words are the spec's");
  // imem's words 8 a beat, word w lane w % 8 of beat w / 8 (sequencer.h); the rest is halt.
  std::vector<FetchBeat> imem(static_cast<size_t>(imem_words / design::kFetchLanes));
  const auto put = [&](size_t w, uint64_t word) { imem.at(w / design::kFetchLanes).set_lane(w % design::kFetchLanes, word); };
  for (size_t h = 0; h < program.headers.size(); ++h) put(h, program.headers[h]);
  for (size_t w = 0; w < program.encoded.words.size(); ++w) put(design::kHeaderWords + w, program.encoded.words[w]);

  IsaState expected = initial;
  Status ran = run_reference(program.encoded, expected);
  if (!ran.ok()) return ran;
  if (reference != nullptr) *reference = expected;
  Workload work;
  work.description = std::to_string(program.walk.instructions) + " dynamic instructions at T=" + std::to_string(T) +
                     ", MAXDIM=" + std::to_string(initial.p.MAXDIM);
  work.inputs = {{"imem", Buffer::of(imem)}, {"A", pack<T>(initial.A)}, {"B", pack<T>(initial.B)},
                 {"C", pack<T>(initial.C)}};
  work.expected = {{"C", pack<T>(expected.C)}};
  // C's lanes are a matrix in the state's layout: a difference is named by its element.
  work.check = [expected = work.expected.at("C"), p = initial.p, layout = initial.layout](const ArgumentContents& final) {
    return compare_rows(matrix_shape("C", [p, layout](int64_t element) { return matrix_element(p, layout, element); }),
                        final.at("C").template as<Operand<T>>(), expected.template as<Operand<T>>());
  };
  return work;
}

}  // namespace

Result<Architecture> architecture(const Overrides& overrides) {
  return BuiltLanes::with(overrides, "T", kDefaultLanes,
                          [](auto lanes) { return compose_design<decltype(lanes)::value>(); });
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
