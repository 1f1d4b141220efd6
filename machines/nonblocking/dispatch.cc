// The dispatcher machine (dispatch.h), registered with Loom's registry.
#include "machines/nonblocking/dispatch.h"

#include "compose/place.h"
#include "compose/sim/fifo_timing.h"
#include "machines/nonblocking/dispatcher.h"
#include "machines/nonblocking/schedule.h"
#include "machines/nonblocking/summer.h"
#include "machines/registry.h"

namespace loom::nonblocking {

Architecture dispatch() {
  ParameterSet params;
  params.param("K", 1000, 1, 100000, "values dispatched, one a cycle");
  params.param("QD", 2, 1, 64, "the first worker's FIFO depth");
  params.param("QD2", kSecondDepth, kSecondDepth, kSecondDepth, "the second worker's FIFO depth");
  Architecture arch("dispatch", params);
  Handle first = arch.channel<Value>("to_first", one(), "QD", "what the first worker had room for");
  Handle second = arch.channel<Value>("to_second", one(), "QD2", "the rest");
  Handle OUT0 = arch.scalar<Pair>("OUT0", Protocol::ap_vld, "the first worker's [sum, count]");
  Handle OUT1 = arch.scalar<Pair>("OUT1", Protocol::ap_vld, "the second worker's [sum, count]");
  place<Dispatcher>(arch, "dispatcher", one()).bind(Dispatcher::first, first()).bind(Dispatcher::second, second());
  using Slow = Summer<kFirstWorkerII>;
  using Fast = Summer<kSecondWorkerII>;
  place<Slow>(arch, "slow", one()).bind(Slow::in, first()).bind(Slow::OUT, OUT0());
  place<Fast>(arch, "fast", one()).bind(Fast::in, second()).bind(Fast::OUT, OUT1());
  return arch;
}

namespace {

Workload workload(const Region& region, uint64_t) {
  const int64_t k = region.params["K"], depth = region.params["QD"];
  // The dispatcher never stalls (kSecondDepth), so the first worker sees a
  // producer that tries once a cycle, as the dropper's consumer does.
  const std::vector<int64_t> trips = accepted_trips(k, depth, kFirstWorkerII, read_after_write(Value::bits, depth));
  uint32_t all = 0, first = 0;
  for (int64_t i = 0; i < k; ++i) all += static_cast<uint32_t>(i + 1);
  for (int64_t t : trips) first += static_cast<uint32_t>(t + 1);
  std::vector<Pair> out0(1), out1(1);
  out0[0].set_lane(0, static_cast<int32_t>(first));
  out0[0].set_lane(1, static_cast<int64_t>(trips.size()));
  out1[0].set_lane(0, static_cast<int32_t>(all - first));
  out1[0].set_lane(1, k - static_cast<int64_t>(trips.size()));
  return Workload{
      .description = "dispatch: " + std::to_string(k) + " values, " + std::to_string(trips.size()) +
                     " to the first worker (II " + std::to_string(kFirstWorkerII) + ", FIFO " + std::to_string(depth) +
                     "), the rest to the second (II " + std::to_string(kSecondWorkerII) + ")",
      .inputs = {},
      .check =
          [out0, out1](const ArgumentContents& final) {
            Status s = compare_rows("OUT0", final.at("OUT0").as<Pair>(), out0);
            s.merge(compare_rows("OUT1", final.at("OUT1").as<Pair>(), out1));
            return s;
          },
      .expected = {{"OUT0", Buffer::of(out0)}, {"OUT1", Buffer::of(out1)}},
  };
}

const MachineRegistration registration({
    "dispatch",
    "a dispatcher that falls back to a second worker when the first is full (write_nb), workers at II 3 and 1",
    [](const Overrides&) -> Result<Architecture> { return dispatch(); }, workload, nullptr});

}  // namespace
}  // namespace loom::nonblocking
