// What simulate() refuses before anything runs (check_run, simulator.h): the
// inputs against the region's arguments, the options' listeners and depths,
// the memory the FIFOs would take, and units placed without the simulator's
// entry point. Every refusal is a named error; all of them are collected.
#include <cstdint>
#include <string>

#include "compose/sim/body_entry.h"
#include "compose/sim/fifo_times.h"
#include "compose/sim/simulator.h"
#include "units/bits.h"

namespace loom {
namespace {

// Each input that names no argument (unknown-argument), or whose words or
// rows differ from its argument's (input-word, input-size); then each
// argument a process reads that no input gives (missing-input).
void check_inputs(const Region& region, const Inputs& inputs, Status& status) {
  for (const auto& [name, buffer] : inputs) {
    const ArgumentInstance* arg = nullptr;
    for (const ArgumentInstance& a : region.arguments)
      if (a.name == name) arg = &a;
    const std::string where = "input '" + name + "'";
    if (arg == nullptr) {
      status.add("unknown-argument", where, "names no argument of region '" + region.name + "'");
    } else if (!(buffer.word() == arg->word)) {
      status.add("input-word", where, "holds " + buffer.word().to_string() + " words, but the argument holds " +
                                          arg->word.to_string());
    } else if (buffer.rows() != arg->size) {
      status.add("input-size", where, "has " + std::to_string(buffer.rows()) + " rows, but the argument has " +
                                          std::to_string(arg->size));
    }
  }
  for (const ArgumentInstance& a : region.arguments) {
    if (inputs.count(a.name) || !a.user.valid()) continue;
    const PortInfo& port = region.port(a.user);
    if (port.access == Access::read)
      status.add("missing-input", "argument '" + a.name + "'", "is read by " + region.describe(a.user) + ", but no input gives it");
  }
}

// Each listener that is nullptr (null-listener) or listed before
// (duplicate-listener).
void check_listeners(const SimOptions& options, Status& status) {
  for (size_t l = 0; l < options.listeners.size(); ++l) {
    const std::string where = "SimOptions::listeners[" + std::to_string(l) + "]";
    if (options.listeners[l] == nullptr) status.add("null-listener", where, "is nullptr, not a listener");
    for (size_t earlier = 0; earlier < l; ++earlier)
      if (options.listeners[l] != nullptr && options.listeners[l] == options.listeners[earlier])
        status.add("duplicate-listener", where, "is listeners[" + std::to_string(earlier) + "] again: a view would be told every event twice");
  }
}

// Depths that are not one per channel (depths-size), or else each depth
// outside 1 to kMaxFifoDepth that is not kUnboundedDepth (invalid-depth).
void check_depths(const Region& region, const SimOptions& options, Status& status) {
  if (!options.depths.empty() && options.depths.size() != region.channels.size())
    status.add("depths-size", "SimOptions::depths",
               "has " + std::to_string(options.depths.size()) + " depths, but region '" + region.name + "' has " +
                   std::to_string(region.channels.size()) + " channels");
  else
    for (size_t c = 0; c < options.depths.size(); ++c)
      if (options.depths[c] < 1 || (options.depths[c] > kMaxFifoDepth && options.depths[c] != kUnboundedDepth))
        status.add("invalid-depth", "channel '" + region.channels[c].label() + "'",
                   "is given depth " + std::to_string(options.depths[c]) + "; a FIFO holds 1 to " +
                       std::to_string(kMaxFifoDepth) + " words (or is unbounded, kUnboundedDepth)");
}

// FIFOs whose rings would hold more than kMaxFifoBytes at the run's depths
// (fifo-memory). Requires the depths checked (check_depths). A ring holds a
// power of two of words at or above the depth: 16 bytes of times each, and
// its limbs; an unbounded FIFO grows as it fills, and is not counted.
void check_fifo_memory(const Region& region, const SimOptions& options, Status& status) {
  int64_t bytes = 0;
  for (size_t c = 0; c < region.channels.size(); ++c) {
    const int64_t depth = options.depths.empty() ? region.channels[c].depth : options.depths[c];
    if (depth == kUnboundedDepth) continue;
    const int64_t limbs = bits::limbs_for(static_cast<unsigned>(region.channels[c].word.bits()));
    bytes += static_cast<int64_t>(FifoTimes::ring_size(depth)) * (16 + 8 * limbs);
    if (bytes > kMaxFifoBytes) break;
  }
  if (bytes > kMaxFifoBytes)
    status.add("fifo-memory", "region '" + region.name + "'",
               "its FIFOs at these depths would hold more than " + std::to_string(kMaxFifoBytes >> 30) +
                   " GiB of words and their cycles; give the deep ones smaller depths");
}

}  // namespace

Status check_kahn(const Region& region, const std::string& what) {
  Status status;
  for (const Process& p : region.processes) {
    if (!p.unit->nonblocking()) continue;
    std::string ports;
    for (const PortInfo& port : p.unit->ports)
      if (port.nonblocking) ports += (ports.empty() ? "'" : ", '") + port.label() + "'";
    status.add("timing-dependent-design", "unit '" + p.name() + "'",
               "accesses " + ports + " without blocking (LOOM_NONBLOCKING), so what it computes depends on when each "
               "access happens; " + what + " traces a run once and times it after, which only a Kahn process allows: "
               "simulate it with the coupled engine");
  }
  return status;
}

Status check_run(const Region& region, const Inputs& inputs, const SimOptions& options) {
  Status status;
  check_inputs(region, inputs, status);
  check_listeners(options, status);
  check_depths(region, options, status);
  if (status.ok()) check_fifo_memory(region, options, status);
  // The trace engine times a trace whose words were published as they were
  // written; a stalled pipeline moves a word after it is written.
  if (options.pipeline_style == SimOptions::PipelineStyle::stp && options.engine == SimOptions::Engine::trace)
    status.add("pipeline-style-engine", "the run's options",
               "ask for the stalled pipeline style (stp) on the trace engine, which times only the flushable one; run "
               "stp on the coupled engine");
  for (const Process& p : region.processes)
    if (p.unit->entry<SimBody>(kSimulatorBackend) == nullptr)
      status.add("no-simulator-entry", "unit '" + p.name() + "'",
                 "was placed without the simulator's entry point; place units with loom::place<U> (compose/place.h)");
  return status;
}

}  // namespace loom
