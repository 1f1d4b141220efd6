// A simulation's busy and blocked intervals as Chrome trace-event JSON, which
// Perfetto (ui.perfetto.dev) and chrome://tracing open: one track per process,
// one cycle shown as one microsecond.
#pragma once

#include <string>

#include "compose/region.h"
#include "compose/sim/simulator.h"
#include "compose/sim/timeline.h"

namespace loom {

// The trace of the run of `region` that ended with `result`, which `timeline`
// saw from its beginning to its end.
std::string chrome_trace(const Region& region, const SimResult& result, const Timeline& timeline);

// The trace as a view: subscribe it (SimOptions::listeners), run, then read
// it. It holds the trace of the last run it saw end, or nothing: an empty
// text before any, or while a run it began has not ended. A run simulate()
// refused before it began tells it nothing, so it keeps what it held.
class TraceView final : public Timeline {
 public:
  void on_begin(const Region& region) override {
    region_ = &region;
    text_.clear();
    Timeline::on_begin(region);
  }
  void on_end(const SimResult& result) override {
    Timeline::on_end(result);
    text_ = chrome_trace(*region_, result, *this);
    region_ = nullptr;
  }
  const std::string& text() const { return text_; }

 private:
  const Region* region_ = nullptr;  // during a run
  std::string text_;
};

}  // namespace loom
