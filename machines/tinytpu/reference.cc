#include "machines/tinytpu/reference.h"

#include <algorithm>
#include <random>

namespace loom::tinytpu {

IsaState::IsaState(const isa::Params& params, Layout layout)
    : p(params), layout(layout), spad(static_cast<size_t>(params.SPAD_ROWS * params.T)), vr(static_cast<size_t>(params.VR_ROWS * params.T)),
      ar(static_cast<size_t>(params.AR_ROWS * params.T)), A(static_cast<size_t>(params.MAXDIM * params.MAXDIM)),
      B(A.size()), C(A.size()) {
  // Stale contents: a reference that read an unwritten row would show it.
  for (size_t i = 0; i < spad.size(); ++i) spad[i] = static_cast<int64_t>((i * 37 + 11) % 256) - 128;
  for (size_t i = 0; i < vr.size(); ++i) vr[i] = static_cast<int64_t>((i * 53 + 7) % 256) - 128;
  for (size_t i = 0; i < ar.size(); ++i) ar[i] = static_cast<int64_t>(i * 2654435761u % 100003) - 50000;
}

IsaState random_state(const isa::Params& params, uint64_t seed, Layout layout) {
  IsaState s(params, layout);
  std::mt19937_64 rng(seed);
  for (auto* m : {&s.A, &s.B, &s.C})
    for (int64_t& v : *m) v = static_cast<int64_t>(rng() % 256) - 128;
  return s;
}

Status run_reference(const Encoded& encoded, IsaState& s) {
  const int64_t T = s.p.T;
  const auto dram = [&](int64_t route) -> std::vector<int64_t>& { return route % 2 == 0 ? s.A : s.B; };
  size_t fault_word = 0;
  isa::Opcode step_op = isa::Opcode::halt;
  const isa::Resolution r = isa::resolve(encoded.words.data(), encoded.words.size(), [&](const isa::Step& step) {
    const isa::Instruction& i = step.ins;
    step_op = i.op;
    for (int64_t row = 0; row < i.nr; ++row) {
      switch (i.op) {
        case isa::Opcode::dma_ld: {
          const auto o = isa::dma_ld_operands(i);
          std::vector<int64_t>& dst = o.route <= 1 ? s.spad : s.vr;
          const int64_t word = o.src + row * o.stride;
          for (int64_t l = 0; l < T; ++l) s.lane(dst, o.dst + row, l) = s.lane(dram(o.route), word, l);
          break;
        }
        case isa::Opcode::vld: {
          const auto o = isa::vld_operands(i);
          for (int64_t l = 0; l < T; ++l) s.lane(s.vr, o.dst + row, l) = s.lane(s.spad, o.src + row, l);
          break;
        }
        case isa::Opcode::mm: {
          const auto o = isa::mm_operands(i);
          for (int64_t n = 0; n < T; ++n) {
            int64_t sum = o.acc ? s.lane(s.ar, o.dst + row, n) : 0;
            for (int64_t k = 0; k < T; ++k) sum += s.lane(s.vr, o.act + row, k) * s.lane(s.spad, o.wgt + k, n);
            s.lane(s.ar, o.dst + row, n) = isa::acc(sum);
          }
          break;
        }
        case isa::Opcode::vadd: {
          const auto o = isa::vadd_operands(i);
          for (int64_t l = 0; l < T; ++l)
            s.lane(s.ar, o.dst + row, l) = isa::acc(s.lane(s.ar, o.a + row, l) + s.lane(s.ar, o.b + row, l));
          break;
        }
        case isa::Opcode::vrelu: {
          const auto o = isa::vrelu_operands(i);
          for (int64_t l = 0; l < T; ++l) s.lane(s.ar, o.dst + row, l) = std::max<int64_t>(s.lane(s.ar, o.a + row, l), 0);
          break;
        }
        case isa::Opcode::vaddrelu: {
          const auto o = isa::vaddrelu_operands(i);
          for (int64_t l = 0; l < T; ++l)
            s.lane(s.ar, o.dst + row, l) =
                std::max<int64_t>(isa::acc(s.lane(s.ar, o.a + row, l) + s.lane(s.ar, o.b + row, l)), 0);
          break;
        }
        case isa::Opcode::mvout: {
          const auto o = isa::mvout_operands(i);
          const int64_t word = o.dst + row * o.stride;
          for (int64_t l = 0; l < T; ++l) s.lane(s.C, word, l) = isa::to_operand(s.lane(s.ar, o.src + row, l));
          break;
        }
        default: return false;
      }
      if (!s.fault.empty()) {
        fault_word = step.word;
        return false;
      }
    }
    return true;
  });
  if (!s.fault.empty())
    return Error{"reference-out-of-range", "word " + std::to_string(fault_word),
                 std::string(isa::info(step_op).name) + " reaches " + s.fault + "; check_program rejects such programs"};
  if (r.fault != isa::Fault::none)
    return Error{"reference-fault", "word " + std::to_string(r.word),
                 "the reference cannot run this program (fault " + std::to_string(static_cast<int>(r.fault)) +
                     "); check_program rejects it"};
  return {};
}

std::vector<int64_t> triple_loop_gemm(const IsaState& s, int64_t M, int64_t K, int64_t N, bool relu) {
  const auto at = [&](int64_t row, int64_t col) { return static_cast<size_t>(matrix_index(s.p, s.layout, row, col)); };
  std::vector<int64_t> c(s.C.size(), 0);
  for (int64_t m = 0; m < M; ++m)
    for (int64_t n = 0; n < N; ++n) {
      int64_t sum = 0;
      for (int64_t k = 0; k < K; ++k) sum += s.A[at(m, k)] * s.B[at(k, n)];
      if (relu) sum = std::max<int64_t>(sum, 0);
      c[at(m, n)] = std::clamp<int64_t>(sum, -128, 127);
    }
  return c;
}

}  // namespace loom::tinytpu
