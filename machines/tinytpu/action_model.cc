#include "machines/tinytpu/action_model.h"

#include <algorithm>
#include <cstdio>

#include "actions/book.h"
#include "actions/queries.h"
#include "actions/rule.h"
#include "compose/action_view.h"
#include "compose/sim/control_timing.h"
#include "compose/sim/fifo_timing.h"
#include "machines/conform.h"
#include "machines/tinytpu/build.h"
#include "machines/tinytpu/isa_dsl.h"
#include "machines/tinytpu/tinytpu.h"
#include "spec/action_machine.h"
#include "units/library/tinytpu/design.h"

namespace loom::tinytpu {
Result<ActionModel> action_model(const spec::IsaSpec& spec, const isa::Params& build) {
  auto machine = spec::action_machine(spec, values_of(build));
  if (!machine.ok()) return machine.status();
  // The machine table is read whole: a broken unmodelled table fails every
  // verb that uses the model (cost too), not only the projection.
  if (auto listed = spec::unmodelled(spec); !listed.ok()) return listed.status();
  auto obligations = actions::check(machine.value());
  if (!obligations.ok()) return obligations.status();
  return ActionModel{std::move(machine).value(), std::move(obligations).value()};
}

Result<actions::Structure> composed_structure(const isa::Params& build) {
  const Overrides overrides = {{"T", build.T}, {"MAXDIM", build.MAXDIM}, {"AR_RAW_DIST", build.AR_RAW_DIST}};
  auto arch = architecture(overrides);
  if (!arch.ok()) return arch.status();
  auto region = arch.value().compose(overrides);
  if (!region.ok()) return region.status();
  return actions::structure(RegionView(region.value()));
}

Result<actions::Projection> project(const spec::IsaSpec& spec, const actions::Machine& machine, const isa::Params& build) {
  auto st = composed_structure(build);
  if (!st.ok()) return st.status();
  auto listed = spec::unmodelled(spec);
  if (!listed.ok()) return listed.status();
  return actions::projection(st.value(), machine, listed.value());
}

std::map<std::string, int64_t> operand_values(const isa::Instruction& ins) {
  std::map<std::string, int64_t> values;
  const isa::OpcodeInfo& info = isa::info(ins.op);
  for (size_t f = 0; f < isa::kOperandFields; ++f)
    if (!info.operands[f].empty()) values[std::string(info.operands[f])] = ins.f[f];
  return values;
}

std::map<std::string, int64_t> work_counts(const actions::Machine& machine, const Assembled& program) {
  std::map<std::string, int64_t> work;
  for (const isa::Instruction& ins : dynamic_stream(program.encoded)) {
    const actions::Instruction* model = machine.instruction(isa::info(ins.op).name);
    if (model == nullptr) continue;
    const auto values = operand_values(ins);
    for (const actions::Unit& u : machine.units) work[u.name] += actions::work(machine, *model, u.name, ins.nr, values);
  }
  return work;
}

Status check_work_counts(const actions::Machine& machine, const Assembled& program) {
  Status status;
  const auto work = work_counts(machine, program);
  for (size_t h = 0; h < isa::kHeaderCount; ++h) {
    const std::string unit(isa::kHeaderUnits[h]);
    auto it = work.find(unit);
    const int64_t modelled = it == work.end() ? 0 : it->second;
    if (modelled != program.walk.counts[h])
      status.add("work-count", "unit '" + unit + "'",
                 "the action model counts " + std::to_string(modelled) + " steps, the header promises " +
                     std::to_string(program.walk.counts[h]));
  }
  return status;
}

namespace {
// The reference's memories and matrices by the names the machine's states carry.
std::vector<std::pair<const char*, const std::vector<int64_t>*>> memories(const IsaState& s) {
  return {{"spad", &s.spad}, {"vr", &s.vr}, {"ar", &s.ar}, {"A", &s.A}, {"B", &s.B}, {"C", &s.C}};
}
}  // namespace

Result<actions::ExecState> execute_program(const actions::Machine& machine, const Assembled& program,
                                           const IsaState& initial) {
  actions::ExecState state;
  for (const auto& [name, lanes] : memories(initial)) {
    const actions::State* st = machine.state(name);
    if (st == nullptr || static_cast<int64_t>(lanes->size()) != st->rows * st->lanes)
      return Error{"exec-state", std::string("state '") + name + "'",
                   "the machine " + std::string(st == nullptr ? "does not declare it" : "declares " + std::to_string(st->rows) +
                                                                    " rows of " + std::to_string(st->lanes) + " lanes") +
                       "; the reference holds " + std::to_string(lanes->size()) + " lanes"};
    state.states[name] = *lanes;
  }
  state.fill(machine);
  const std::vector<isa::Instruction> stream = dynamic_stream(program.encoded);
  for (size_t k = 0; k < stream.size(); ++k) {
    const std::string name(isa::info(stream[k].op).name);
    actions::Invocation inv{machine.instruction(name), operand_values(stream[k]), stream[k].nr,
                            "instruction " + std::to_string(k) + " (" + name + ")"};
    if (inv.instruction == nullptr)
      return Error{"exec-no-semantics", inv.where, "the action model has no instruction '" + name + "'"};
    if (Status s = actions::execute(machine, inv, state); !s.ok()) return s;
  }
  return state;
}

Status conform_program(const actions::Machine& machine, const Assembled& program, const IsaState& initial,
                       const IsaState& reference, const std::vector<int64_t>& simulated_C, actions::ExecState* out) {
  auto executed = execute_program(machine, program, initial);
  if (!executed.ok()) return executed.status();
  if (out != nullptr) *out = executed.value();
  Status status = compare_three({"C", program.params.T, reference.C, executed.value().states.at("C"), simulated_C},
                                executed.value());
  // The on-chip memories the bodies keep to themselves: reference against executor.
  for (const auto& [name, lanes] : memories(reference))
    if (std::string(name) != "A" && std::string(name) != "B" && std::string(name) != "C")
      status.merge(compare_three({name, program.params.T, *lanes, executed.value().states.at(name), {}}, executed.value()));
  return status;
}

// The beats the sequencer prefetches into its window before it dispatches
// anything: the header and the program up to the first halt, 8 words a beat,
// in whole bursts of design::kFetchBurst beats, within imem
// (units/library/tinytpu/sequencer.h). The prefetch loop runs at II=1, a beat
// a cycle.
int64_t prefetched_beats(const Assembled& program) {
  const std::vector<uint64_t>& words = program.encoded.words;
  size_t through = words.size();  // the program's words up to and including the first halt
  for (size_t w = 0; w < words.size(); ++w)
    if (design::decode(words[w]).op == design::kHalt) {
      through = w + 1;
      break;
    }
  const int64_t needed = design::kHeaderWords + static_cast<int64_t>(through);
  const int64_t beats = (needed + design::kFetchLanes - 1) / design::kFetchLanes;
  const int64_t bursts = (beats + design::kFetchBurst - 1) / design::kFetchBurst;
  return std::min(bursts * design::kFetchBurst, program.params.IMEM_WORDS / design::kFetchLanes);
}

// For each dynamic data instruction, the sequencer's trips on control words
// (loop, endloop, agu) since the data instruction before it: its instruction
// loop walks every word a trip (units/library/tinytpu/sequencer.h), so a
// short loop body costs its endloop and its terms each time round.
std::vector<int64_t> control_trips(const Encoded& encoded) {
  struct Open {
    size_t body;
    int64_t iv;
  };
  std::vector<Open> open;
  std::vector<int64_t> trips;
  int64_t since = 0;
  for (size_t pc = 0; pc < encoded.words.size();) {
    const design::Decoded ins = design::decode(encoded.words[pc]);
    switch (ins.op) {
      case design::kHalt: return trips;
      case design::kLoop:
        open.push_back({pc + 1, 0});
        ++since;
        ++pc;
        continue;
      case design::kEndloop:
        ++since;
        if (open.empty()) return trips;  // refused by the assembler
        if (++open.back().iv < ins.f[0]) pc = open.back().body;
        else open.pop_back(), ++pc;
        continue;
      case design::kAgu:
        ++since;
        ++pc;
        continue;
      default:
        trips.push_back(since);
        since = 0;
        ++pc;
    }
  }
  return trips;
}

// The cycles one pipelined loop of `trips` trips takes from its start to its
// exit, its first trip waiting `read_latency` for DRAM (control_timing.h).
int64_t loop_cycles(int64_t trips, int64_t read_latency, int64_t depth) {
  return kLoopEntry + read_latency + trips - 1 + depth + kLoopExit;
}

Cost cost(const ActionModel& model, const Assembled& program, const actions::Structure& structure) {
  const actions::Machine& m = model.machine;
  Cost c;
  char line[512];
  c.table += "per instruction (steps a unit spends; span/initiation of a row, or of the instruction where marked *):\n";
  std::snprintf(line, sizeof line, "  %-4s %-9s %5s  %s\n", "#", "opcode", "rows", "unit: steps (span/initiation)");
  c.table += line;
  std::map<std::string, int64_t> latency;
  // A row crosses a unit as its channels time it (DerivedUnit::crossing),
  // through `hops` instances (a grid's rows + cols - 1).
  std::map<std::string, int64_t> hops;
  for (const actions::Unit& u : m.units) {
    latency[u.name] = actions::crossing(structure, u);
    hops[u.name] = 1;
    for (const std::string& k : u.kernels)
      if (const actions::DerivedUnit* d = structure.unit(k)) hops[u.name] = std::max(hops[u.name], d->rows + d->cols - 1);
  }
  std::map<std::string, int64_t> work, free_at;
  std::map<std::string, std::map<std::string, int64_t>> port_work;  // unit -> port -> cycles busy
  int64_t end = 0;
  const std::vector<isa::Instruction> stream = dynamic_stream(program.encoded);
  // Nothing issues before the program is in the sequencer's window: it
  // starts after the prefetch, a run of its loop a burst (the nest does not
  // flatten), each waiting for the read latency, draining and left; then the
  // instruction loop is entered.
  const actions::DerivedUnit* sequencer = structure.unit("sequencer");
  const actions::DerivedPort* imem = sequencer != nullptr ? sequencer->port("imem.read") : nullptr;
  c.prologue = kProcessStart + kLoopEntry;
  for (int64_t left = prefetched_beats(program); left > 0; left -= design::kFetchBurst)
    c.prologue += loop_cycles(std::min<int64_t>(left, design::kFetchBurst), imem != nullptr ? imem->read_latency : 0,
                              sequencer != nullptr ? sequencer->depth : 1);
  if (!stream.empty())
    if (const actions::Instruction* first = m.instruction(isa::info(stream.front().op).name); first != nullptr)
      free_at[actions::units_reached(*first).front()] = c.prologue;
  std::map<std::string, std::vector<int64_t>> began;  // each unit's start of each of its instructions
  // Each data stream's words so far, and when its receiver read each. A
  // word enters it no sooner than the slot the word `depth` ahead of it frees,
  // kWriteAfterRead after that word's read (fifo_timing.h); a sender writes a
  // word its crossing less the stream's read-after-write after the trip that
  // sends it issues. So that trip issues no sooner than the read + `lead` -
  // the sender's crossing.
  struct Stream {
    int64_t depth = 0, lead = 0;
    int64_t written = 0;
    std::vector<int64_t> read;
    int64_t issue_after(int64_t word, int64_t crossing) const {
      return read[static_cast<size_t>(word)] + lead - crossing;
    }
  };
  std::map<std::string, Stream> streams;
  // dma_ld serves no row before A and B are landed on chip: one loop from its
  // start, a word of each a trip (units/library/tinytpu/dma_ld.h).
  const actions::DerivedUnit* dma_ld = structure.unit("dma_ld");
  const actions::DerivedPort* landed_from = dma_ld != nullptr ? dma_ld->port("A.read") : nullptr;
  if (dma_ld != nullptr && landed_from != nullptr) {
    c.landing = loop_cycles(program.params.DRAM_WORDS, landed_from->read_latency, dma_ld->depth);
    // Then its header read, an iteration of its own, and its row loop entered.
    free_at["dma_ld"] = kProcessStart + c.landing + 1 + kLoopEntry;
    // Its header waits in its queue from the prefetch until that read: a slot
    // of QD the sequencer cannot fill until then.
    began["dma_ld"].push_back(kProcessStart + c.landing);
  }
  // Whatever the program, the region is done no sooner than the prefetch and
  // the landing: a program of a halt alone still pays both.
  end = std::max(end, c.prologue);
  if (free_at.count("dma_ld")) end = std::max(end, free_at["dma_ld"] + kLoopExit);
  const std::vector<int64_t> walked = control_trips(program.encoded);
  for (size_t k = 0; k < stream.size(); ++k) {
    const isa::Instruction& ins = stream[k];
    const actions::Instruction* model_ins = m.instruction(isa::info(ins.op).name);
    if (model_ins == nullptr) continue;
    // The first unit reached (the sequencer) walks the control words before
    // it, and writes the instruction into each unit's queue of QD words no
    // sooner than the cycle after that unit took the instruction QD before.
    const std::vector<std::string> reaches = actions::units_reached(*model_ins);
    if (reaches.empty()) continue;  // an instruction no unit executes costs nothing
    const std::string& dispatcher = reaches.front();
    if (k < walked.size()) free_at[dispatcher] += walked[k];
    const actions::DerivedUnit* dispatching = structure.unit(dispatcher);
    for (const std::string& u : reaches) {
      const std::vector<int64_t>& took = began[u];
      if (u != dispatcher && static_cast<int64_t>(took.size()) >= program.params.QD)
        free_at[dispatcher] = std::max(free_at[dispatcher], took[took.size() - static_cast<size_t>(program.params.QD)] + 1 -
                                                                 ((dispatching != nullptr ? dispatching->depth : 1) - 1));
    }
    const auto values = operand_values(ins);
    std::string units;
    Cost::Row cost_row{std::string(isa::info(ins.op).name), ins.nr, {}};
    // A unit starts an instruction when it is free and a row has crossed each
    // unit that feeds it in this instruction: the first unit reached (the
    // sequencer) feeds every other, and a send on a channel feeds its receiver.
    std::map<std::string, int64_t> started;
    for (const std::string& u : reaches) {
      const int64_t steps = actions::work(m, *model_ins, u, ins.nr, values);
      if (steps == 0) continue;
      const actions::Booking row = actions::book(m, *model_ins, u, actions::Per::row, values);
      const actions::Booking once = actions::book(m, *model_ins, u, actions::Per::instruction, values);
      // ... and it finishes no sooner than its senders' last rows have crossed.
      int64_t input = 0, last_input = 0;
      if (u != dispatcher && started.count(dispatcher)) input = started[dispatcher] + latency[dispatcher];
      for (const actions::Action& a : model_ins->actions)
        if (a.unit == u && a.op == "receive")
          for (const actions::Action& s : model_ins->actions)
            if (s.op == "send" && s.via == a.via && started.count(s.unit)) {
              input = std::max(input, started[s.unit] + latency[s.unit]);
              last_input = std::max(last_input, free_at[s.unit] + latency[s.unit]);
            }
      // Every unit's instructions share one flat pipelined loop
      // (instruction_loop.h, and the PE's): no instruction pays a loop's entry
      // or exit; the program's end waits for the last row to drain and for its
      // writes to be answered. A dispatch domain over kernels (the array)
      // drains as its slowest instance does.
      int64_t read_wait = 0, response = 0;
      if (const actions::Unit* mu = m.unit(u)) {
        for (const actions::Action& a : model_ins->actions)
          if (a.unit == u) {
            const actions::OffChip dram = actions::off_chip(structure, *mu, a.port);
            read_wait = std::max(read_wait, dram.read_latency);
            response = std::max(response, dram.write_response);
          }
      }
      // The instruction holds the unit for as long as its busiest port: a
      // dispatch domain over kernels (the array) takes the weight chain's
      // words in its loaders while its PEs take the rows, so the two overlap.
      int64_t occupancy = 0;
      const auto cycles = actions::port_cycles(m, structure, *model_ins, u, ins.nr, values);  // at each channel's rate
      for (const auto& [port, n] : cycles) occupancy = std::max(occupancy, n);
      if (cycles.empty()) occupancy = steps;
      int64_t start = std::max(free_at[u], input);
      // Back-pressure from the words still queued: this instruction's first
      // word waits for the word `depth` ahead of it, in the stream's Stream.
      for (const actions::Action& a : model_ins->actions)
        if (a.unit == u && a.op == "send" && streams.count(a.via)) {
          const Stream& q = streams.at(a.via);
          const int64_t ahead = q.written - q.depth;
          if (ahead >= 0 && ahead < static_cast<int64_t>(q.read.size())) start = std::max(start, q.issue_after(ahead, latency[u]));
        }
      started[u] = start + read_wait;
      began[u].push_back(started[u]);
      free_at[u] = std::max(started[u] + occupancy, last_input);
      // The region ends when the last row has left its last unit, or, for a
      // unit that writes DRAM, when its last write (write_stage into the
      // last trip) is answered and the last trip drained (its depth gates
      // the loop's exit), and the loop left.
      const actions::DerivedUnit* du = structure.unit(u);
      if (response > 0) {
        const int64_t settled = du != nullptr ? std::max(du->write_stage + response, du->depth) : response;
        end = std::max(end, free_at[u] - 1 + settled + kLoopExit);
      } else {
        end = std::max(end, free_at[u] + latency[u]);
        // ... and its own last trip has drained through its depth, whatever
        // stage its writes left at: the loop is left only then.
        if (du != nullptr) end = std::max(end, free_at[u] - 1 + du->depth + kLoopExit);
      }
      // ... and its last word no sooner than the cycle after the word `depth`
      // before it was read, counting the earlier instructions' words still
      // queued (fifo_timing.h). A grid sending (the array) holds DATA_QD words
      // more at each instance along its crossing, less the slots its skewed
      // chains keep in flight; a grid receiving takes its
      // per-instruction words (the weight chain's) in its loaders, which run
      // ahead of its rows (the shadow register), so only its rows are held.
      for (const actions::Action& a : model_ins->actions)
        if (a.unit == u && a.op == "receive" && cycles.count(a.port) && !(a.per == actions::Per::instruction && hops[u] > 1))
          for (const actions::Action& s : model_ins->actions)
            if (s.op == "send" && s.via == a.via && s.unit != u && free_at.count(s.unit)) {
              const actions::DerivedUnit* receiver = structure.unit(u);
              const actions::DerivedPort* port = receiver != nullptr ? receiver->port(a.port) : nullptr;
              const int64_t rw = port != nullptr ? port->read_after_write : kShiftRegisterReadAfterWrite;
              // A grid's chains whose words wait for a partner hold that
              // many of each instance's slots in flight (DerivedUnit::skew).
              int64_t held = 0;
              if (const actions::Unit* su = m.unit(s.unit))
                for (const std::string& kn : su->kernels)
                  if (const actions::DerivedUnit* d = structure.unit(kn)) held = std::max(held, d->skew);
              const int64_t buffered = program.params.DATA_QD * hops[s.unit] - held * (hops[s.unit] - 1);
              Stream& q = streams.try_emplace(a.via, Stream{buffered, kWriteAfterRead + rw, 0, {}})
                              .first->second;
              const int64_t words = cycles.at(a.port);
              for (int64_t w = 0; w < words; ++w) q.read.push_back(started[u] + w);
              q.written += words;
              // Its last word's trip, and the sender is free the cycle after.
              const int64_t ahead = q.written - 1 - q.depth;
              if (ahead >= 0) free_at[s.unit] = std::max(free_at[s.unit], q.issue_after(ahead, latency[s.unit]) + 1);
            }
      work[u] += steps;
      for (const auto& [port, n] : cycles) port_work[u][port] += n;
      cost_row.units.push_back({u, steps, row.empty() ? once.span : row.span, row.empty() ? once.initiation : row.initiation,
                                row.empty()});
      units += " " + u + ": " + std::to_string(steps) + " (" +
               (row.empty() ? std::to_string(once.span) + "/" + std::to_string(once.initiation) + "*"
                            : std::to_string(row.span) + "/" + std::to_string(row.initiation)) +
               ")";
    }
    std::snprintf(line, sizeof line, "  %-4zu %-9s %5lld %s\n", k, std::string(isa::info(ins.op).name).c_str(),
                  static_cast<long long>(ins.nr), units.c_str());
    c.table += line;
    c.instructions.push_back(std::move(cost_row));
  }
  int64_t busiest = 0;
  for (const auto& [u, w] : work)
    if (w > busiest) {
      busiest = w;
      c.bottleneck = u;
    }
  int64_t most = -1;
  for (const auto& [port, cycles] : port_work[c.bottleneck])
    if (cycles > most) most = cycles, c.bottleneck_port = port;
  c.estimate = end + kRegionDone;
  c.table += "\nper program (steps each unit works; latency a row takes through it, from the composed pipelines):\n";
  for (const auto& [u, w] : work) {
    c.work[u] = {w, latency[u]};
    std::snprintf(line, sizeof line, "  %-10s %8lld steps %5lld latency%s\n", u.c_str(), static_cast<long long>(w),
                  static_cast<long long>(latency[u]), u == c.bottleneck ? "  <- bottleneck" : "");
    c.table += line;
  }
  c.table += "static estimate: " + std::to_string(c.estimate) + " cycles (the bottleneck, " + c.bottleneck + ", works " +
             std::to_string(busiest) + " steps, bound by its port " + c.bottleneck_port + "; the first " +
             std::to_string(c.prologue) +
             " start the region and prefetch the program into the sequencer's window, a burst at a time; dma_ld lands A "
             "and B on chip in its first " + std::to_string(c.landing) + ")\n";
  c.table += "\nobligations:\n";
  size_t discharged = 0;
  for (const actions::Obligation& o : model.obligations) {
    if (!o.open) {
      ++discharged;
      continue;
    }
    c.table += "  OPEN  " + o.where + ": " + o.claim + "\n        because " + o.reason + "; discharged by " + o.discharged_under + "\n";
  }
  c.table += "  and " + std::to_string(discharged) + " discharged under EXACT numerics (reassociations)\n";
  return c;
}

}  // namespace loom::tinytpu
