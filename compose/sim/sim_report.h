// What `loom sim` prints after a run: the outcome, then per unit placement its
// instances' busy and stalled cycles, then per channel array the deepest any of
// its FIFOs got against the declared depth, so a user can size them; and the
// same run as one JSON document (docs/cli.md): every process, every channel
// element, and the deadlock report's processes, channels and cycles.
#pragma once

#include <nlohmann/json.hpp>
#include <string>

#include "compose/region.h"
#include "compose/sim/simulator.h"

namespace loom {

std::string sim_report(const Region& region, const SimResult& result);
nlohmann::json sim_json(const Region& region, const SimResult& result);

// The two as views: subscribe one (SimOptions::listeners), run, then read
// it. Each holds what it rendered when the last run it saw ended: nothing (an
// empty text, a null JSON) before any, or while a run it began has not ended.
// A run simulate() refused before it began tells it nothing, so it keeps what
// it held.
class ReportView final : public SimListener {
 public:
  void on_begin(const Region& region) override {
    region_ = &region;
    text_.clear();
  }
  bool wants_words() const override { return false; }
  void on_end(const SimResult& result) override {
    text_ = sim_report(*region_, result);
    region_ = nullptr;
  }
  const std::string& text() const { return text_; }

 private:
  const Region* region_ = nullptr;  // during a run
  std::string text_;
};

class JsonView final : public SimListener {
 public:
  void on_begin(const Region& region) override {
    region_ = &region;
    json_ = nullptr;
  }
  bool wants_words() const override { return false; }
  void on_end(const SimResult& result) override {
    json_ = sim_json(*region_, result);
    region_ = nullptr;
  }
  nlohmann::json& json() { return json_; }  // the caller may add to it

 private:
  const Region* region_ = nullptr;  // during a run
  nlohmann::json json_;
};

}  // namespace loom
