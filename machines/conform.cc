#include "machines/conform.h"

#include <cmath>
#include <cstdio>
#include <cstring>

#include "common/binary32.h"
#include "units/bits.h"

namespace loom {
namespace {

std::string float_text(int64_t bits) {
  char text[48];
  std::snprintf(text, sizeof text, "%.9g (0x%08x)", static_cast<double>(binary32(static_cast<uint64_t>(bits))),
                static_cast<uint32_t>(bits));
  return text;
}

}  // namespace

Status compare_three(const ThreeWay& o, const actions::ExecState& executed, int limit) {
  Status status;
  const bool observed = !o.bodies.empty();  // an on-chip memory the bodies keep to themselves is not
  if (o.reference.size() != o.executor.size() || (observed && o.reference.size() != o.bodies.size()))
    return Error{"conform-shape", "output '" + o.output + "'",
                 "the reference holds " + std::to_string(o.reference.size()) + " lanes, the executor " +
                     std::to_string(o.executor.size()) + ", the bodies " + std::to_string(o.bodies.size())};
  int64_t differences = 0;
  for (size_t i = 0; i < o.reference.size(); ++i) {
    const int64_t r = o.reference[i], e = o.executor[i], b = observed ? o.bodies[i] : r;
    const auto same = [&](int64_t x, int64_t y) {
      return o.binary32 ? same_binary32(static_cast<uint64_t>(x), static_cast<uint64_t>(y)) : x == y;
    };
    if (same(r, e) && same(e, b)) continue;
    if (differences++ >= limit) continue;
    const auto text = [&](int64_t v) { return o.binary32 ? float_text(v) : std::to_string(v); };
    const std::string values = "reference " + text(r) + ", executor " + text(e) + (observed ? ", bodies " + text(b) : std::string());
    const char* who = !observed ? "the action model and the reference disagree"
                      : same(r, e) ? "the unit bodies disagree with the reference and the action model"
                      : same(r, b) ? "the action model disagrees with the reference and the unit bodies"
                      : same(e, b) ? "the reference disagrees with the action model and the unit bodies"
                               : "all three disagree";
    const std::string writer = executed.writer(o.output, i);
    status.add("conform-mismatch",
               "output '" + o.output + "' row " + std::to_string(static_cast<int64_t>(i) / o.lanes) + " lane " +
                   std::to_string(static_cast<int64_t>(i) % o.lanes) +
                   (writer.empty() ? std::string(" (no action wrote it)") : " (written by " + writer + ")"),
               std::string(who) + ": " + values);
  }
  if (differences > limit)
    status.add("conform-mismatch", "output '" + o.output + "'", std::to_string(differences - limit) + " more differences");
  return status;
}

std::vector<int64_t> lanes_of(const Buffer& buffer) {
  const WordShape w = buffer.word();
  std::vector<int64_t> out;
  out.reserve(static_cast<size_t>(buffer.rows() * w.lanes));
  for (int64_t r = 0; r < buffer.rows(); ++r)
    for (int l = 0; l < w.lanes; ++l)
      out.push_back(bits::sign_extend(bits::extract(buffer.row(r), static_cast<unsigned>(l * w.lane_bits),
                                                    static_cast<unsigned>(w.lane_bits)),
                                      static_cast<unsigned>(w.lane_bits)));
  return out;
}

Buffer buffer_of(const std::vector<int64_t>& lanes, WordShape word) {
  const int64_t rows = word.lanes > 0 ? static_cast<int64_t>(lanes.size()) / word.lanes : 0;
  Buffer b(word, rows);
  for (int64_t r = 0; r < rows; ++r)
    for (int l = 0; l < word.lanes; ++l)
      bits::deposit(b.row(r), static_cast<unsigned>(l * word.lane_bits), static_cast<unsigned>(word.lane_bits),
                    static_cast<uint64_t>(lanes[static_cast<size_t>(r * word.lanes + l)]));
  return b;
}

}  // namespace loom
