#include "actions/machine.h"

namespace loom::actions {

template <class T>
static const T* named(const std::vector<T>& v, std::string_view name) {
  for (const T& x : v)
    if (x.name == name) return &x;
  return nullptr;
}

bool Action::makes(std::string_view value) const {
  for (const Output& o : outputs)
    if (o.value == value) return true;
  return false;
}

const ActionPort* Unit::port(std::string_view n) const { return named(ports, n); }
const Unit* Machine::unit(std::string_view n) const { return named(units, n); }
const State* Machine::state(std::string_view n) const { return named(states, n); }
const ModelChannel* Machine::channel(std::string_view n) const { return named(channels, n); }
const Instruction* Machine::instruction(std::string_view n) const { return named(instructions, n); }

}  // namespace loom::actions
