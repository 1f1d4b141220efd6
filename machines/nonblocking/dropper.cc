// The drop-on-full machine (dropper.h), registered with Loom's registry.
#include "machines/nonblocking/dropper.h"

#include "compose/place.h"
#include "compose/sim/fifo_timing.h"
#include "machines/nonblocking/drop_producer.h"
#include "machines/nonblocking/schedule.h"
#include "machines/nonblocking/summer.h"
#include "machines/registry.h"

namespace loom::nonblocking {

Architecture dropper() {
  ParameterSet params;
  params.param("K", 1000, 1, 100000, "values offered, one a cycle");
  params.param("QD", 2, 1, 64, "the FIFO's depth");
  Architecture arch("dropper", params);
  Handle q = arch.channel<Value>("q", one(), "QD", "values the producer got in, then the sentinel 0");
  Handle OUT = arch.scalar<Pair>("OUT", Protocol::ap_vld, "[sum, count] of the values that got through");
  place<DropProducer>(arch, "producer", one()).bind(DropProducer::out, q());
  place<Summer<kDropperConsumerII>>(arch, "consumer", one())
      .bind(Summer<kDropperConsumerII>::in, q())
      .bind(Summer<kDropperConsumerII>::OUT, OUT());
  return arch;
}

namespace {

Workload workload(const Region& region, uint64_t) {
  const int64_t k = region.params["K"], depth = region.params["QD"];
  const std::vector<int64_t> trips = accepted_trips(k, depth, kDropperConsumerII, read_after_write(Value::bits, depth));
  uint32_t sum = 0;
  for (int64_t t : trips) sum += static_cast<uint32_t>(t + 1);
  std::vector<Pair> out(1);
  out[0].set_lane(0, static_cast<int32_t>(sum));
  out[0].set_lane(1, static_cast<int64_t>(trips.size()));
  return Workload{
      .description = "drop on full: " + std::to_string(k) + " values offered into a FIFO of " + std::to_string(depth) +
                     ", " + std::to_string(trips.size()) + " get through to a consumer at II " +
                     std::to_string(kDropperConsumerII),
      .inputs = {},
      .check = [out](const ArgumentContents& final) { return compare_rows("OUT", final.at("OUT").as<Pair>(), out); },
      .expected = {{"OUT", Buffer::of(out)}},
  };
}

const MachineRegistration registration({
    "dropper",
    "a producer that drops on full (write_nb) into a consumer three times slower: what gets through is timing's",
    [](const Overrides&) -> Result<Architecture> { return dropper(); }, workload, nullptr});

}  // namespace
}  // namespace loom::nonblocking
