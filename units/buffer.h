// Rows of packed words, of one shape: what a region argument or a memory
// holds, going into a run and coming out of it, in the simulator, the HLS
// testbench and a unit's standalone test alike.
#pragma once

#include <cstdint>
#include <map>
#include <string>
#include <vector>

#include "common/contract.h"
#include "units/bits.h"
#include "units/word.h"

namespace loom {

class Buffer {
 public:
  Buffer() = default;
  Buffer(WordShape word, int64_t rows)
      : word_(word), stride_(bits::limbs_for(static_cast<unsigned>(word.bits()))), rows_(rows),
        limbs_(static_cast<size_t>(rows) * stride_, 0) {}

  template <class W>
  static Buffer of(const std::vector<W>& rows) {
    Buffer b(W::shape(), static_cast<int64_t>(rows.size()));
    for (size_t r = 0; r < rows.size(); ++r)
      for (unsigned l = 0; l < W::limb_count; ++l) b.row(static_cast<int64_t>(r))[l] = rows[r].limbs()[l];
    return b;
  }

  template <class W>
  std::vector<W> as() const {
    LOOM_CONTRACT(W::shape() == word_, "a buffer is read back as its own word type");
    std::vector<W> out(static_cast<size_t>(rows()));
    for (size_t r = 0; r < out.size(); ++r)
      for (unsigned l = 0; l < W::limb_count; ++l) out[r].limbs()[l] = row(static_cast<int64_t>(r))[l];
    return out;
  }

  const WordShape& word() const { return word_; }
  int64_t rows() const { return rows_; }
  unsigned stride() const { return stride_; }  // limbs per row
  uint64_t* row(int64_t r) { return limbs_.data() + static_cast<size_t>(r) * stride_; }
  const uint64_t* row(int64_t r) const { return limbs_.data() + static_cast<size_t>(r) * stride_; }
  friend bool operator==(const Buffer&, const Buffer&) = default;

 private:
  WordShape word_;
  unsigned stride_ = 0;
  int64_t rows_ = 0;
  std::vector<uint64_t> limbs_;
};

// Every region argument's contents, by name: what a run starts from and ends
// with, in the simulator and in the HLS testbench alike.
using ArgumentContents = std::map<std::string, Buffer>;

}  // namespace loom
