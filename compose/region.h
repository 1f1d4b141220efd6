// A composed region: every process, channel, memory and argument with its
// parameters resolved and its wiring checked. What the backends (the simulator,
// HLS emission, DOT) consume; nothing in it can be wired wrong.
#pragma once

#include <cstdint>
#include <memory>
#include <string>
#include <vector>

#include "units/argument.h"
#include "units/parameter_set.h"
#include "units/shape.h"
#include "units/storage.h"
#include "units/unit_model.h"
#include "units/word.h"

namespace loom {

enum class ObjectKind { channel, memory, argument };
std::string_view to_string(ObjectKind kind);

// A process's port, as the far side of a channel or the holder of a memory.
struct Endpoint {
  int process = -1;
  int port = -1;
  bool valid() const { return process >= 0; }
};

// What one port of one process is bound to: an element of region.channels,
// memories or arguments, or nothing.
struct Target {
  ObjectKind kind = ObjectKind::channel;
  int id = -1;
  bool bound() const { return id >= 0; }
};

struct Process {
  std::string placement;  // e.g. "tap"
  // Its unit's model, with each port array one port an element
  // (units/port_slots.h): the same for every instance of the placement.
  std::shared_ptr<const UnitModel> unit;
  Index index;
  std::vector<Target> ports;  // parallel to unit->ports
  std::string name() const { return placement + index.to_string(); }  // "tap[3]"
};

struct ChannelInstance {
  std::string name;
  Index index;
  WordShape word;
  int64_t depth = 0;
  std::string carries;
  Endpoint writer, reader;
  std::string label() const { return name + index.to_string(); }
};

struct MemoryInstance {
  std::string name;
  Index index;
  WordShape word;
  int64_t rows = 0;
  int write_latency = 0;  // MemoryTiming::write_latency, in the owner's iterations
  Storage storage = Storage::dual_port;  // MemoryTiming::storage
  bool registers() const { return storage == Storage::registers; }
  Endpoint owner;
  std::string label() const { return name + index.to_string(); }
};

struct ArgumentInstance {
  std::string name;
  WordShape word;
  int64_t size = 0;
  std::string doc;
  Endpoint user;
  AxiTiming axi;  // its m_axi interface
  Protocol protocol = Protocol::m_axi;
  ApMemory ram;  // an ap_memory argument's RAM
};

// An array's depth as the views show it: "2", or "2..5" when --depth set its
// elements apart.
std::string depth_text(int64_t shallowest, int64_t deepest);

struct Region {
  std::string name;
  ParamValues params;
  BlockControl control = BlockControl::ap_ctrl_hs;  // the top's block protocol
  std::vector<Process> processes;
  std::vector<ChannelInstance> channels;
  std::vector<MemoryInstance> memories;
  std::vector<ArgumentInstance> arguments;

  // The port an endpoint names, as its unit declares it.
  const PortInfo& port(const Endpoint& e) const;
  // "unit 'tap[3]' port 'x_out'" (an element of a port array: 'y[2]'): where an error about the endpoint is, in
  // the words every error uses.
  std::string where(const Endpoint& e) const;
  // "tap[3].x_out": the endpoint in a list of them.
  std::string describe(const Endpoint& e) const;
  // Counts of instances, channels, memories and arguments, and the parameters.
  std::string summary() const;
};

// Every resolved parameter of the region, as --param sets it: "T=4 N=8 K=32".
std::string params_line(const Region& region);

}  // namespace loom
