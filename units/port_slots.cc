#include "units/port_slots.h"

#include "common/quote.h"
#include "units/shape.h"

namespace loom {

Result<UnitModel> with_port_slots(const UnitModel& unit, const ParamValues& params, const std::string& where) {
  bool arrays = false;
  for (const PortInfo& p : unit.ports) arrays = arrays || p.is_array();
  if (!arrays || !unit.first_slot.empty()) return unit;

  Status status;
  UnitModel out = unit;
  out.ports.clear();
  for (const PortInfo& p : unit.ports) {
    out.first_slot.push_back(static_cast<int>(out.ports.size()));
    if (!p.is_array()) {
      out.ports.push_back(p);
      continue;
    }
    const std::string at = where + " port array " + quoted(p.name);
    Result<int64_t> extent = Extent(p.extent).evaluate(params);
    if (!extent.ok()) {
      for (const Error& e : extent.status().errors()) status.add(e.kind, at, "its extent: " + e.message);
      continue;
    }
    if (extent.value() < 1 || extent.value() > kMaxPortArrayElements) {
      status.add("invalid-extent", at,
                 "has " + p.extent + " = " + std::to_string(extent.value()) + " elements; it must have 1 to " +
                     std::to_string(kMaxPortArrayElements));
      continue;
    }
    for (int64_t k = 0; k < extent.value(); ++k) {
      PortInfo element = p;
      element.element = k;
      out.ports.push_back(element);
    }
  }
  out.first_slot.push_back(static_cast<int>(out.ports.size()));
  // An element's identifier in emitted code (in_1 for in[1]) may not be a
  // single port's name, or the emitted context would declare it twice.
  for (const PortInfo& p : unit.ports) {
    if (p.is_array()) continue;
    for (const PortInfo& e : out.ports)
      if (e.element >= 0 && e.id() == p.name)
        status.add("duplicate-name", where + " port " + quoted(p.name),
                   "is also what emitted code names element " + e.label() + " of port array " + quoted(e.name) +
                       "; rename one");
  }
  if (!status.ok()) return status;
  return out;
}

}  // namespace loom
