// An Architecture binds units and a parameter set into a region: it declares the
// region's channels, memories and arguments, places units as instances, and binds
// every instance's ports. compose() resolves the parameters and checks the wiring
// (one writer and one reader per channel element, matching words, one owner per
// memory, one process per argument, indices in range, unique names), returning
// either a Region the backends consume or every error it found.
#pragma once

#include <functional>
#include <memory>
#include <optional>
#include <string>
#include <string_view>
#include <type_traits>
#include <vector>

#include "common/status.h"
#include "compose/region.h"
#include "units/argument.h"
#include "units/channel.h"
#include "units/memory.h"
#include "units/parameter_set.h"
#include "units/shape.h"
#include "units/unit_model.h"
#include "units/word.h"

namespace loom {

// The most rows a fully partitioned memory may have: each is a register.
inline constexpr int64_t kMaxPartitionedRows = 4096;

// One element of a declared channel, memory or argument, as a port is bound to it.
struct Ref {
  ObjectKind kind;
  std::string name;
  Index index;
  std::string to_string() const { return name + index.to_string(); }
};

// What an instance's port is bound to; std::nullopt where an instance has no such
// connection (the far end of a chain), which must be said explicitly.
using Binding = std::optional<Ref>;
// Called once per instance with its index and the resolved parameters, so that a
// chain's ends can depend on N.
using Binder = std::function<Binding(const Index&, const ParamValues&)>;
inline constexpr std::nullopt_t unbound = std::nullopt;

// What a port array's elements are bound to (LOOM_READS_ARRAY): a function of
// the instance and the element, and how many elements the slice has under
// the parameters (-1, or no function: it does not say), which compose()
// holds to the port's extent; `text` names the slice in that error.
struct Slice {
  std::function<Binding(const Index& instance, int64_t element, const ParamValues&)> element;
  std::function<int64_t(const ParamValues&)> size = nullptr;
  std::string text = "the lambda's elements";
  // Why the slice names no elements of its array under the parameters (a
  // row past the grid, a vector's row), or "": compose() refuses it once
  // (index-out-of-range) rather than each element's binding.
  std::function<std::string(const ParamValues&)> outside = nullptr;
};

// A declared channel, memory or argument array; call it with an index to name one
// element: x_chain(3), wrow(i, j), ctrl().
class Handle {
 public:
  Handle(ObjectKind kind, std::string name, Shape shape = one())
      : kind_(kind), name_(std::move(name)), shape_(std::move(shape)) {}
  Ref operator()() const { return {kind_, name_, Index::one()}; }
  Ref operator()(int64_t i) const { return {kind_, name_, Index::of(i)}; }
  Ref operator()(int64_t r, int64_t c) const { return {kind_, name_, Index::of(r, c)}; }
  Ref operator()(const Index& i) const { return {kind_, name_, i}; }
  const std::string& name() const { return name_; }
  const Shape& shape() const { return shape_; }  // as declared: its extents resolve at compose()

 private:
  ObjectKind kind_;
  std::string name_;
  Shape shape_;
};

class Placement {
 public:
  Placement(std::shared_ptr<const UnitModel> unit, std::string name, Shape instances)
      : unit_(std::move(unit)), name_(std::move(name)), instances_(std::move(instances)) {}

  // Binds `port` of every instance: to what `binder` returns for its index...
  Placement& bind(std::string_view port, Binder binder);
  // ...or for its index alone...
  template <class F>
    requires std::is_invocable_r_v<Binding, F, const Index&>
  Placement& bind(std::string_view port, F f) {
    return bind(port, Binder([f](const Index& i, const ParamValues&) { return f(i); }));
  }
  // ...or to one element, the same for every instance.
  Placement& bind(std::string_view port, Ref ref);
  // Binds each element of port array `port` of every instance: to a slice of
  // a channel array (compose/wiring.h: elements(), row(), column())...
  Placement& bind(std::string_view port, Slice slice);
  // ...or to what `f` returns for the instance's index and the element.
  template <class F>
    requires std::is_invocable_r_v<Binding, F, const Index&, int64_t>
  Placement& bind(std::string_view port, F f) {
    return bind(port, Slice{[f](const Index& i, int64_t k, const ParamValues&) { return f(i, k); }});
  }

  const UnitModel& unit() const { return *unit_; }
  const std::shared_ptr<const UnitModel>& unit_ptr() const { return unit_; }
  const std::string& name() const { return name_; }
  const Shape& instances() const { return instances_; }
  // A port's binding: `binder` for a single port, `slice` for a port array
  // (the one not given is empty).
  struct PortBinding {
    std::string port;
    Binder binder;
    Slice slice = {};
  };
  const std::vector<PortBinding>& bindings() const { return bindings_; }

 private:
  std::shared_ptr<const UnitModel> unit_;
  std::string name_;
  Shape instances_;
  std::vector<PortBinding> bindings_;
};

class Architecture {
 public:
  Architecture(std::string name, ParameterSet params)
      : name_(std::move(name)), params_(std::move(params)) {}

  // Declares a channel, memory or argument array; the handle names its elements.
  Handle add(Channel c);
  Handle add(Memory m);
  Handle add(Argument a);
  template <class W>
  Handle channel(std::string name, Shape shape, Extent depth, std::string carries) {
    return add(loom::channel<W>(std::move(name), std::move(shape), std::move(depth), std::move(carries)));
  }
  template <class W>
  Handle memory(std::string name, Extent rows, Shape shape = one(), MemoryTiming timing = {}) {
    return add(loom::memory<W>(std::move(name), std::move(rows), std::move(shape), timing));
  }
  template <class W>
  Handle argument(std::string name, Extent size, std::string doc, AxiTiming axi = {}) {
    return add(loom::argument<W>(std::move(name), std::move(size), std::move(doc), axi));
  }
  template <class W>
  Handle ap_memory(std::string name, Extent size, std::string doc, ApMemory ram = {}) {
    return add(loom::ap_memory<W>(std::move(name), std::move(size), std::move(doc), ram));
  }
  template <class W>
  Handle scalar(std::string name, Protocol protocol, std::string doc) {
    return add(loom::scalar<W>(std::move(name), protocol, std::move(doc)));
  }
  // The top's block-level control protocol; ap_ctrl_hs unless set.
  void control(BlockControl c) { control_ = c; }
  // Instances of `unit`, named `name`, in the given shape.
  Placement& place(UnitModel unit, std::string name, Shape instances);

  const std::string& name() const { return name_; }
  const ParameterSet& params() const { return params_; }

  // Errors include invalid-timing: a negative write latency, a fully
  // partitioned memory with a write latency or more than kMaxPartitionedRows
  // rows, or an argument's m_axi or ap_memory timing outside the ranges
  // units/argument.h gives; bad-interface: a scalar the body uses against its
  // direction (an ap_none input written, an ap_vld output read), or a
  // protocol that is not an argument's.
  Result<Region> compose(const Overrides& overrides = {}) const;

 private:
  friend class Composer;

  std::string name_;
  ParameterSet params_;
  std::vector<Channel> channels_;
  std::vector<Memory> memories_;
  std::vector<Argument> arguments_;
  BlockControl control_ = BlockControl::ap_ctrl_hs;
  std::vector<std::unique_ptr<Placement>> placements_;  // stable addresses for chaining
};

}  // namespace loom
