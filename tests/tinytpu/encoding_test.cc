// The generated encoding: every opcode and every field extreme survives an
// encode/decode round trip, and address terms do too.
#include <catch2/catch.hpp>

#include "machines/tinytpu/isa_encoding.h"

namespace loom::tinytpu::isa {
namespace {

TEST_CASE("every opcode round-trips with every field at its extremes") {
  int trips = 0;
  for (const OpcodeInfo& op : kOpcodes) {
    for (int64_t rows : {int64_t{0}, int64_t{1}, static_cast<int64_t>(kRowsSlice.max())})
      for (size_t f = 0; f < kOperandFields; ++f)
        for (int64_t v : {int64_t{0}, int64_t{1}, kFieldLimit - 1, static_cast<int64_t>(kFieldSlices[f].max())}) {
          Instruction i{op.op, rows, {{0, 0, 0, 0}}};
          i.f[f] = v;
          // The neighbours hold their own extremes, so a field leaking into the next shows.
          for (size_t g = 0; g < kOperandFields; ++g)
            if (g != f) i.f[g] = static_cast<int64_t>(kFieldSlices[g].max());
          const uint64_t w = encode(i);
          CHECK(decode(w) == i);
          CHECK(find_opcode(kOpcodeSlice.get(w)) == &op);
          ++trips;
        }
  }
  CHECK(trips == kOpcodeCount * 3 * kOperandFields * 4);
}

TEST_CASE("the builders put each operand in its spec field") {
  const Instruction mm_word = mm(7, 1, 2, 1, 3);
  const auto o = mm_operands(decode(encode(mm_word)));
  CHECK(o.wgt == 1);
  CHECK(o.act == 2);
  CHECK(o.acc == 1);
  CHECK(o.dst == 3);
  CHECK(decode(encode(mm_word)).nr == 7);
  const auto d = dma_ld_operands(dma_ld(2, 3, 4, 5, 6));
  CHECK((d.route == 3 && d.dst == 4 && d.src == 5 && d.stride == 6));
  CHECK(loop(9).f[0] == 9);
}

TEST_CASE("address terms round-trip at their extremes") {
  for (int count = 0; count <= kAguTerms; ++count)
    for (int64_t stride : {int64_t{0}, int64_t{1}, static_cast<int64_t>(kAguStride.max())}) {
      Terms t;
      for (int k = 0; k < count; ++k)
        t.term[static_cast<size_t>(t.count++)] = {k % kOperandFields, (k + 1) % kLoopDepth, stride};
      const uint64_t w = encode_agu(t);
      CHECK(find_opcode(kOpcodeSlice.get(w))->kind == Kind::agu_prefix);
      const Terms back = decode_agu(w);
      REQUIRE(back.count == count);
      for (int k = 0; k < count; ++k) CHECK(back.term[static_cast<size_t>(k)] == t.term[static_cast<size_t>(k)]);
    }
}

TEST_CASE("legal() enforces the legal sets and the field limit") {
  CHECK(legal(Opcode::mm, 2, 0));
  CHECK(legal(Opcode::mm, 2, 1));
  CHECK_FALSE(legal(Opcode::mm, 2, 2));
  CHECK_FALSE(legal(Opcode::dma_ld, 0, 4));
  CHECK(legal(Opcode::dma_ld, 3, kFieldLimit - 1));
  CHECK_FALSE(legal(Opcode::dma_ld, 3, kFieldLimit));
  CHECK_FALSE(legal(Opcode::loop, 0, 0));  // a loop runs at least once
}

TEST_CASE("numerics: accumulation wraps at the accumulator width, mvout saturates") {
  const int64_t top = (int64_t{1} << (kAccBits - 1)) - 1;
  CHECK(acc(top) == top);
  CHECK(acc(top + 1) == -top - 1);
  CHECK(acc(-5) == -5);
  CHECK(to_operand(kClipHi + 1) == kClipHi);
  CHECK(to_operand(kClipLo - 1) == kClipLo);
  CHECK(to_operand(-1) == -1);
  CHECK(to_operand(0) == 0);
}

TEST_CASE("the resolver expands loops and terms exactly") {
  std::vector<uint64_t> words;
  words.push_back(encode(loop(3)));
  Terms t;
  t.term[0] = {1, 0, 5};
  t.count = 1;
  words.push_back(encode_agu(t));
  words.push_back(encode(dma_ld(1, 0, 10, 0, 1)));
  words.push_back(encode(endloop(3)));
  words.push_back(encode(halt()));
  std::vector<int64_t> dst;
  const Resolution r = resolve(words.data(), words.size(), [&](const Step& s) {
    dst.push_back(s.ins.f[1]);
    return true;
  });
  CHECK(r.fault == Fault::none);
  CHECK(dst == std::vector<int64_t>{10, 15, 20});
}

}  // namespace
}  // namespace loom::tinytpu::isa
