// The behavioural model of a machine: units with ports, state, channels, and
// instructions, each an ordered list of actions. Everything a consumer of an
// ISA usually restates (which units an opcode reaches, how many steps each
// spends, which rows it reads before it writes, what value comes out, what it
// costs) is a query over that one list. Nothing here knows compose/: the
// structure a composed architecture implies reaches this layer through
// structure.h's interface.
#pragma once

#include <cstdint>
#include <optional>
#include <string>
#include <vector>

namespace loom::actions {

// Where a port comes from, against the composed structure (structure.h's
// projection). Not loom::PortKind, which says what a unit's declared port
// does (reads, writes, owns).
enum class PortOrigin {
  derived,     // a channel endpoint or a memory side the composition already has
  alias,       // one port standing for composed ones (`stands_for`): a capacity claim
  arithmetic,  // what a unit computes: never derivable from what it is wired to
  counting,    // carries nothing: it exists to count through ports
};

// A port's capacity when it has room for any number of uses a cycle: the read
// side of registers, whose outputs fan out.
inline constexpr int64_t kAnyUses = int64_t{1} << 30;

// A port the actions use, with the uses a cycle it has room for: what booking
// counts. Not loom::Port, a unit's declared port; a derived ActionPort is one
// side of one.
struct ActionPort {
  ActionPort() = default;
  ActionPort(std::string n, int64_t c = 1, PortOrigin o = PortOrigin::derived, std::vector<std::string> s = {},
             std::string r = "")
      : name(std::move(n)), capacity(c), origin(o), stands_for(std::move(s)), reason(std::move(r)) {}

  std::string name;
  int64_t capacity = 1;  // uses a cycle, up to kAnyUses
  PortOrigin origin = PortOrigin::derived;
  std::vector<std::string> stands_for;  // alias: the composed ports it stands for
  std::string reason;                   // alias, arithmetic, counting: why it is not derived
  // A chain member's channel: it reads one element and writes the next, two
  // FIFOs, so receives and sends are booked apart, each at `capacity`.
  bool duplex = false;
  // The key booking counts a use of this port by: the port, or its side.
  std::string side(const std::string& op) const { return duplex ? name + (op == "send" ? ">" : "<") : name; }
};

struct Unit {
  std::string name;
  std::vector<ActionPort> ports;
  int64_t ii = 1;
  // An elastic unit absorbs a rate above its ii (it stalls); a non-elastic one
  // is refused when its rate exceeds its ii.
  bool elastic = true;
  // The composed units it is one dispatch domain over, when that is not just
  // the unit of its own name (TinyTPU's array: wld and pe, T x T of each).
  std::vector<std::string> kernels;
  const ActionPort* port(std::string_view name) const;
};

struct State {
  std::string name;
  int64_t rows = 0, lanes = 1, lane_bits = 8;
};

// A channel as the model needs it: its name and word. Not loom::Channel, the
// declaration a unit's port is bound to.
struct ModelChannel {
  std::string name;
  int64_t lanes = 1, lane_bits = 8;
};

enum class Per { row, instruction };

// Rows of a state an action touches: row r of the instruction touches
// first + r x step .. first + r x step + count - 1, where first is the operand
// `base` names (0 when empty) plus `offset`, and step is the operand `stride`
// names, or `step` when it names none. Per instruction, r is 0. E.g. "dst";
// a DRAM row loop's {"src", stride "stride"}; a weight kept in row 0, step 0.
struct Rows {
  std::string state, base;
  int64_t count = 1;  // how many rows each access spans
  int64_t offset = 0;
  int64_t step = 1;
  std::string stride = {};
};

// The instruction takes this action only when an operand has one of these values.
struct When {
  std::string operand;
  std::vector<int64_t> in;
};

// A value an action makes, ready `at` cycles after the action's last use of
// its port. A fold read at two taps is one action with two outputs, so its one
// reassociation is one obligation, and each tap keeps its own latency.
struct Output {
  std::string value;
  int64_t at = 0;
};

struct Action {
  std::string unit, port;
  Per per = Per::row;
  std::string op;                  // load, store, receive, send, select, mac, add, rectify, clip, fold, fetch, dispatch
  std::vector<std::string> takes;  // values it consumes
  std::vector<Output> outputs;     // the values it makes, each with its own latency
  std::optional<Rows> reads, writes;
  std::string via;                 // receive/send: the channel the value travels on
  int64_t leaves = 0;              // fold: how many lanes it reduces
  int64_t at = 0;                  // declared latency: cycles after its inputs are ready that it is placed
  int64_t times = 1;               // uses of its port each time it fires (spm sends a header and T weights)
  // The lane width its result is kept to, as an Int<bits> in the body would
  // keep it; 0: the op's exact width (docs/actions.md, "The executor").
  int64_t bits = 0;
  std::optional<When> when;
  bool makes(std::string_view value) const;
};

struct Instruction {
  std::string name;
  std::vector<std::string> operands;  // by name, e.g. {"a", "b", "dst"}
  std::vector<Action> actions;
};

// What an accepted composition still rests on: a claim the rule cannot
// discharge, why, and under what it would be discharged.
struct Obligation {
  std::string where;  // unit, port or instruction
  std::string claim, reason, discharged_under;
  bool open = true;
  // The unit's memory a claim of no dependence across its loop's iterations
  // is about, where it is one: HLS emission writes it as a dependence pragma.
  std::string memory = {};
};

enum class Numerics { exact, rounding };

struct Machine {
  std::string name;
  std::vector<Unit> units;
  std::vector<State> states;
  std::vector<ModelChannel> channels;
  std::vector<Instruction> instructions;
  std::vector<Obligation> claims;  // declared facts the rule cannot check (dependence, capacity)
  Numerics numerics = Numerics::exact;

  const Unit* unit(std::string_view name) const;
  const State* state(std::string_view name) const;
  const ModelChannel* channel(std::string_view name) const;
  const Instruction* instruction(std::string_view name) const;
};

}  // namespace loom::actions
