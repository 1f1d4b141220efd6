// The fetch/execute machine (fetch.h), registered with Loom's registry.
#include "machines/nonblocking/fetch.h"

#include "compose/place.h"
#include "compose/sim/fifo_timing.h"
#include "machines/nonblocking/executor.h"
#include "machines/nonblocking/fetcher.h"
#include "machines/nonblocking/schedule.h"
#include "machines/registry.h"

namespace loom::nonblocking {

Architecture fetch() {
  ParameterSet params;
  params.param("N", 1000, 1, 100000, "instructions executed, the last a halt");
  params.param("B", 8, 1, 1024, "a branch every B instructions: pc % B == B - 1");
  // A target past the longest wrong path (5 fetches, at QD >= 3) is never
  // among the wrong path's instructions, so every redirect costs the loop's
  // latency and no more (schedule.h). Nearer, execute could take the target
  // from the wrong path, and a second redirect could queue behind the first:
  // the simulator runs that, but this machine's reference does not derive it.
  params.param("J", 6, kMinJump, 1024, "a branch's distance: pc + J");
  // Depth 1 would stall fetch every other cycle (fifo_timing.h: a word every 2).
  params.param("QD", 2, 2, 64, "both FIFOs' depth");
  Architecture arch("fetch", params);
  Handle insn = arch.channel<Pair>("insn", one(), "QD", "[pc, 0] a cycle, then [0, 1]");
  Handle redirect = arch.channel<Pair>("redirect", one(), "QD", "[target, 0] at a taken branch, [0, 1] to halt");
  Handle FETCHED = arch.scalar<Value>("FETCHED", Protocol::ap_vld, "instructions fetched");
  Handle OUT = arch.scalar<Pair>("OUT", Protocol::ap_vld, "[sum of pcs executed, instructions squashed]");
  place<Fetcher>(arch, "fetch", one())
      .bind(Fetcher::redirect, redirect())
      .bind(Fetcher::insn, insn())
      .bind(Fetcher::FETCHED, FETCHED());
  place<Executor>(arch, "execute", one())
      .bind(Executor::insn, insn())
      .bind(Executor::redirect, redirect())
      .bind(Executor::OUT, OUT());
  return arch;
}

namespace {

Workload workload(const Region& region, uint64_t) {
  const int64_t n = region.params["N"], b = region.params["B"], j = region.params["J"], depth = region.params["QD"];
  // A branch fetched at trip f is read rw later, its redirect written in
  // execute's kRedirectStage and seen rw after that: fetch runs on meanwhile.
  const int64_t rw = read_after_write(Pair::bits, depth);
  const FetchOutcome o = fetch_outcome(n, b, j, rw + kRedirectStage + rw - 1);
  std::vector<Value> fetched(1);
  fetched[0].set_lane(0, o.fetched);
  std::vector<Pair> out(1);
  out[0].set_lane(0, o.sum);
  out[0].set_lane(1, o.squashed);
  return Workload{
      .description = "fetch/execute: " + std::to_string(n) + " instructions, a branch every " + std::to_string(b) +
                     ", " + std::to_string(o.redirects) + " redirects, " + std::to_string(o.squashed) + " squashed",
      .inputs = {},
      .check =
          [fetched, out](const ArgumentContents& final) {
            Status s = compare_rows("FETCHED", final.at("FETCHED").as<Value>(), fetched);
            s.merge(compare_rows("OUT", final.at("OUT").as<Pair>(), out));
            return s;
          },
      .expected = {{"FETCHED", Buffer::of(fetched)}, {"OUT", Buffer::of(out)}},
  };
}

const MachineRegistration registration({
    "fetch",
    "a fetch/execute pair with a non-blocking redirect (read_nb): how far fetch runs down the wrong path is timing's",
    [](const Overrides&) -> Result<Architecture> { return fetch(); }, workload, nullptr});

}  // namespace
}  // namespace loom::nonblocking
