#include "machines/tinytpu/build.h"
#include "machines/tinytpu/conformance.h"

#include <functional>

#include "machines/tinytpu/action_model.h"
#include "machines/tinytpu/assembler.h"
#include "units/library/tinytpu/design.h"
#include "machines/tinytpu/isa_dsl.h"
#include "machines/tinytpu/parameters.h"
#include "spec/derived_properties.h"

namespace loom::tinytpu {
namespace {

using Build = std::map<std::string, int64_t>;

// The parameters of `build` (not its derived values), as the design's set takes them.
Overrides overrides_of(const Build& build) {
  Overrides o;
  for (const ParameterSet::Parameter& p : parameters().parameters())
    if (auto it = build.find(p.name); it != build.end()) o.emplace_back(p.name, it->second);
  return o;
}

// What the assembler makes of a program: ok, or the kinds of its errors.
std::string verdict(const Program& program, const isa::Params& p) {
  auto a = assemble(program, p);
  if (a.ok()) return "accepted";
  std::string kinds;
  for (const Error& e : a.errors())
    if (kinds.find(e.kind) == std::string::npos) kinds += (kinds.empty() ? "" : ", ") + e.kind;
  return "refused (" + kinds + ")";
}

// A valid host program whose operand `name` of `op` is driven by a loop of
// `trips` at base 0, stride 1. One probe per restricted operand of TinyTPU.
std::optional<Program> frontier_probe(const std::string& op, const std::string& name, int64_t trips,
                                      const isa::Params& p) {
  const int64_t T = p.T;
  Program prog;
  if (op == "mm" && name == "acc") {
    prog.add(isa::dma_ld(T, 1, 0, 0, p.MAXDIM / T)).add(isa::dma_ld(T, 2, 0, 0, p.MAXDIM / T));
    prog.loop(trips).add(isa::mm(T, 0, 0, 0, 0), {{"acc", 0, 1}}).end();
  } else if (op == "dma_ld" && name == "route") {
    prog.loop(trips).add(isa::dma_ld(1, 0, 0, 0, 1), {{"route", 0, 1}}).end();
  } else {
    return std::nullopt;
  }
  prog.halt();
  return prog;
}

void check_frontiers(const spec::IsaSpec& spec, Status& status) {
  const isa::Params p = isa::kDefaults;
  for (const spec::Opcode& op : spec.opcodes)
    for (const spec::Operand& o : op.operands) {
      if (o.legal.empty()) continue;
      const std::string where = "derived property '" + op.name + "." + o.name + " legal-trip frontier'";
      const std::optional<int64_t> expected = spec::legal_trip_frontier(o, 0, 1);
      const int64_t limit = expected ? *expected + 1 : 64;
      int64_t accepted = 0;
      for (int64_t trips = 1; trips <= limit; ++trips) {
        auto probe = frontier_probe(op.name, o.name, trips, p);
        if (!probe) {
          status.add("no-probe", where, "conformance.cc has no probe program for this operand");
          break;
        }
        if (verdict(*probe, p) != "accepted") break;
        accepted = trips;
      }
      const int64_t spec_says = expected ? *expected : limit;
      if (accepted != spec_says)
        status.add("disagrees", where,
                   "the spec derives legal for " + std::to_string(spec_says) + " iterations of a stride-1 loop, the assembler accepts " +
                       std::to_string(accepted));
    }
}

void check_agu_budget(const spec::IsaSpec& spec, Status& status) {
  const isa::Params p = isa::kDefaults;
  const auto program = [&](int terms) {
    Program prog;
    prog.add(isa::dma_ld(p.T, 1, 0, 0, 1)).add(isa::dma_ld(p.T, 2, 0, 0, 1)).loop(1);
    Statement mm{isa::mm(p.T, 0, 0, 0, 0), {}, 0, 0};
    const char* operands[] = {"wgt", "act", "dst", "acc"};
    for (int t = 0; t < terms; ++t) mm.terms.push_back({operands[t % 4], 0, 0});
    prog.raw(mm).end().halt();
    return prog;
  };
  const std::string at = verdict(program(spec.agu_terms), p), past = verdict(program(spec.agu_terms + 1), p);
  if (at != "accepted" || past.find("agu-budget") == std::string::npos)
    status.add("disagrees", "derived property 'AGU budget'",
               "the spec allows " + std::to_string(spec.agu_terms) + " address terms; the assembler, given " +
                   std::to_string(spec.agu_terms) + ", " + at + ", and given " + std::to_string(spec.agu_terms + 1) + ", " + past);
}

bool design_builds(int64_t T, int64_t maxdim) { return parameters().resolve({{"T", T}, {"MAXDIM", maxdim}}).ok(); }

void check_ceilings(const spec::IsaSpec& spec, Status& status) {
  for (int64_t T : {4, 8}) {
    const std::string at_t = " at T=" + std::to_string(T);
    for (const spec::Predicate& c : spec.constraints) {
      if (!c.ceiling_of) continue;
      const std::string where = "derived property '" + c.name + " ceiling of " + *c.ceiling_of + "'" + at_t;
      if (*c.ceiling_of != "MAXDIM" || (c.step && *c.step != "T")) {
        status.add("no-probe", where, "conformance.cc probes ceilings of MAXDIM over multiples of T only");
        continue;
      }
      const auto ceiling = spec::ceiling(spec, c, {{"T", T}});
      if (!ceiling) {
        status.add("disagrees", where, "the spec admits no MAXDIM at all");
        continue;
      }
      // The build's ceiling: the parameter set admits it and refuses one step of T past it.
      const bool admits = design_builds(T, *ceiling), refuses_next = !design_builds(T, *ceiling + T);
      if (!admits || !refuses_next)
        status.add("disagrees", where,
                   "the spec derives " + std::to_string(*ceiling) + "; the design's parameter set " +
                       (admits ? "admits it" : "refuses it") + " and " +
                       (refuses_next ? "refuses " : "admits ") + std::to_string(*ceiling + T));
    }
    for (const spec::Predicate& c : spec.program_limits) {
      if (!c.ceiling_of) continue;
      const std::string where = "derived property '" + c.name + " ceiling of " + *c.ceiling_of + "'" + at_t;
      if (c.name != "cubic_header") {
        status.add("no-probe", where, "conformance.cc has no probe program for this limit");
        continue;
      }
      const auto ceiling = spec::ceiling(spec, c, {{"T", T}});
      if (!ceiling) {
        status.add("disagrees", where, "the spec admits no MAXDIM at all");
        continue;
      }
      // The program's ceiling: a cubic GEMM with ReLU (the most accu rows) at it
      // assembles; one step past it (where the build still exists) the assembler
      // refuses it by its header.
      const auto gemm = [&](int64_t d) {
        const isa::Params p = build_at(T, d);
        return verdict(gemm_program(d, d, d, true, Form::looped, p).value(), p);
      };
      const std::string at = gemm(*ceiling);
      std::string past = "not probed: MAXDIM=" + std::to_string(*ceiling + T) + " is no build";
      if (design_builds(T, *ceiling + T)) past = gemm(*ceiling + T);
      if (at != "accepted" || (design_builds(T, *ceiling + T) && past.find("header-overflow") == std::string::npos))
        status.add("disagrees", where,
                   "the spec derives " + std::to_string(*ceiling) + "; the assembler, given the cubic GEMM at MAXDIM=" +
                       std::to_string(*ceiling) + ", " + at + ", and at MAXDIM=" + std::to_string(*ceiling + T) + ", " + past);
    }
  }
}

// The behavioural model, held to the structure and to the headers: the rule
// accepts it, every port projects onto the composed region, and for GEMMs and
// random programs each unit's modelled work is what its header promises.
void check_actions(const spec::IsaSpec& spec, Status& status) {
  for (const auto& [T, MAXDIM] : {std::pair<int64_t, int64_t>{4, 16}, {8, 64}}) {
    const isa::Params p = build_at(T, MAXDIM);
    const std::string at = " at T=" + std::to_string(T) + ", MAXDIM=" + std::to_string(MAXDIM);
    auto model = action_model(spec, p);
    if (!model.ok()) {
      for (const Error& e : model.errors()) status.add(e.kind, e.where + at, e.message);
      return;
    }
    // The datapath is integer lanes (Int and UInt at their declared widths), so
    // every sum it reassociates is exact: a spec that says otherwise leaves
    // the mm's reassociation open for no reason, or hides a float datapath.
    if (model.value().machine.numerics != actions::Numerics::exact)
      status.add("disagrees", "/machine/numerics" + at,
                 "the spec says 'rounding', but the design's lanes are integers, so its sums are exact");
    auto projected = project(spec, model.value().machine, p);
    if (!projected.ok())
      for (const Error& e : projected.errors()) status.add(e.kind, e.where + at, e.message);
    std::vector<std::pair<std::string, Program>> programs;
    for (int64_t d = T; d <= std::min<int64_t>(MAXDIM, 4 * T); d += T)
      if (auto g = gemm_program(d, d, d, true, Form::looped, p); g.ok())
        programs.emplace_back("gemm " + std::to_string(d) + "^3", std::move(g).value());
    if (auto v = vector_program(std::max<int64_t>(p.AR_RAW_DIST, 4), p); v.ok()) programs.emplace_back("vector_program", v.value());
    for (uint64_t seed = 0; seed < 4; ++seed) programs.emplace_back("random_program(" + std::to_string(seed) + ")", random_program(seed, p));
    for (const auto& [name, program] : programs) {
      auto assembled = assemble(program, p);
      if (!assembled.ok()) continue;  // the suite's own tests name these
      const Status counts = check_work_counts(model.value().machine, assembled.value());
      for (const Error& e : counts.errors()) status.add(e.kind, e.where + " on " + name + at, e.message);
      // What the model says each instruction does, executed, against the
      // reference: no unit body runs (docs/actions.md, "The executor").
      const IsaState initial = random_state(p, 7);
      IsaState after = initial;
      if (!run_reference(assembled.value().encoded, after).ok()) continue;  // the suite's own tests name these
      const Status executed = conform_program(model.value().machine, assembled.value(), initial, after, {});
      for (const Error& e : executed.errors()) status.add(e.kind, e.where + " on " + name + at, e.message);
    }
  }
}

}  // namespace

Result<spec::Constants> design_constants(const Build& build) {
  namespace d = design;
  auto values = parameters().resolve(overrides_of(build));
  if (!values.ok()) return values.status();
  const ParamValues& v = values.value();
  spec::Constants c;
  const auto n = [](int64_t x) { return std::to_string(x); };
  const auto bits = [&](const std::string& key, d::Bits b) {
    c[key + ".lo"] = n(b.lo);
    c[key + ".bits"] = n(b.bits);
  };
  c["word_bits"] = n(64);
  c["field_limit"] = n(d::kFieldLimit);
  for (int f = 0; f < 4; ++f) bits("field.f" + n(f), d::kOperand[f]);
  bits("field.nr", d::kRows);
  bits("field.opcode", d::kOpcode);
  const std::pair<const char*, int> ops[] = {{"halt", d::kHalt},   {"loop", d::kLoop},         {"endloop", d::kEndloop},
                                             {"agu", d::kAgu},     {"dma_ld", d::kDmaLd},      {"vld", d::kVld},
                                             {"mm", d::kMm},       {"vadd", d::kVadd},         {"vrelu", d::kVrelu},
                                             {"vaddrelu", d::kVaddrelu}, {"mvout", d::kMvout}, {"dma_st", d::kDmaSt}};
  for (const auto& [name, code] : ops) c["opcode." + std::string(name)] = n(code);
  c["operand.loop.trips.min"] = n(d::kMinTrips);
  c["operand.endloop.trips.min"] = n(d::kMinTrips);
  c["operand.dma_ld.route.legal"] =
      n(d::kASpad) + "," + n(d::kBSpad) + "," + n(d::kAVr) + "," + n(d::kBVr);
  c["operand.mm.acc.legal"] = n(d::kMmAccLegal[0]) + "," + n(d::kMmAccLegal[1]);
  c["agu.terms"] = n(d::kAguTerms);
  c["agu.term_bits"] = n(d::kAguTermBits);
  bits("agu.valid", d::kAguValid);
  bits("agu.field", d::kAguField);
  bits("agu.level", d::kAguLevel);
  bits("agu.stride", d::kAguStride);
  c["loops.depth"] = n(d::kLoopDepth);
  for (const char* unit : {"dma_ld", "spm", "vru", "accu", "dma_st"}) bits("header." + std::string(unit), d::kTripCount);
  // IMEM's layout: the sequencer reads header slot k as that unit's count,
  // and the program from kHeaderWords on.
  c["headers.count"] = n(d::kHeaderWords);
  const std::pair<const char*, int> slots[] = {{"dma_ld", d::kHeaderDmaLd}, {"spm", d::kHeaderSpm}, {"vru", d::kHeaderVru},
                                               {"accu", d::kHeaderAccu},   {"dma_st", d::kHeaderDmaSt}};
  for (const auto& [unit, slot] : slots) c["header." + std::string(unit) + ".slot"] = n(slot);
  const auto per_row = [&](int64_t x) { return n(x) + " per row"; };
  c["header.dma_ld.dma_ld"] = per_row(1);
  c["header.spm.dma_ld.f0=" + n(d::kASpad) + "," + n(d::kBSpad)] = per_row(1);
  c["header.spm.vld"] = per_row(1);
  c["header.spm.mm"] = n(d::spm_words_per_mm(v["T"])) + " per instruction";
  c["header.vru.dma_ld.f0=" + n(d::kAVr) + "," + n(d::kBVr)] = per_row(1);
  c["header.vru.vld"] = per_row(1);
  c["header.vru.mm"] = per_row(1);
  c["header.accu.mm"] = per_row(d::kAccuPerRowMm);
  c["header.accu.vadd"] = per_row(d::kAccuPerRowVadd);
  c["header.accu.vrelu"] = per_row(d::kAccuPerRowVrelu);
  c["header.accu.vaddrelu"] = per_row(d::kAccuPerRowVaddrelu);
  c["header.accu.mvout"] = per_row(d::kAccuPerRowMvout);
  c["header.dma_st.mvout"] = per_row(1);
  bits("chain.weight_chain", d::kWeightChainRows);
  c["chain.weight_chain.carries"] = "mm.nr";
  for (const ParameterSet::Parameter& p : parameters().parameters()) {
    c["parameter." + p.name + ".default"] = n(p.value);
    c["parameter." + p.name + ".min"] = n(p.min);
    c["parameter." + p.name + ".max"] = n(p.max);
  }
  for (const ParameterSet::Derived& x : parameters().derived()) c["derived." + x.name] = n(v[x.name]);
  c["distance_contract.ar_raw.unit"] = "accu";
  c["distance_contract.ar_raw.parameter"] = "AR_RAW_DIST";
  c["numerics.datapath.operand_bits"] = n(d::kOperandBits);
  c["numerics.datapath.acc_bits"] = n(d::kAccBits);
  c["numerics.datapath.clip_lo"] = n(d::kClipLo);
  c["numerics.datapath.clip_hi"] = n(d::kClipHi);
  c["numerics.datapath.scale"] = n(d::kScale);
  c["numerics.datapath.shift"] = n(d::kShift);
  return c;
}

Status check_design(const spec::IsaSpec& spec) {
  Status status;
  // The defaults, two other MAXDIMs, and a wider array: a default that moved on
  // one side shows in the first, a derivation that differs in the others.
  const Build builds[] = {{}, {{"MAXDIM", 8}}, {{"MAXDIM", 32}}, {{"T", 8}, {"MAXDIM", 64}}};
  for (const Build& overrides : builds) {
    std::string context;
    for (const auto& [k, v] : overrides) context += (context.empty() ? " at " : ", ") + k + "=" + std::to_string(v);
    if (context.empty()) context = " at the defaults";
    auto resolved = spec.resolve(overrides);
    if (!resolved.ok()) {
      for (const Error& e : resolved.errors()) status.add("disagrees", e.where + context, "the spec refuses this build: " + e.message);
      continue;
    }
    auto design = design_constants(resolved.value());
    if (!design.ok()) {
      for (const Error& e : design.errors()) status.add("disagrees", e.where + context, "the design refuses this build: " + e.message);
      continue;
    }
    status.merge(spec::compare_constants(spec::constants(spec, resolved.value()), design.value(), "the design", context));
    // One build's worth of constant mismatches says it; the other builds repeat it.
    if (!status.ok()) break;
  }
  // The contract must cover the accumulator's write latency, or a program the
  // assembler accepts reads a stale row.
  const spec::DistanceContract* ar_raw = spec.distance_contract("ar_raw");
  if (const spec::Parameter* dist = ar_raw ? spec.parameter(ar_raw->parameter) : nullptr;
      dist && dist->value < design::kArWriteLatency)
    status.add("disagrees", "derived property 'accumulator distance contract'",
               "the spec's default " + ar_raw->parameter + " is " + std::to_string(dist->value) +
                   ", shorter than accu's write latency of " + std::to_string(design::kArWriteLatency) + " iterations");
  check_frontiers(spec, status);
  check_agu_budget(spec, status);
  check_ceilings(spec, status);
  check_actions(spec, status);
  return status;
}

}  // namespace loom::tinytpu
