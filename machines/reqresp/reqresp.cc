// The request/response machine (reqresp.h), registered with Loom's registry.
#include "machines/reqresp/reqresp.h"

#include <random>

#include "compose/place.h"
#include "machines/registry.h"
#include "machines/reqresp/answerer.h"
#include "machines/reqresp/asker.h"

namespace loom::reqresp {

Architecture architecture(int latency, BlockControl control) {
  ParameterSet params;
  params.param("K", 2025, 1, 4096, "requests, one a trip");
  params.param("QD", 2, 1, 64, "depth of both FIFOs");
  params.param("L", latency, 1, 8, "the request RAM's read latency (ap_memory latency)");
  Architecture arch("reqresp", params);
  Handle req = arch.channel<Value>("req", one(), "QD", "requests, asker to answerer");
  Handle resp = arch.channel<Value>("resp", one(), "QD", "replies, answerer to asker: the feedback edge");
  Handle REQ = arch.ap_memory<Value>("REQ", "K", "the requests, in a RAM outside the block",
                                     ApMemory{latency, Storage::single_port});
  Handle BIAS = arch.scalar<Value>("BIAS", Protocol::ap_none, "added to twice each request");
  Handle SUM = arch.scalar<Value>("SUM", Protocol::ap_vld, "the replies' sum");
  arch.control(control);
  place<Asker>(arch, "asker", one())
      .bind(Asker::REQ, REQ())
      .bind(Asker::req, req())
      .bind(Asker::resp, resp())
      .bind(Asker::SUM, SUM());
  place<Answerer>(arch, "answerer", one())
      .bind(Answerer::req, req())
      .bind(Answerer::resp, resp())
      .bind(Answerer::BIAS, BIAS());
  return arch;
}

int32_t expected_sum(const std::vector<int32_t>& requests, int32_t bias) {
  uint32_t sum = 0;  // the asker's lane wraps as int32 does in hardware
  for (int32_t r : requests) sum += static_cast<uint32_t>(2 * static_cast<int64_t>(r) + bias);
  return static_cast<int32_t>(sum);
}

namespace {

Result<Architecture> any_architecture(const Overrides& overrides) {
  int64_t latency = 1;
  for (const auto& [name, value] : overrides)
    if (name == "L") latency = value;
  // Out of the parameter's range, compose refuses it by name; the RAM's
  // latency must not wrap on the way there.
  if (latency < 1 || latency > kMaxApMemoryLatency) latency = kMaxApMemoryLatency + 1;
  return architecture(static_cast<int>(latency));
}

Workload workload(const Region& region, uint64_t seed) {
  std::mt19937_64 rng(seed);
  std::uniform_int_distribution<int32_t> value(-1000, 1000), offset(-100, 100);
  std::vector<int32_t> requests(static_cast<size_t>(region.params["K"]));
  for (int32_t& r : requests) r = value(rng);
  const int32_t bias = offset(rng);
  std::vector<Value> req(requests.size()), b(1), sum(1);
  for (size_t i = 0; i < requests.size(); ++i) req[i].set_lane(0, requests[i]);
  b[0].set_lane(0, bias);
  sum[0].set_lane(0, expected_sum(requests, bias));
  return Workload{
      .description = "request/response, " + std::to_string(requests.size()) + " requests in [-1000, 1000], bias " +
                     std::to_string(bias) + ", seed " + std::to_string(seed),
      .inputs = {{"REQ", Buffer::of(req)}, {"BIAS", Buffer::of(b)}},
      .check = [sum](const ArgumentContents& final) { return compare_rows("SUM", final.at("SUM").as<Value>(), sum); },
      .expected = {{"SUM", Buffer::of(sum)}},
  };
}

const MachineRegistration registration({
    "reqresp",
    "a request/response pair over a feedback FIFO: requests from an ap_memory RAM, a scalar bias in, the sum out "
    "(ap_vld), under ap_ctrl_hs",
    any_architecture, workload, nullptr});

}  // namespace
}  // namespace loom::reqresp
