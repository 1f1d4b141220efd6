// Every listener of a run (SimOptions::listeners), told each event in turn,
// for either engine.
#pragma once

#include <algorithm>
#include <exception>
#include <optional>
#include <string>
#include <vector>

#include "common/status.h"
#include "compose/sim/sim_listener.h"
#include "compose/sim/simulator.h"

namespace loom {

// Every subscriber, told each event in turn. A listener is the caller's code:
// if one throws, the run stops (its processes run on only until they block)
// with a listener-threw error naming it, and no listener is told anything more.
class Subscribers final : public SimListener {
 public:
  Subscribers(const std::vector<SimListener*>& all, bool& stop) : all_(all), stop_(stop) {}

  void on_begin(const Region& region) override {
    each([&](SimListener& l) { l.on_begin(region); });
  }
  void on_stall(size_t process, const Interval& stall) override {
    each([&](SimListener& l) { l.on_stall(process, stall); });
  }
  void on_word(size_t channel, int64_t written, int64_t read) override {
    each([&](SimListener& l) { l.on_word(channel, written, read); });
  }
  bool wants_words() const override {
    return std::any_of(all_.begin(), all_.end(), [](const SimListener* l) { return l->wants_words(); });
  }
  void on_end(const SimResult& result) override {
    each([&](SimListener& l) { l.on_end(result); });
  }
  // The first listener that threw, as an error, if one did.
  const std::optional<Error>& failure() const { return failure_; }

 private:
  template <class Event>
  void each(const Event& event) {
    for (size_t i = 0; i < all_.size() && !failure_; ++i) {
      try {
        event(*all_[i]);
      } catch (const std::exception& e) {
        fail(i, e.what());
      } catch (...) {
        fail(i, "an exception that is not a std::exception");
      }
    }
  }
  void fail(size_t listener, const std::string& what) {
    failure_ = Error{"listener-threw", "SimOptions::listeners[" + std::to_string(listener) + "]", "threw: " + what};
    stop_ = true;
  }

  const std::vector<SimListener*>& all_;
  bool& stop_;
  std::optional<Error> failure_;
};

}  // namespace loom
