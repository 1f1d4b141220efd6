// A unit as the rest of Loom sees it at run time: its ports, pipeline and
// parameters, and an entry point that runs its body against any backend. Built
// from a typed declaration by describe<U>() in units/unit.h, so composition and
// the backends need no compile-time reflection.
#pragma once

#include <string>
#include <utility>
#include <vector>

#include "units/declare.h"
#include "units/io.h"
#include "units/port.h"
#include "units/shape.h"

namespace loom {

// A backend that runs bodies against a concrete type of its own (the
// simulator's process, compose/sim/process.h) registers one key object; the
// vocabulary knows it only by address, so it names no backend.
struct BackendKey {
  const char* name;
};

struct UnitModel {
  std::string name;
  std::string source;  // the header that declares it, as the build saw it: what HLS emission copies
  std::string type;    // its C++ type, e.g. "loom::tinytpu::Accu<4>"
  std::vector<PortInfo> ports;
  std::vector<std::string> params;      // parameter names in the architecture's set
  std::vector<std::string> param_tags;  // the body's names for them, parallel to params
  Pipeline pipeline{1, 1};
  // LOOM_STAGES: (declared port, the stage every access on it takes).
  std::vector<std::pair<int, int>> stages = {};
  // LOOM_COMPUTE: (declared write port, the latency of the operations before its value).
  std::vector<std::pair<int, int>> compute = {};
  std::vector<std::string> ops = {};  // the arithmetic it provides (LOOM_OPS); empty: undeclared
  // The port that arithmetic books (LOOM_ARITHMETIC); an empty name: undeclared.
  std::string arithmetic_port = {}, arithmetic_reason = {};
  int64_t arithmetic_capacity = 1;
  // Whether any port is probed without blocking (LOOM_NONBLOCKING): what the
  // body computes depends on when each access happens, so it is no Kahn
  // process, and only a backend that times every access runs it.
  bool nonblocking() const {
    for (const PortInfo& p : ports)
      if (p.nonblocking) return true;
    return false;
  }
  // In a composed region's model, where a port array is one port an element:
  // the first of declared port i's ports is first_slot[i], and first_slot has
  // one entry more than the declaration. Empty where ports are as declared.
  std::vector<int> first_slot = {};
  // The body, run through the virtual Io (the standalone harness, any backend).
  void (*run)(Io& io, const Index& index) = nullptr;

  // The body instantiated against a backend's own type, where compose/
  // places the unit (compose/place.h): `Entry` is that backend's function
  // pointer type. A second registration under one key replaces the first.
  template <class Entry>
  void add_entry(const BackendKey& key, Entry entry) {
    for (auto& [k, e] : entries_)
      if (k == &key) return void(e = reinterpret_cast<void (*)()>(entry));
    entries_.push_back({&key, reinterpret_cast<void (*)()>(entry)});
  }
  // The entry `key`'s backend registered, as the type it registered it as, or
  // nullptr if the unit was placed without that backend.
  template <class Entry>
  Entry entry(const BackendKey& key) const {
    for (const auto& [k, e] : entries_)
      if (k == &key) return reinterpret_cast<Entry>(e);
    return nullptr;
  }

  // The position in `ports` of element `element` of declared port `port` (0
  // for a single port), or -1 when the element is outside its array.
  int slot(int port, int64_t element) const {
    if (first_slot.empty()) return element == 0 ? port : -1;
    const int first = first_slot[static_cast<size_t>(port)];
    const int count = first_slot[static_cast<size_t>(port) + 1] - first;
    return element >= 0 && element < count ? first + static_cast<int>(element) : -1;
  }
  // How many ports were declared: `ports` may hold more, one an element.
  int declared_ports() const {
    return first_slot.empty() ? static_cast<int>(ports.size()) : static_cast<int>(first_slot.size()) - 1;
  }

  // The position of the port named `port` (its first element, for an array), or -1.
  int port_index(std::string_view port) const {
    for (size_t i = 0; i < ports.size(); ++i)
      if (ports[i].name == port) return static_cast<int>(i);
    return -1;
  }

 private:
  // Function pointers round-trip through void (*)() ([expr.reinterpret.cast]/6).
  std::vector<std::pair<const BackendKey*, void (*)()>> entries_;
};

}  // namespace loom
