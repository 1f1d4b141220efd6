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

// The two as views: subscribe one (SimOptions::listeners), run, then read it.
class ReportView final : public SimListener {
 public:
  void on_begin(const Region& region) override { region_ = &region; }
  void on_end(const SimResult& result) override { text_ = sim_report(*region_, result); }
  const std::string& text() const { return text_; }  // once the run has ended

 private:
  const Region* region_ = nullptr;
  std::string text_;
};

class JsonView final : public SimListener {
 public:
  void on_begin(const Region& region) override { region_ = &region; }
  void on_end(const SimResult& result) override { json_ = sim_json(*region_, result); }
  nlohmann::json& json() { return json_; }  // once the run has ended; the caller may add to it

 private:
  const Region* region_ = nullptr;
  nlohmann::json json_;
};

}  // namespace loom
