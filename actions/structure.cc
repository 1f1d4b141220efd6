#include "actions/structure.h"

#include <algorithm>
#include <map>
#include <cstdio>
#include <set>

namespace loom::actions {

const DerivedUnit* Structure::unit(std::string_view name) const {
  for (const DerivedUnit& u : units)
    if (u.name == name) return &u;
  return nullptr;
}

Rate slower(Rate a, Rate b) {
  a = a.normal(), b = b.normal();
  return a.words * b.cycles < b.words * a.cycles ? a : b;
}

int64_t DerivedUnit::crossing() const {
  int64_t raw = 1;
  for (const DerivedPort& p : ports)
    if (p.writes) raw = std::max(raw, p.read_after_write);
  return (rows + cols - 1) * (write_stage + raw);
}

const DerivedPort* DerivedUnit::port(std::string_view name) const {
  for (const DerivedPort& p : ports)
    if (p.name == name) return &p;
  return nullptr;
}

Structure structure(const ArchitectureView& architecture) {
  Structure s;
  std::set<std::string> states, channels;
  for (const ArchitectureView::Kernel& k : architecture.kernels()) {
    DerivedUnit u{k.name, k.instances, {}, k.rows, k.cols, k.depth, k.ii, k.ops, k.arithmetic,
                  k.write_stage >= 0 ? k.write_stage : k.depth - 1};
    const auto add = [&u](const std::string& port, int64_t capacity, bool reads, bool writes, int64_t read_latency = 0,
                          int64_t write_response = 0) {
      if (u.port(port) == nullptr) u.ports.push_back({port, capacity, read_latency, write_response});
      // One port per channel base name, however many of the kernel's ports reach it.
      for (DerivedPort& p : u.ports)
        if (p.name == port) p.reads = p.reads || reads, p.writes = p.writes || writes;
    };
    // A grid's chains (channels it both reads and writes) carry one
    // wavefront's words together: an instance joins what its neighbours
    // wrote, so a word written before the latest chain's waits in its FIFO
    // for the difference. D slots then pass D words every period + skew
    // cycles (compose/sim/fifo_timing.h's recurrence, the read that late).
    std::set<std::string> read_here;
    for (const ArchitectureView::Bound& b : k.bound)
      if (b.channel && b.reads) read_here.insert(b.name);
    int64_t latest = 0;
    for (const ArchitectureView::Bound& b : k.bound)
      if (b.channel && b.writes && read_here.count(b.name)) latest = std::max(latest, b.write_stage);
    for (const ArchitectureView::Bound& b : k.bound) {
      if (b.channel) {
        add(b.name, 1, b.reads, b.writes);
        for (DerivedPort& p : u.ports)
          if (p.name == b.name) {
            p.read_after_write = std::max(p.read_after_write, b.read_after_write);
            p.rate = slower(p.rate, b.rate);
          }
        // A chain's own rate, slowed by its skew, holds every port (rate()).
        if (b.writes && read_here.count(b.name) && b.write_stage >= 0) {
          const int64_t skew = latest - b.write_stage;
          u.chained = slower(u.chained, {b.rate.words, b.rate.cycles + skew});
          u.skew = std::max(u.skew, skew);
        }
        if (channels.insert(b.name).second) s.channels.push_back({b.name, b.lanes, b.lane_bits});
        continue;
      }
      // Registers: each row takes one write a cycle, and its value fans out to any number of reads.
      if (b.reads) add(b.name + ".read", b.partitioned ? kAnyUses : 1, true, false, b.read_latency);
      if (b.writes) add(b.name + ".write", b.partitioned ? std::max<int64_t>(b.rows, 1) : 1, false, true, 0, b.write_response);
      if (states.insert(b.name).second) s.states.push_back({b.name, b.rows, b.lanes, b.lane_bits});
    }
    s.units.push_back(std::move(u));
  }
  return s;
}

Machine implied_machine(const Structure& st, std::string name) {
  Machine m;
  m.name = std::move(name);
  for (const DerivedUnit& d : st.units) {
    Unit u;
    u.name = d.name;
    u.ii = d.ii;
    for (const DerivedPort& p : d.ports) {
      u.ports.emplace_back(p.name, p.capacity);
      u.ports.back().duplex = p.reads && p.writes;  // only a channel is both: a memory has a side a port
    }
    if (!d.arithmetic.name.empty()) u.ports.push_back(d.arithmetic);
    m.units.push_back(std::move(u));
  }
  m.states = st.states;
  m.channels = st.channels;
  return m;
}

namespace {
// The composed kernels a machine unit is one dispatch domain over.
std::vector<const DerivedUnit*> kernels_of(const Structure& st, const Unit& unit) {
  std::vector<const DerivedUnit*> out;
  for (const std::string& k : unit.kernels.empty() ? std::vector<std::string>{unit.name} : unit.kernels)
    if (const DerivedUnit* d = st.unit(k)) out.push_back(d);
  return out;
}
}  // namespace

int64_t latency(const Structure& st, const Unit& unit) {
  // The kernels of one dispatch domain work side by side: the slowest sets it.
  int64_t slowest = 0;
  for (const DerivedUnit* d : kernels_of(st, unit)) slowest = std::max(slowest, d->latency());
  return slowest;
}

int64_t crossing(const Structure& st, const Unit& unit) {
  int64_t slowest = 0;
  for (const DerivedUnit* d : kernels_of(st, unit)) slowest = std::max(slowest, d->crossing());
  return slowest;
}

int64_t depth(const Structure& st, const Unit& unit) {
  int64_t deepest = 1;
  for (const DerivedUnit* d : kernels_of(st, unit)) deepest = std::max(deepest, d->depth);
  return deepest;
}

OffChip off_chip(const Structure& st, const Unit& unit, std::string_view port) {
  const ActionPort* p = unit.port(port);
  const std::vector<std::string> composed =
      p != nullptr && !p->stands_for.empty() ? p->stands_for : std::vector<std::string>{std::string(port)};
  OffChip out;
  for (const DerivedUnit* d : kernels_of(st, unit))
    for (const std::string& name : composed)
      if (const DerivedPort* derived = d->port(name)) {
        out.read_latency = std::max(out.read_latency, derived->read_latency);
        out.write_response = std::max(out.write_response, derived->write_response);
      }
  return out;
}

Rate rate(const Structure& st, const Unit& unit, std::string_view port) {
  port = port.substr(0, port.find_first_of("<>"));
  const ActionPort* p = unit.port(port);
  const std::vector<std::string> composed =
      p != nullptr && !p->stands_for.empty() ? p->stands_for : std::vector<std::string>{std::string(port)};
  Rate out;
  for (const DerivedUnit* d : kernels_of(st, unit))
    for (const std::string& name : composed)
      if (const DerivedPort* derived = d->port(name)) out = slower(out, slower(derived->rate, d->chained));
  return out;
}

const char* origin_name(PortOrigin k) {
  switch (k) {
    case PortOrigin::derived: return "DERIVED";
    case PortOrigin::alias: return "ALIAS";
    case PortOrigin::arithmetic: return "ARITHMETIC";
    case PortOrigin::counting: return "COUNTING";
  }
  return "";
}

namespace {

}  // namespace

Result<Projection> projection(const Structure& st, const Machine& m, const std::vector<Unmodelled>& unmodelled) {
  Status status;
  Projection p;
  // Which composed ports the machine accounts for, per composed unit.
  std::map<std::string, std::set<std::string>> covered;
  for (const Unit& u : m.units) {
    const std::vector<std::string> kernels = u.kernels.empty() ? std::vector<std::string>{u.name} : u.kernels;
    std::vector<const DerivedUnit*> composed;
    for (const std::string& k : kernels) {
      const DerivedUnit* d = st.unit(k);
      if (d == nullptr) status.add("unit-not-composed", "unit '" + u.name + "'", "names '" + k + "', which the composition has no unit of");
      else composed.push_back(d);
    }
    if (!u.kernels.empty()) {
      std::string line = u.name + " is one dispatch domain over";
      for (const DerivedUnit* d : composed) line += " " + d->name + " x" + std::to_string(d->instances);
      line += ": the ISA counts its work once; the composition replicates it as kernels";
      p.grain.push_back(line);
    } else if (composed.size() == 1 && composed[0]->instances > 1) {
      p.grain.push_back(u.name + " is one unit over its kernel's " + std::to_string(composed[0]->instances) +
                        " instances: its actions count the busiest instance's work");
    }
    std::string kernel_names;
    for (const std::string& k : kernels) kernel_names += (kernel_names.empty() ? "" : ", ") + k;
    const auto composed_has = [&](const std::string& port) {
      for (const DerivedUnit* d : composed)
        if (d->port(port) != nullptr) return d;
      return static_cast<const DerivedUnit*>(nullptr);
    };
    for (const ActionPort& port : u.ports) {
      ProjectionRow row{u.name, port.name, port.origin, port.reason};
      switch (port.origin) {
        case PortOrigin::derived:
          if (const DerivedUnit* d = composed_has(port.name)) {
            covered[d->name].insert(port.name);
            const int64_t composed_capacity = d->port(port.name)->capacity;
            const auto uses = [](int64_t c) { return c >= kAnyUses ? std::string("any number of") : std::to_string(c); };
            if (port.capacity != composed_capacity)
              status.add("port-capacity", "port '" + u.name + "." + port.name + "'",
                         "the machine gives it " + uses(port.capacity) + " uses a cycle, the composition " +
                             uses(composed_capacity) +
                             (composed_capacity > 1 ? " (its memory is fully partitioned: one register a row)" : ""));
          } else {
            status.add("port-not-derived", "port '" + u.name + "." + port.name + "'",
                       "is declared derived, but the composition gives " + kernel_names + " no such port");
          }
          break;
        case PortOrigin::alias: {
          std::string targets;
          for (const std::string& t : port.stands_for) {
            targets += (targets.empty() ? "" : " + ") + t;
            if (const DerivedUnit* d = composed_has(t)) covered[d->name].insert(t);
            else status.add("alias-target-missing", "port '" + u.name + "." + port.name + "'",
                            "stands for '" + t + "', which the composition gives " + kernel_names + " no port of");
          }
          row.detail = "stands for " + targets + "; " + port.reason;
          break;
        }
        case PortOrigin::arithmetic:
        case PortOrigin::counting: break;
      }
      p.ports.push_back(row);
    }
    // What a unit computes is what its kernels declare, where they declare it;
    // moving a word (load, store, send, receive, fetch, dispatch, count) comes
    // with the ports, and is checked there.
    static const std::set<std::string> kMoves = {"load", "store", "send", "receive", "fetch", "dispatch", "count"};
    bool declares = false;
    std::set<std::string> provided;
    for (const DerivedUnit* d : composed) {
      declares = declares || !d->ops.empty();
      provided.insert(d->ops.begin(), d->ops.end());
    }
    if (declares)
      for (const Instruction& ins : m.instructions)
        for (size_t k = 0; k < ins.actions.size(); ++k) {
          const Action& a = ins.actions[k];
          if (a.unit != u.name || kMoves.count(a.op) || provided.count(a.op)) continue;
          std::string list;
          for (const std::string& op : provided) list += (list.empty() ? "" : ", ") + op;
          status.add("op-not-provided",
                     "instruction '" + ins.name + "' action " + std::to_string(k) + " (" + a.unit + "." + a.port + ")",
                     "asks for '" + a.op + "', which " + kernel_names + " does not provide (it declares " + list + ")");
        }
    // A send or receive travels on a channel the composition binds to the
    // unit's kernels, the way they use it: its `via`, else its port.
    for (const Instruction& ins : m.instructions)
      for (size_t k = 0; k < ins.actions.size(); ++k) {
        const Action& a = ins.actions[k];
        if (a.unit != u.name || (a.op != "send" && a.op != "receive") || composed.empty()) continue;
        const bool send = a.op == "send";
        const std::string& channel = a.via.empty() ? a.port : a.via;
        const bool composed_channel = std::any_of(st.channels.begin(), st.channels.end(),
                                                  [&](const ModelChannel& c) { return c.name == channel; });
        if (!composed_channel) continue;  // not a composed channel: the machine's own (checked by check())
        bool bound = false, goes = false;
        for (const DerivedUnit* d : composed)
          if (const DerivedPort* dp = d->port(channel)) bound = true, goes = goes || (send ? dp->writes : dp->reads);
        const std::string where =
            "instruction '" + ins.name + "' action " + std::to_string(k) + " (" + a.unit + "." + a.port + ")";
        const std::string verb = send ? "sends" : "receives";
        if (!bound)
          status.add("channel-not-bound", where,
                     verb + " via '" + channel + "', which the composition binds to no port of " + kernel_names);
        else if (!goes)
          status.add(send ? "send-not-written" : "receive-not-read", where,
                     verb + " on '" + channel + "', which the composition has " + kernel_names +
                         (send ? " only read" : " only write"));
      }
  }
  // The widths and rows both models state must agree: a fold's width comes from them.
  for (const State& ms : m.states) {
    auto it = std::find_if(st.states.begin(), st.states.end(), [&](const State& x) { return x.name == ms.name; });
    if (it == st.states.end())
      status.add("state-not-composed", "state '" + ms.name + "'", "the composition has no memory or argument of that name");
    else if (it->rows != ms.rows || it->lanes != ms.lanes || it->lane_bits != ms.lane_bits)
      status.add("state-mismatch", "state '" + ms.name + "'",
                 "the machine says " + std::to_string(ms.rows) + " rows of " + std::to_string(ms.lanes) + "x" +
                     std::to_string(ms.lane_bits) + ", the composition " + std::to_string(it->rows) + " rows of " +
                     std::to_string(it->lanes) + "x" + std::to_string(it->lane_bits));
  }
  for (const ModelChannel& mc : m.channels) {
    auto it = std::find_if(st.channels.begin(), st.channels.end(), [&](const ModelChannel& x) { return x.name == mc.name; });
    if (it == st.channels.end())
      status.add("channel-not-composed", "channel '" + mc.name + "'", "the composition has no channel of that name");
    else if (it->lanes != mc.lanes || it->lane_bits != mc.lane_bits)
      status.add("channel-mismatch", "channel '" + mc.name + "'",
                 "the machine says " + std::to_string(mc.lanes) + "x" + std::to_string(mc.lane_bits) + ", the composition " +
                     std::to_string(it->lanes) + "x" + std::to_string(it->lane_bits));
  }
  // Every composed port is modelled or listed with a reason, and every listing is live.
  std::set<std::pair<std::string, std::string>> listed;
  for (const Unmodelled& u : unmodelled) {
    listed.insert({u.unit, u.port});
    const DerivedUnit* d = st.unit(u.unit);
    const bool exists = d && d->port(u.port) != nullptr;
    if (!exists) status.add("unmodelled-stale", "unmodelled '" + u.unit + "." + u.port + "'", "the composition has no such port");
    else if (covered[u.unit].count(u.port))
      status.add("unmodelled-stale", "unmodelled '" + u.unit + "." + u.port + "'", "the machine models it after all");
    else p.unmodelled.push_back(u);
  }
  for (const DerivedUnit& d : st.units)
    for (const DerivedPort& derived : d.ports)
      if (const std::string& port = derived.name; !covered[d.name].count(port) && !listed.count({d.name, port}))
        status.add("unmodelled-missing", "port '" + d.name + "." + port + "'",
                   "the composition has it, the machine does not model it, and no unmodelled entry says why");
  if (!status.ok()) return status;
  return p;
}

std::string Projection::to_string() const {
  std::map<PortOrigin, int> counts;
  std::string out = "  unit         port              class        detail\n";
  for (const ProjectionRow& r : ports) {
    ++counts[r.origin];
    char line[512];
    std::snprintf(line, sizeof line, "  %-12s %-17s %-12s %s\n", r.unit.c_str(), r.port.c_str(), origin_name(r.origin),
                  r.detail.c_str());
    out += line;
  }
  out += "\nunmodelled (composed ports the machine leaves out, each with its reason):\n";
  for (const Unmodelled& u : unmodelled) out += "  " + u.unit + "." + u.port + ": " + u.reason + "\n";
  if (unmodelled.empty()) out += "  none: the machine models every port the composition has\n";
  out += "\ngrain:\n";
  for (const std::string& g : grain) out += "  " + g + "\n";
  if (grain.empty()) out += "  every unit is one kernel instantiated once: the compose grain and the dispatch domain agree\n";
  out += "\n" + std::to_string(ports.size()) + " ports: " + std::to_string(counts[PortOrigin::derived]) + " derived, " +
         std::to_string(counts[PortOrigin::alias]) + " alias, " + std::to_string(counts[PortOrigin::arithmetic]) +
         " arithmetic, " + std::to_string(counts[PortOrigin::counting]) + " counting; " + std::to_string(unmodelled.size()) +
         " unmodelled\n";
  return out;
}

}  // namespace loom::actions
