#include "compose/action_view.h"

#include <algorithm>

#include "compose/sim/axi_timing.h"
#include "compose/sim/fifo_timing.h"

namespace loom {

std::vector<actions::ArchitectureView::Kernel> RegionView::kernels() const {
  std::vector<Kernel> out;
  for (const Process& p : region_.processes) {
    auto it = std::find_if(out.begin(), out.end(), [&](const Kernel& k) { return k.name == p.placement; });
    if (it == out.end()) {
      out.push_back({p.placement, 0, {}, 1, 1, p.unit->pipeline.depth, p.unit->pipeline.ii, p.unit->ops,
                     {p.unit->arithmetic_port, p.unit->arithmetic_capacity, actions::PortOrigin::arithmetic, {},
                      p.unit->arithmetic_reason}});
      it = out.end() - 1;
    }
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
