#include "compose/action_view.h"

#include <algorithm>
#include <map>

#include "compose/sim/axi_timing.h"
#include "compose/sim/fifo_timing.h"

namespace loom {

namespace {

// What a process computes from its loads comes its longest on-chip read
// latency after them (process_clock.h's default stage): an on-chip memory's,
// by its storage, or an ap_memory argument's.
int64_t load_latency(const Region& region, const Process& p) {
  int64_t out = 0;
  for (size_t port = 0; port < p.ports.size(); ++port) {
    const Target& t = p.ports[port];
    if (!t.bound()) continue;
    if (t.kind == ObjectKind::memory) {
      out = std::max<int64_t>(out, read_latency(region.memories[static_cast<size_t>(t.id)].storage));
    } else if (t.kind == ObjectKind::argument) {
      const ArgumentInstance& a = region.arguments[static_cast<size_t>(t.id)];
      if (a.protocol == Protocol::ap_memory && p.unit->ports[port].kind == PortKind::reads)
        out = std::max<int64_t>(out, a.ram.latency);
    }
  }
  return out;
}

// The stage a write on declared port `port` takes: the unit's LOOM_STAGES
// stage, or its loads' latency plus its LOOM_COMPUTE latency.
int64_t write_stage(const UnitModel& unit, size_t port, int64_t loaded) {
  for (const auto& [declared, stage] : unit.stages)
    if (static_cast<size_t>(declared) == port) return stage;
  for (const auto& [declared, cycles] : unit.compute)
    if (static_cast<size_t>(declared) == port) return loaded + cycles;
  return loaded;
}

}  // namespace

std::vector<actions::ArchitectureView::Kernel> RegionView::kernels() const {
  std::vector<Kernel> out;
  std::map<std::string, int64_t> loads;  // each kernel's, over its instances
  for (const Process& p : region_.processes)
    loads[p.placement] = std::max(loads[p.placement], load_latency(region_, p));
  for (const Process& p : region_.processes) {
    auto it = std::find_if(out.begin(), out.end(), [&](const Kernel& k) { return k.name == p.placement; });
    if (it == out.end()) {
      out.push_back({p.placement, 0, {}, 1, 1, p.unit->pipeline.depth, p.unit->pipeline.ii, p.unit->ops,
                     {p.unit->arithmetic_port, p.unit->arithmetic_capacity, actions::PortOrigin::arithmetic, {},
                      p.unit->arithmetic_reason}});
      it = out.end() - 1;
      it->write_stage = loads[p.placement];
    }
    const int64_t loaded = loads[p.placement];
    ++it->instances;
    if (p.index.rank >= 1) it->rows = std::max<int64_t>(it->rows, p.index[0] + 1);
    if (p.index.rank >= 2) it->cols = std::max<int64_t>(it->cols, p.index[1] + 1);
    for (size_t port = 0; port < p.ports.size(); ++port) {
      const Target& t = p.ports[port];
      if (!t.bound()) continue;
      const PortInfo& info = p.unit->ports[port];
      Bound b{};
      switch (t.kind) {
        case ObjectKind::channel: {
          const ChannelInstance& c = region_.channels[static_cast<size_t>(t.id)];
          b = {c.name, true, info.kind == PortKind::reads, info.kind == PortKind::writes, 0, c.word.lanes, c.word.lane_bits};
          b.read_after_write = read_after_write(c.word.bits(), c.depth);
          b.rate = {c.depth, fifo_period(c.word.bits(), c.depth)};
          if (b.writes) {
            b.write_stage = write_stage(*p.unit, port, loaded);
            it->write_stage = std::max(it->write_stage, b.write_stage);
          }
          break;
        }
        case ObjectKind::memory: {
          const MemoryInstance& m = region_.memories[static_cast<size_t>(t.id)];
          b = {m.name, false, true, true, m.rows, m.word.lanes, m.word.lane_bits, m.registers()};
          break;
        }
        case ObjectKind::argument: {
          const ArgumentInstance& a = region_.arguments[static_cast<size_t>(t.id)];
          b = {a.name, false, info.access != Access::write, info.access != Access::read, a.size, a.word.lanes,
               a.word.lane_bits};
          // An ap_memory RAM answers a load `latency` cycles on and takes a
          // store at once; a scalar's wires take neither time.
          if (a.protocol == Protocol::m_axi) {
            b.read_latency = axi_read_latency(a.axi.latency);
            b.write_response = axi_write_response(a.axi.latency);
          } else if (a.protocol == Protocol::ap_memory) {
            b.read_latency = a.ram.latency;
          }
          break;
        }
      }
      // One entry per name and direction, however many instances bind it.
      const bool seen = std::any_of(it->bound.begin(), it->bound.end(), [&](const Bound& x) {
        return x.name == b.name && x.channel == b.channel && x.reads == b.reads && x.writes == b.writes;
      });
      if (!seen) it->bound.push_back(b);
    }
  }
  return out;
}

}  // namespace loom
