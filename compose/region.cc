#include "compose/region.h"

#include "common/settings_line.h"

namespace loom {

std::string_view to_string(ObjectKind kind) {
  switch (kind) {
    case ObjectKind::channel: return "channel";
    case ObjectKind::memory: return "memory";
    case ObjectKind::argument: return "argument";
  }
  return "?";
}

const PortInfo& Region::port(const Endpoint& e) const {
  return processes[static_cast<size_t>(e.process)].unit->ports[static_cast<size_t>(e.port)];
}

std::string Region::where(const Endpoint& e) const {
  return "unit '" + processes[static_cast<size_t>(e.process)].name() + "' port '" + port(e).label() + "'";
}

std::string Region::describe(const Endpoint& e) const {
  return processes[static_cast<size_t>(e.process)].name() + "." + port(e).label();
}

std::string Region::summary() const {
  int64_t channel_words = 0;
  for (const ChannelInstance& c : channels) channel_words += c.depth;
  std::string out = "region '" + name + "': " + std::to_string(processes.size()) + " instances, " +
                    std::to_string(channels.size()) + " channels (" + std::to_string(channel_words) +
                    " words of FIFO), " + std::to_string(memories.size()) + " memories, " +
                    std::to_string(arguments.size()) + " arguments\n  parameters:";
  for (const auto& [n, v] : params.entries()) out += " " + n + "=" + std::to_string(v);
  return out + "\n";
}

std::string depth_text(int64_t shallowest, int64_t deepest) {
  return std::to_string(shallowest) + (shallowest == deepest ? "" : ".." + std::to_string(deepest));
}

std::string params_line(const Region& region) { return settings_line(region.params.entries()); }

}  // namespace loom
