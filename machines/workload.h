// What `loom sim` runs on a machine: inputs for a composed region, and a check of
// the simulated outputs against the machine's plain C++ reference.
#pragma once

#include <functional>
#include <map>
#include <random>
#include <set>
#include <string>
#include <utility>
#include <vector>

#include "common/status.h"
#include "units/buffer.h"

namespace loom {

struct Workload {
  std::string description;  // one line, e.g. "FIR: 8 taps, 32 samples, int8 operands, seed 0"
  ArgumentContents inputs;
  // Every output in the arguments' final contents (a simulation's, or the
  // kernel's in an HLS testbench) compared with the reference; each difference
  // a named error.
  std::function<Status(const ArgumentContents& final)> check;
  // The reference's contents of every argument the check compares, in full:
  // what the HLS testbench compares the kernel's outputs with.
  std::map<std::string, Buffer> expected;
  // The expected arguments whose lanes are IEEE binary32, which every check
  // compares by common/binary32.h's rule; the rest, bit for bit.
  std::set<std::string> binary32 = {};
};

// `rows` words of random lanes, each uniform over the lane's full two's
// complement range: what a workload feeds a datapath to reach its corners.
template <class W>
std::vector<W> random_rows(int64_t rows, std::mt19937_64& rng) {
  std::vector<W> out(static_cast<size_t>(rows));
  static_assert(W::lane_bits < 64, "loom: random_rows draws lanes narrower than 64 bits");
  const uint64_t span = uint64_t{1} << W::lane_bits;
  for (W& row : out)
    for (unsigned lane = 0; lane < W::lanes; ++lane)
      row.set_lane(lane, static_cast<int64_t>(rng() % span) - static_cast<int64_t>(span / 2));
  return out;
}

// The differences between simulated and expected rows of one argument, where
// same(simulated, expected, lane) says a lane agrees, as "mismatch" errors at
// where(row, lane) showing each lane as text(word, lane); at most `limit` of
// them, then a count.
template <class W, class Text, class Same, class Where>
Status compare_rows(const std::string& argument, const std::vector<W>& simulated, const std::vector<W>& expected,
                    int limit, Text text, Same same, Where where) {
  Status status;
  int64_t differences = 0;
  for (size_t r = 0; r < expected.size() && r < simulated.size(); ++r)
    for (unsigned lane = 0; lane < W::lanes; ++lane) {
      if (same(simulated[r], expected[r], lane)) continue;
      if (differences++ < limit)
        status.add("mismatch", where(r, lane), "simulated " + text(simulated[r], lane) + ", reference " + text(expected[r], lane));
    }
  if (simulated.size() != expected.size())
    status.add("mismatch", "argument '" + argument + "'",
               std::to_string(simulated.size()) + " rows simulated, " + std::to_string(expected.size()) + " expected");
  if (differences > limit)
    status.add("mismatch", "argument '" + argument + "'", std::to_string(differences - limit) + " more differences");
  return status;
}

// The same, each difference at "argument 'NAME' row R lane L".
template <class W, class Text, class Same>
Status compare_rows(const std::string& argument, const std::vector<W>& simulated, const std::vector<W>& expected,
                    int limit, Text text, Same same) {
  return compare_rows(argument, simulated, expected, limit, text, same, [&argument](size_t row, unsigned lane) {
    return "argument '" + argument + "' row " + std::to_string(row) + " lane " + std::to_string(lane);
  });
}

// How a check names the elements of an argument whose lanes, read in order,
// are a vector or a matrix (element e is lane e % lanes of row e / lanes): a
// vector's "Y[5]", a matrix's "C[2][3]", rather than the row and lane of a
// word that may hold part of a matrix row, or several.
struct ArgumentShape {
  std::string argument;
  int64_t cols = 0;  // 0: a vector; else a matrix of this many columns, row-major
  // A matrix laid out otherwise: element e's (row, column).
  std::function<std::pair<int64_t, int64_t>(int64_t)> position = nullptr;

  std::string element(int64_t e) const {
    if (position) {
      const auto [row, col] = position(e);
      return argument + "[" + std::to_string(row) + "][" + std::to_string(col) + "]";
    }
    if (cols <= 0) return argument + "[" + std::to_string(e) + "]";
    return argument + "[" + std::to_string(e / cols) + "][" + std::to_string(e % cols) + "]";
  }
};

inline ArgumentShape vector_shape(std::string argument) { return {std::move(argument)}; }
inline ArgumentShape matrix_shape(std::string argument, int64_t cols) { return {std::move(argument), cols}; }
inline ArgumentShape matrix_shape(std::string argument, std::function<std::pair<int64_t, int64_t>(int64_t)> position) {
  return {std::move(argument), 0, std::move(position)};
}

// The same, each difference at its element of `shape` ("C[2][3]").
template <class W, class Text, class Same>
Status compare_rows(const ArgumentShape& shape, const std::vector<W>& simulated, const std::vector<W>& expected,
                    int limit, Text text, Same same) {
  return compare_rows(shape.argument, simulated, expected, limit, text, same, [&shape](size_t row, unsigned lane) {
    return shape.element(static_cast<int64_t>(row) * W::lanes + lane);
  });
}

// Bit for bit, lanes shown as two's complement integers.
template <class W>
std::string lane_text(const W& word, unsigned lane) {
  return std::to_string(word.lane_signed(lane));
}
template <class W>
bool same_lane(const W& a, const W& b, unsigned lane) {
  return a.lane(lane) == b.lane(lane);
}

// Bit for bit, each difference at where(row, lane).
template <class W, class Where>
Status compare_rows(const std::string& argument, const std::vector<W>& simulated, const std::vector<W>& expected,
                    int limit, Where where) {
  return compare_rows(argument, simulated, expected, limit, lane_text<W>, same_lane<W>, where);
}

// Bit for bit, each difference at its element of `shape` ("C[2][3]").
template <class W>
Status compare_rows(const ArgumentShape& shape, const std::vector<W>& simulated, const std::vector<W>& expected,
                    int limit = 10) {
  return compare_rows(shape, simulated, expected, limit, lane_text<W>, same_lane<W>);
}

// Bit for bit, each difference at "argument 'NAME' row R lane L".
template <class W>
Status compare_rows(const std::string& argument, const std::vector<W>& simulated, const std::vector<W>& expected,
                    int limit = 10) {
  return compare_rows(argument, simulated, expected, limit, lane_text<W>, same_lane<W>);
}

}  // namespace loom
