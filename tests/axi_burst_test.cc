// An m_axi burst's beats and pieces (compose/sim/axi_timing.h
// axi_burst_count) and a widened argument's beat width (units/argument.h
// axi_beat_bits), held over many offsets, sizes, beat widths and burst
// lengths to references derived here, not to the functions' own arithmetic.
#include <catch2/catch.hpp>

#include <algorithm>
#include <vector>

#include "compose/sim/axi_timing.h"
#include "units/argument.h"

namespace loom {
namespace {

// The burst cut at every 4 KiB boundary into page segments, each moving the
// beats from the one its first byte is in to the one its last byte is in,
// requested burst_beats at a time.
AxiBurstCount by_pages(int64_t offset, int64_t bytes, int64_t beat_bytes, int64_t burst_beats) {
  AxiBurstCount out;
  for (int64_t at = offset, end = offset + bytes; at < end;) {
    const int64_t segment_end = std::min(end, (at / 4096 + 1) * 4096);
    const int64_t beats = (segment_end - 1) / beat_bytes - at / beat_bytes + 1;
    out.beats += beats;
    out.pieces += (beats + burst_beats - 1) / burst_beats;
    at = segment_end;
  }
  return out;
}

// The burst walked a byte at a time, as an adapter would issue it: a byte
// that begins a beat is one more beat, and one more piece where it begins a
// page or its piece already holds burst_beats.
AxiBurstCount by_walk(int64_t offset, int64_t bytes, int64_t beat_bytes, int64_t burst_beats) {
  AxiBurstCount out;
  int64_t in_piece = 0;
  for (int64_t b = offset; b < offset + bytes; ++b) {
    const bool first = b == offset;
    if (!first && b % beat_bytes != 0) continue;
    if (first || b % 4096 == 0 || in_piece == burst_beats) ++out.pieces, in_piece = 0;
    ++out.beats, ++in_piece;
  }
  return out;
}

TEST_CASE("a burst's beats are its bytes over the beat width, and its pieces split at 4 KiB and at burst_beats",
          "[axi][widen]") {
  // By hand: 40 four-byte tokens from byte 0 on 64-byte beats are 160 bytes,
  // 3 beats (the last half full), one piece; on 4-byte beats 40, 3 pieces of 16.
  CHECK(axi_burst_count(0, 160, 64, 16) == AxiBurstCount{3, 1});
  CHECK(axi_burst_count(0, 160, 4, 16) == AxiBurstCount{40, 3});
  // From byte 4000, 160 bytes cross the page at 4096: beats 62 and 63, then 64; two pieces.
  CHECK(axi_burst_count(4000, 160, 64, 16) == AxiBurstCount{3, 2});
  // A byte into a beat, a byte out of the next: two beats.
  CHECK(axi_burst_count(63, 2, 64, 16) == AxiBurstCount{2, 1});
  CHECK(axi_burst_count(100, 0, 64, 16) == AxiBurstCount{});
  // Three whole pages on 128-byte beats at 16 a piece: 32 beats, 2 pieces, a page.
  CHECK(axi_burst_count(4096, 3 * 4096, 128, 16) == AxiBurstCount{96, 6});

  int cases = 0;
  for (const int64_t beat_bytes : {1, 2, 4, 8, 16, 32, 64, 128})
    for (const int64_t burst_beats : {1, 2, 3, 16, 100, 256})
      for (int64_t offset = 0; offset < 2 * 4096 + 200; offset += 37)
        for (const int64_t bytes : {1, 2, 5, 63, 64, 65, 200, 1000, 4095, 4096, 4097, 9000}) {
          INFO("offset " << offset << ", " << bytes << " bytes, " << beat_bytes << "-byte beats, " << burst_beats
                         << " a piece");
          const AxiBurstCount got = axi_burst_count(offset, bytes, beat_bytes, burst_beats);
          const AxiBurstCount pages = by_pages(offset, bytes, beat_bytes, burst_beats);
          REQUIRE(got.beats == pages.beats);
          REQUIRE(got.pieces == pages.pieces);
          // Whole beats: the span from the first beat's start to the last one's end.
          CHECK(got.beats == ((offset + bytes + beat_bytes - 1) / beat_bytes) - offset / beat_bytes);
          CHECK(got.pieces >= (got.beats + burst_beats - 1) / burst_beats);
          CHECK(got.pieces >= (offset + bytes - 1) / 4096 - offset / 4096 + 1);  // LightningSim's burst_count
          if (bytes <= 1000 && offset % 5 == 0) {
            const AxiBurstCount walked = by_walk(offset, bytes, beat_bytes, burst_beats);
            REQUIRE(got.beats == walked.beats);
            REQUIRE(got.pieces == walked.pieces);
          }
          ++cases;
        }
  CHECK(cases > 50'000);
}

TEST_CASE("a beat is the element, widened to the smaller of the limit and the alignment where that is wider",
          "[axi][widen]") {
  // The defaults widen nothing (the Vivado IP flow's); the Vitis kernel
  // flow's 512 bits on 64-byte pointers widen a 32-bit element to 512.
  CHECK(axi_beat_bits(AxiTiming{}, 32) == 32);
  CHECK(axi_beat_bits(AxiTiming{.max_widen_bits = 512, .alignment_bytes = 64}, 32) == 512);
  CHECK(axi_beat_bits(AxiTiming{.max_widen_bits = 512, .alignment_bytes = 64}, 36) == 512);  // a 64-bit element
  CHECK(axi_beat_bits(AxiTiming{.max_widen_bits = 512, .alignment_bytes = 16}, 32) == 128);  // the alignment binds
  CHECK(axi_beat_bits(AxiTiming{.max_widen_bits = 512}, 32) == 32);                          // a byte aligned: none
  CHECK(axi_beat_bits(AxiTiming{.max_widen_bits = 16, .alignment_bytes = 64}, 32) == 32);    // never narrower
  CHECK(!axi_widened(AxiTiming{.max_widen_bits = 64, .alignment_bytes = 8}, 64));
  CHECK(axi_widened(AxiTiming{.max_widen_bits = 128, .alignment_bytes = 16}, 64));

  std::vector<int> limits = {0};
  for (int w = 1; w <= kMaxAxiWidenBits; w *= 2) limits.push_back(w);
  for (int bits = 1; bits <= 1024; ++bits)
    for (const int limit : limits)
      for (int align = 1; align <= kMaxAxiAlignmentBytes; align *= 2) {
        const AxiTiming t{.max_widen_bits = limit, .alignment_bytes = align};
        const int element = axi_element_bits(bits), beat = axi_beat_bits(t, bits);
        INFO(bits << " bits, widened to " << limit << " on " << align << "-byte pointers");
        // A power of two, a whole number of elements, and no wider than the
        // limit, or than the alignment's bits, unless it is the element.
        REQUIRE((beat & (beat - 1)) == 0);
        REQUIRE(beat % element == 0);
        if (beat > element) {
          REQUIRE(limit != 0);
          REQUIRE(beat <= limit);
          REQUIRE(beat <= 8 * align);
          REQUIRE((beat == limit || beat == 8 * align));  // as wide as both allow
        } else {
          REQUIRE(beat == element);
          REQUIRE((limit == 0 || std::min(limit, 8 * align) <= element));
        }
        REQUIRE(axi_widened(t, bits) == (beat > element));
      }
}

}  // namespace
}  // namespace loom
