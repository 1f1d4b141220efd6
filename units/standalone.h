// Runs one unit instance on its own, against words a test scripts for each input
// port (an element of a port array named as "y[3]"): the unit test of a body, with no composition and no scheduler. A read
// with nothing left, a row out of range or a missing parameter stops the run with
// a named error rather than a hang or a crash.
#pragma once

#include <cassert>
#include <cstdint>
#include <deque>
#include <map>
#include <string>
#include <vector>

#include "common/status.h"
#include "units/buffer.h"
#include "units/io.h"
#include "units/parameter_set.h"
#include "units/port_slots.h"
#include "units/unit_model.h"
#include "units/word.h"

namespace loom {

class Standalone final : public Io {
 public:
  Standalone(UnitModel unit, Index index, ParamValues params);

  // Queues words on an input port (Reads<>).
  template <class W>
  void feed(std::string_view port, const std::vector<W>& words) {
    auto& q = fifos_[checked_port<W>(port)];
    for (const W& w : words) q.emplace_back(w.limbs(), w.limbs() + W::limb_count);
  }
  // Sizes a memory or argument port's storage to `rows` zeroed rows.
  void allocate(std::string_view port, int64_t rows);
  template <class W>
  void fill(std::string_view port, const std::vector<W>& rows) {
    storage_[checked_port<W>(port)] = Buffer::of(rows);
  }

  // Runs the body to completion, or to the first error.
  Status run();

  // Words written to an output port, or the rows of a memory or argument.
  template <class W>
  std::vector<W> written(std::string_view port) const {
    auto it = fifos_.find(checked_port<W>(port));
    if (it == fifos_.end()) return {};
    std::vector<W> out(it->second.size());
    for (size_t i = 0; i < out.size(); ++i)
      for (unsigned l = 0; l < W::limb_count; ++l) out[i].limbs()[l] = it->second[i][l];
    return out;
  }
  template <class W>
  std::vector<W> rows(std::string_view port) const {
    auto it = storage_.find(checked_port<W>(port));
    return it == storage_.end() ? std::vector<W>() : it->second.template as<W>();
  }

  void read(int port, uint64_t* limbs, int limb_count) override;
  void write(int port, const uint64_t* limbs, int limb_count) override;
  // With no other side, a non-blocking read sees only the words fed, and a
  // write always finds room. A body that polls an input kPollLimit times in
  // a row and finds nothing is starved: the run stops rather than spin.
  static constexpr int64_t kPollLimit = int64_t{1} << 20;
  bool read_nb(int port, uint64_t* limbs, int limb_count) override;
  bool write_nb(int port, const uint64_t* limbs, int limb_count) override;
  bool empty(int port) override;
  bool full(int port) override;
  void load(int port, int64_t row, uint64_t* limbs, int limb_count) override;
  void store(int port, int64_t row, const uint64_t* limbs, int limb_count) override;
  int64_t param(int which) override;
  int slot(int port, int64_t element) override;

 private:
  using Limbs = std::vector<uint64_t>;
  int checked_port(std::string_view port) const;
  // The port, which must carry words of type W: a mismatch would copy past a row.
  template <class W>
  int checked_port(std::string_view port) const {
    const int i = checked_port(port);
    assert(unit_.ports[static_cast<size_t>(i)].word == W::shape() && "a standalone test uses the port's own word");
    return i;
  }
  std::string where(int port) const;
  [[noreturn]] void fail(std::string kind, int port, std::string message);

  UnitModel unit_;
  Index index_;
  ParamValues params_;
  std::map<int, std::deque<Limbs>> fifos_;
  std::map<int, Buffer> storage_;
  int64_t failed_polls_ = 0;  // in a row, on any input
  Status setup_;  // a port array whose extent did not resolve: run() returns it
};

}  // namespace loom
