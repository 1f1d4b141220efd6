#include "compose/architecture.h"

#include <algorithm>
#include <cassert>
#include <cctype>
#include <limits>
#include <map>
#include <set>

#include "common/quote.h"
#include "units/index_space.h"
#include "units/port_slots.h"

namespace loom {

Placement& Placement::bind(std::string_view port, Binder binder) {
  bindings_.push_back({std::string(port), std::move(binder)});
  return *this;
}

Placement& Placement::bind(std::string_view port, Slice slice) {
  bindings_.push_back({std::string(port), nullptr, std::move(slice)});
  return *this;
}

Placement& Placement::bind(std::string_view port, Ref ref) {
  return bind(port, Binder([ref](const Index&, const ParamValues&) -> Binding { return ref; }));
}

Handle Architecture::add(Channel c) {
  channels_.push_back(std::move(c));
  return {ObjectKind::channel, channels_.back().name, channels_.back().shape};
}

Handle Architecture::add(Memory m) {
  memories_.push_back(std::move(m));
  return {ObjectKind::memory, memories_.back().name, memories_.back().shape};
}

Handle Architecture::add(Argument a) {
  arguments_.push_back(std::move(a));
  return {ObjectKind::argument, arguments_.back().name};
}

Placement& Architecture::place(UnitModel unit, std::string name, Shape instances) {
  placements_.push_back(std::make_unique<Placement>(std::make_shared<const UnitModel>(std::move(unit)),
                                                    std::move(name), std::move(instances)));
  return *placements_.back();
}

namespace {


// Where a declared object's elements start in the region's flat tables.
struct Declared {
  ObjectKind kind;
  Dims dims;
  int first;  // id of element [0..0]
};

}  // namespace

// Resolves an Architecture into a Region, collecting every wiring error.
class Composer {
 public:
  Composer(const Architecture& arch, ParamValues params) : arch_(arch) {
    region_.name = arch.name_;
    region_.control = arch.control_;
    region_.params = std::move(params);
  }

  Result<Region> run() {
    claim_names();
    declare_objects();
    place_processes();
    check_channels();
    check_memories();
    check_arguments();
    if (!status_.ok()) return status_;
    return std::move(region_);
  }

 private:
  void claim_names() {
    std::map<std::string, std::string> owner;  // name -> what first used it
    auto claim = [&](const std::string& name, const std::string& what) {
      auto [it, fresh] = owner.emplace(name, what);
      if (!fresh) status_.add("duplicate-name", what + " " + quoted(name), "the name is already used by " + it->second);
    };
    for (const auto& c : arch_.channels_) claim(c.name, "channel");
    for (const auto& m : arch_.memories_) claim(m.name, "memory");
    for (const auto& a : arch_.arguments_) claim(a.name, "argument");
    for (const auto& p : arch_.placements_) claim(p->name(), "unit placement");
  }

  std::optional<int64_t> resolve(const Extent& e, const std::string& where, int64_t min = 1) {
    auto value = e.evaluate(region_.params);
    if (!value.ok()) {
      // A bare parameter name reads as before; an expression is quoted.
      const std::string text = e.to_string();
      const bool name = !text.empty() && std::all_of(text.begin(), text.end(), [](char c) {
        return std::isalnum(static_cast<unsigned char>(c)) || c == '_';
      });
      for (const Error& error : value.status().errors())
        status_.add(error.kind, where, (name ? "" : "'" + text + "' ") + error.message);
      return std::nullopt;
    }
    if (value.value() < min) {
      status_.add("invalid-extent", where,
                  e.to_string() + " = " + std::to_string(value.value()) + ", but it must be at least " +
                      std::to_string(min));
      return std::nullopt;
    }
    return value.value();
  }

  std::optional<Dims> resolve(const Shape& s, const std::string& where) {
    Dims dims{s.rank, {1, 1}};
    bool ok = true;
    for (int d = 0; d < s.rank; ++d) {
      auto v = resolve(s.extents[static_cast<size_t>(d)], where + " extent " + std::to_string(d));
      if (v) dims.extent[static_cast<size_t>(d)] = *v;
      ok = ok && v.has_value();
    }
    return ok ? std::optional<Dims>(dims) : std::nullopt;
  }

  // A later object with an already-claimed name is left out: its duplicate-name
  // error stands for it.
  bool taken(const std::string& name) const { return declared_.count(name) || unresolved_.count(name); }

  void declare_objects() {
    for (const auto& c : arch_.channels_) {
      if (taken(c.name)) continue;
      const std::string where = "channel " + quoted(c.name);
      auto dims = resolve(c.shape, where);
      auto depth = resolve(c.depth, where + " depth");
      if (!dims || !depth) {
        unresolved_.insert(c.name);
        continue;
      }
      declared_.emplace(c.name, Declared{ObjectKind::channel, *dims, static_cast<int>(region_.channels.size())});
      for (const Index& i : indices(*dims)) region_.channels.push_back({c.name, i, c.word, *depth, c.carries, {}, {}});
    }
    for (const auto& m : arch_.memories_) {
      if (taken(m.name)) continue;
      const std::string where = "memory " + quoted(m.name);
      auto dims = resolve(m.shape, where);
      auto rows = resolve(m.rows, where + " rows");
      if (!dims || !rows) {
        unresolved_.insert(m.name);
        continue;
      }
      if (m.timing.write_latency < 0)
        status_.add("invalid-timing", where, "declares a write latency of " + std::to_string(m.timing.write_latency) +
                                                 " iterations; it must be 0 or more");
      if (m.timing.storage == Storage::registers && m.timing.write_latency != 0)
        status_.add("invalid-timing", where, "is fully partitioned (registers, which land at once) and declares a write latency of " +
                                                 std::to_string(m.timing.write_latency) + " iterations");
      if (m.timing.storage == Storage::registers && *rows > kMaxPartitionedRows)
        status_.add("invalid-timing", where, "is fully partitioned into " + std::to_string(*rows) + " registers; at most " +
                                                 std::to_string(kMaxPartitionedRows) + " may be (each row is a register)");
      declared_.emplace(m.name, Declared{ObjectKind::memory, *dims, static_cast<int>(region_.memories.size())});
      for (const Index& i : indices(*dims))
        region_.memories.push_back({m.name, i, m.word, *rows, m.timing.write_latency, m.timing.storage, {}});
    }
    for (const auto& a : arch_.arguments_) {
      if (taken(a.name)) continue;
      auto size = resolve(a.size, "argument " + quoted(a.name) + " size");
      if (!size) {
        unresolved_.insert(a.name);
        continue;
      }
      check_interface(a);
      declared_.emplace(a.name, Declared{ObjectKind::argument, Dims{}, static_cast<int>(region_.arguments.size())});
      region_.arguments.push_back({a.name, a.word, *size, a.doc, {}, a.axi, a.protocol, a.ram});
    }
  }

  // An argument's interface, in the ranges its pragma takes.
  void check_interface(const Argument& a) {
    const std::string where = "argument " + quoted(a.name);
    const auto in_range = [&](const char* field, int value, int low, int high, const char* why) {
      if (value < low || value > high)
        status_.add("invalid-timing", where, std::string("declares ") + field + " " + std::to_string(value) + "; it must be " +
                                                 std::to_string(low) + " to " + std::to_string(high) + " (" + why + ")");
    };
    switch (a.protocol) {
      case Protocol::m_axi: return check_axi(a, where, in_range);
      case Protocol::ap_memory:
        in_range("an ap_memory latency of", a.ram.latency, 1, kMaxApMemoryLatency,
                 "cycles from a load's address to its data; UG1399 INTERFACE ap_memory latency");
        if (a.ram.storage == Storage::registers)
          status_.add("bad-interface", where, "declares an ap_memory port of registers; an ap_memory port is a RAM's "
                                              "(ram_1p, ram_s2p or ram_t2p)");
        return;
      case Protocol::ap_none:
      case Protocol::ap_vld:
      case Protocol::ap_ovld: return;
    }
    status_.add("bad-interface", where, "declares protocol " + std::to_string(static_cast<int>(a.protocol)) +
                                            ", which is none of m_axi, ap_memory, ap_none, ap_vld and ap_ovld");
  }
  template <class InRange>
  void check_axi(const Argument& a, const std::string& where, const InRange& in_range) {
    in_range("an m_axi latency of", a.axi.latency, 0, kMaxAxiLatency, "cycles from a request to its data");
    in_range("read_outstanding", a.axi.read_outstanding, 1, kMaxAxiOutstanding, "UG1399 num_read_outstanding");
    in_range("burst_beats", a.axi.burst_beats, 1, kMaxAxiBurstBeats, "AXI4 bursts are 1 to 256 beats");
    const auto power_of_two = [](int v) { return v > 0 && (v & (v - 1)) == 0; };
    if (a.axi.max_widen_bits < 0 || a.axi.max_widen_bits > kMaxAxiWidenBits ||
        (a.axi.max_widen_bits != 0 && !power_of_two(a.axi.max_widen_bits)))
      status_.add("invalid-timing", where, "declares max_widen_bits " + std::to_string(a.axi.max_widen_bits) +
                                               "; it must be 0 or a power of two up to " + std::to_string(kMaxAxiWidenBits) +
                                               " (UG1399 max_widen_bitwidth)");
    if (a.axi.alignment_bytes > kMaxAxiAlignmentBytes || !power_of_two(a.axi.alignment_bytes))
      status_.add("invalid-timing", where, "declares alignment_bytes " + std::to_string(a.axi.alignment_bytes) +
                                               "; it must be a power of two from 1 to " +
                                               std::to_string(kMaxAxiAlignmentBytes) + " (UG1399 m_axi_alignment_byte_size)");
  }

  static ObjectKind kind_for(PortKind k) {
    switch (k) {
      case PortKind::reads:
      case PortKind::writes: return ObjectKind::channel;
      case PortKind::owns:
      case PortKind::uses: return ObjectKind::memory;
      case PortKind::addresses: return ObjectKind::argument;
    }
    return ObjectKind::channel;
  }

  void place_processes() {
    for (const auto& placement : arch_.placements_) {
      const UnitModel& unit = placement->unit();
      const std::string where = "unit placement " + quoted(placement->name());
      for (const std::string& p : unit.params)
        if (!region_.params.find(p))
          status_.add("unknown-parameter", where, "its unit " + quoted(unit.name) + " reads parameter " + quoted(p) +
                                                      ", which the parameter set does not declare");

      // Which binding serves each port, in the unit's port order.
      std::vector<const Placement::PortBinding*> bound(unit.ports.size(), nullptr);
      for (const auto& b : placement->bindings()) {
        const int port = unit.port_index(b.port);
        if (port < 0) {
          status_.add("unknown-port", where + " port " + quoted(b.port),
                      "is bound, but unit " + quoted(unit.name) + " declares no such port");
        } else if (bound[static_cast<size_t>(port)] != nullptr) {
          status_.add("port-bound-twice", where + " port " + quoted(b.port), "is bound more than once");
        } else if (b.binder == nullptr && b.slice.element == nullptr) {
          status_.add("port-unbound", where + " port " + quoted(b.port),
                      "is bound to an empty function (a default-constructed Binder or Slice); bind it to a "
                      "function, or to loom::unbound for instances without that connection");
          bound[static_cast<size_t>(port)] = &b;  // refused, not unbound
        } else if (unit.ports[static_cast<size_t>(port)].is_array() != (b.slice.element != nullptr)) {
          const PortInfo& info = unit.ports[static_cast<size_t>(port)];
          status_.add("port-array-binding", where + " port " + quoted(b.port),
                      info.is_array() ? "is a port array of " + info.extent +
                                            " elements; bind it to a slice of a channel array (elements(), row(), "
                                            "column()) or to a function of the instance and the element"
                                      : "is a single port, but it is bound to " + b.slice.text +
                                            ", a slice for a port array");
          bound[static_cast<size_t>(port)] = &b;  // refused, not unbound
        } else {
          bound[static_cast<size_t>(port)] = &b;
        }
      }
      for (size_t port = 0; port < unit.ports.size(); ++port)
        if (bound[port] == nullptr)
          status_.add("port-unbound", where + " port " + quoted(unit.ports[port].name),
                      "is never bound; bind it, to loom::unbound for instances without that connection");

      auto dims = resolve(placement->instances(), where + " instances");
      Result<UnitModel> slots = with_port_slots(unit, region_.params, where);
      if (!slots.ok()) status_.merge(slots.status());
      if (!dims || !slots.ok()) continue;
      const auto model = std::make_shared<const UnitModel>(std::move(slots).value());
      const std::vector<int64_t> limits = check_slices(*model, bound, where);
      for (const Index& i : indices(*dims)) {
        Process process{placement->name(), model, i, {}};
        process.ports.resize(model->ports.size());
        const int id = static_cast<int>(region_.processes.size());
        region_.processes.push_back(process);
        for (size_t port = 0; port < unit.ports.size(); ++port) {
          const Placement::PortBinding* b = bound[port];
          if (b == nullptr || (b->binder == nullptr && b->slice.element == nullptr) ||
              unit.ports[port].is_array() != (b->slice.element != nullptr))
            continue;
          const int p = static_cast<int>(port);
          if (b->slice.element == nullptr) {
            connect(id, model->slot(p, 0), b->binder(process.index, region_.params));
            continue;
          }
          for (int64_t k = 0; k < limits[port] && model->slot(p, k) >= 0; ++k)
            connect(id, model->slot(p, k), b->slice.element(process.index, k, region_.params));
        }
      }
      report_refusals();
    }
  }

  // A slice of another size than its port array's extent leaves elements of
  // one side unbound: it is refused by name, once for the placement, and
  // only the elements both have are bound. A slice outside its array (a row
  // past the grid, a vector's row) is refused once, and none of it bound.
  // Returns, for each declared port, how many of its elements to bind.
  std::vector<int64_t> check_slices(const UnitModel& model, const std::vector<const Placement::PortBinding*>& bound,
                                    const std::string& where) {
    std::vector<int64_t> limits(bound.size(), std::numeric_limits<int64_t>::max());
    for (size_t port = 0; port < bound.size(); ++port) {
      const Placement::PortBinding* b = bound[port];
      if (b == nullptr || b->slice.element == nullptr || model.first_slot.empty()) continue;
      const int first = model.first_slot[port];
      const int64_t extent = model.first_slot[port + 1] - first;
      const PortInfo& info = model.ports[static_cast<size_t>(first)];
      if (!info.is_array()) continue;  // a slice on a single port: refused already
      const std::string outside = b->slice.outside ? b->slice.outside(region_.params) : std::string();
      if (!outside.empty()) {
        status_.add("index-out-of-range", where + " port " + quoted(info.name), outside);
        limits[port] = 0;
        continue;
      }
      const int64_t size = b->slice.size ? b->slice.size(region_.params) : -1;
      if (size >= 0 && size != extent) {
        status_.add("port-array-extent", where + " port " + quoted(info.name),
                    "is a port array of " + info.extent + " = " + std::to_string(extent) + " elements, but it is bound to " +
                        b->slice.text + ", which has " + std::to_string(size));
        limits[port] = size;
      }
    }
    return limits;
  }

  // The placement's refused bindings, each once, with how many more instances
  // it stands for.
  void report_refusals() {
    for (const std::string& key : refusal_order_) {
      const Refusal& r = refusals_.at(key);
      status_.add(r.error.kind, r.error.where,
                  r.error.message + (r.count > 1 ? " (and so are " + std::to_string(r.count - 1) + " more instances of " +
                                                       quoted(r.placement) + ")"
                                                 : std::string()));
    }
    refusals_.clear();
    refusal_order_.clear();
  }

  void connect(int process, int port, const Binding& binding) {
    if (!binding) return;
    const Process& p = region_.processes[static_cast<size_t>(process)];
    const PortInfo& info = region_.port({process, port});
    const std::string where = region_.where({process, port});
    const Ref& ref = *binding;

    if (unresolved_.count(ref.name)) return;  // its own error is already reported
    // A refusal every instance of the placement repeats is one error.
    const auto refuse = [&](const char* kind, const std::string& message) {
      const std::string key = std::string(kind) + "|" + p.placement + "|" + info.label() + "|" + ref.name;
      auto [it, fresh] = refusals_.emplace(key, Refusal{{kind, where, message}, p.placement, 0});
      if (fresh) refusal_order_.push_back(key);
      ++it->second.count;
    };
    auto it = declared_.find(ref.name);
    if (it == declared_.end()) {
      refuse("unknown-name", "is bound to " + quoted(ref.to_string()) + ", which the architecture does not declare");
      return;
    }
    const Declared& decl = it->second;
    const ObjectKind want = kind_for(info.kind);
    if (decl.kind != want) {
      if (decl.dims.contains(ref.index)) refused_.insert({decl.kind, decl.first + static_cast<int>(decl.dims.flat(ref.index))});
      refuse("port-kind-mismatch", "is a " + std::string(to_string(info.kind)) + " port and needs a " +
                                       std::string(to_string(want)) + ", but " + quoted(ref.name) + " is a " +
                                       std::string(to_string(decl.kind)));
      return;
    }
    if (!decl.dims.contains(ref.index)) {
      refuse("index-out-of-range", "is bound to " + quoted(ref.to_string()) + ", outside " + quoted(ref.name) + "'s shape " +
                                       (decl.dims.rank == 0 ? std::string("(a single element)") : decl.dims.to_string()));
      return;
    }
    const int id = decl.first + static_cast<int>(decl.dims.flat(ref.index));
    const WordShape have = word_of(decl.kind, id);
    if (!(have == info.word)) {
      // The element's missing writer or reader is this error's consequence, not another.
      refused_.insert({decl.kind, id});
      refuse("width-mismatch", "takes " + info.word.to_string() + " words (lanes x lane_bits), but " +
                                   std::string(to_string(decl.kind)) + " " + quoted(ref.to_string()) + " holds " +
                                   have.to_string());
      return;
    }
    region_.processes[static_cast<size_t>(process)].ports[static_cast<size_t>(port)] = {decl.kind, id};
    const Endpoint e{process, port};
    switch (info.kind) {
      case PortKind::writes: writers_[id].push_back(e); break;
      case PortKind::reads: readers_[id].push_back(e); break;
      case PortKind::owns: owners_[id].push_back(e); break;
      case PortKind::uses: users_[id].push_back(e); break;
      case PortKind::addresses: argument_users_[id].push_back(e); break;
    }
  }

  WordShape word_of(ObjectKind kind, int id) const {
    const size_t i = static_cast<size_t>(id);
    switch (kind) {
      case ObjectKind::channel: return region_.channels[i].word;
      case ObjectKind::memory: return region_.memories[i].word;
      case ObjectKind::argument: return region_.arguments[i].word;
    }
    return {};
  }

  std::string list(const std::vector<Endpoint>& es) const {
    std::string out;
    for (size_t i = 0; i < es.size(); ++i)
      out += (i == 0 ? "" : i + 1 == es.size() ? " and " : ", ") + region_.describe(es[i]);
    return out;
  }

  // One endpoint per process: a unit addressing one object through two of its
  // ports is still one process.
  static std::vector<Endpoint> per_process(const std::vector<Endpoint>& es) {
    std::vector<Endpoint> out;
    std::set<int> seen;
    for (const Endpoint& e : es)
      if (seen.insert(e.process).second) out.push_back(e);
    return out;
  }

  const std::vector<Endpoint>& at(const std::map<int, std::vector<Endpoint>>& m, int id) const {
    static const std::vector<Endpoint> none;
    auto it = m.find(id);
    return it == m.end() ? none : it->second;
  }

  void check_channels() {
    for (size_t i = 0; i < region_.channels.size(); ++i) {
      ChannelInstance& c = region_.channels[i];
      const std::string where = "channel " + quoted(c.label());
      const auto& w = at(writers_, static_cast<int>(i));
      const auto& r = at(readers_, static_cast<int>(i));
      if (refused_.count({ObjectKind::channel, static_cast<int>(i)})) {
        // A binding to it was refused: that error stands for what it lacks.
      } else if (w.empty()) {
        status_.add("no-writer", where, "has no writer" + (r.empty() ? std::string(" and no reader") : "; it is read by " + list(r)));
      } else if (r.empty()) {
        status_.add("no-reader", where, "has no reader; it is written by " + list(w));
      }
      if (w.size() > 1) status_.add("two-writers", where, "is written by " + std::to_string(w.size()) + " ports: " + list(w));
      if (r.size() > 1) status_.add("two-readers", where, "is read by " + std::to_string(r.size()) + " ports: " + list(r));
      if (w.size() == 1) c.writer = w[0];
      if (r.size() == 1) c.reader = r[0];
    }
  }

  void check_memories() {
    for (size_t i = 0; i < region_.memories.size(); ++i) {
      MemoryInstance& m = region_.memories[i];
      const std::string where = "memory " + quoted(m.label());
      const auto owners = per_process(at(owners_, static_cast<int>(i)));
      const auto& users = at(users_, static_cast<int>(i));
      if (owners.size() > 1) status_.add("owned-twice", where, "is owned by " + list(owners) + "; a memory has one owner");
      if (owners.size() == 1) m.owner = owners[0];
      // An unpipelined loop's iteration has finished, its stores with it,
      // before the next begins: no store can still be in flight a second one on.
      if (owners.size() == 1 && m.write_latency > 1 &&
          region_.processes[static_cast<size_t>(owners[0].process)].unit->pipeline.off)
        status_.add("invalid-timing", where,
                    "declares a write latency of " + std::to_string(m.write_latency) + " iterations, but its owner " +
                        region_.describe(owners[0]) +
                        " runs a loop that is not pipelined (unpipelined()), whose stores land before its next "
                        "iteration begins; declare 0 or 1");
      for (const Endpoint& u : users)
        status_.add("not-owner", region_.where(u),
                    "addresses memory " + quoted(m.label()) + ", which " +
                        (owners.empty() ? std::string("has no owner") : "is owned by " + list(owners)) +
                        "; only a memory's owner may address it, so send the rows over a channel to the owner");
      if (owners.empty() && users.empty() && !refused_.count({ObjectKind::memory, static_cast<int>(i)}))
        status_.add("unowned", where, "has no owner");
    }
  }

  void check_arguments() {
    for (size_t i = 0; i < region_.arguments.size(); ++i) {
      ArgumentInstance& a = region_.arguments[i];
      const std::string where = "argument " + quoted(a.name);
      const auto users = per_process(at(argument_users_, static_cast<int>(i)));
      if (users.empty()) {
        if (!refused_.count({ObjectKind::argument, static_cast<int>(i)}))
          status_.add("argument-unused", where, "is addressed by no process");
      } else if (users.size() > 1) {
        bool all_read = true;
        for (const Endpoint& u : users)
          all_read = all_read && region_.port(u).access == Access::read;
        status_.add("argument-shared", where,
                    std::string(all_read ? "is read" : "is addressed") + " by " + std::to_string(users.size()) +
                        " processes: " + list(users) + "; one process per argument (one m_axi bundle, one reader)");
      } else {
        a.user = users[0];
        check_direction(a);
      }
    }
  }
  // A scalar's wires go one way: an ap_none input is only read, an ap_vld
  // output only written (UG1399 "Port-Level I/O Protocols"; ap_ovld is both).
  void check_direction(const ArgumentInstance& a) {
    const Access access = region_.port(a.user).access;
    const bool reads = access != Access::write, writes = access != Access::read;
    const char* wrong = a.protocol == Protocol::ap_none && writes   ? "writes it, but an ap_none scalar is an input"
                        : a.protocol == Protocol::ap_vld && reads ? "reads it, but an ap_vld scalar is an output (ap_ovld is read and written)"
                                                                  : nullptr;
    if (wrong != nullptr)
      status_.add("bad-interface", "argument " + quoted(a.name), region_.where(a.user) + " " + wrong);
  }

  const Architecture& arch_;
  Region region_;
  Status status_;
  std::map<std::string, Declared> declared_;
  std::set<std::string> unresolved_;  // declared, but an extent did not resolve
  std::map<int, std::vector<Endpoint>> writers_, readers_, owners_, users_, argument_users_;
  // Elements a refused binding named, and the refusals, once per placement,
  // port and array, in the order first met.
  std::set<std::pair<ObjectKind, int>> refused_;
  struct Refusal {
    Error error;
    std::string placement;
    int count;
  };
  std::map<std::string, Refusal> refusals_;
  std::vector<std::string> refusal_order_;
};

Result<Region> Architecture::compose(const Overrides& overrides) const {
  Result<ParamValues> params = params_.resolve(overrides);
  if (!params.ok()) return params.status();
  return Composer(*this, params.value()).run();
}

}  // namespace loom
