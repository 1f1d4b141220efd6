#include "machines/tinytpu/isa_dsl.h"

#include <algorithm>
#include <random>

namespace loom::tinytpu {

Result<Program> gemm_program(int64_t M, int64_t K, int64_t N, bool relu, Form form, const isa::Params& p,
                             Layout layout) {
  Status status;
  for (const auto& [name, side] : {std::pair{"M", M}, std::pair{"K", K}, std::pair{"N", N}})
    if (side <= 0 || side % p.T != 0 || side > p.MAXDIM)
      status.add("bad-shape", std::string("GEMM side ") + name + " = " + std::to_string(side),
                 "must be a positive multiple of T = " + std::to_string(p.T) + " up to MAXDIM = " + std::to_string(p.MAXDIM));
  if (status.ok() && M < p.AR_RAW_DIST)
    status.add("bad-shape", "GEMM side M = " + std::to_string(M),
               "is below AR_RAW_DIST = " + std::to_string(p.AR_RAW_DIST) +
                   ": each k-tile's mm would read the sums the previous one wrote too soon");
  if (!status.ok()) return status;
  // A's k-tile kt, and the column block j of B and C, start at word
  // tile_start(kt or j) and step `stride` words a row (layout.h): MAXDIM / T
  // row-major, as the seed's host lays them out; 1 tile-major.
  const int64_t T = p.T, KT = K / T, NT = N / T, stride = tile_stride(p, layout);
  const int64_t next_tile = tile_start(p, layout, 1) - tile_start(p, layout, 0);
  const auto at = [&](int64_t tile) { return tile_start(p, layout, tile); };
  Program prog;
  if (form == Form::looped) {
    prog.loop(KT);  // A's k-tiles into vr
    prog.add(isa::dma_ld(M, 2, 0, at(0), stride), {{"dst", 0, M}, {"src", 0, next_tile}});
    prog.end();
    prog.loop(NT);  // L0: the column block j
    prog.add(isa::dma_ld(K, 1, 0, at(0), stride), {{"src", 0, next_tile}});
    prog.add(isa::mm(M, 0, 0, 0, 0), {{"dst", 0, M}});
    if (KT > 1) {
      prog.loop(KT - 1);  // L1: the k-tiles after the first, which accumulate
      prog.add(isa::mm(M, T, M, 1, 0), {{"wgt", 1, T}, {"act", 1, M}, {"dst", 0, M}});
      prog.end();
    }
    if (relu) prog.add(isa::vrelu(M, 0, 0), {{"a", 0, M}, {"dst", 0, M}});
    prog.add(isa::mvout(M, 0, at(0), stride), {{"src", 0, M}, {"dst", 0, next_tile}});
    prog.end();
  } else {
    for (int64_t kt = 0; kt < KT; ++kt) prog.add(isa::dma_ld(M, 2, kt * M, at(kt), stride));
    for (int64_t j = 0; j < NT; ++j) {
      prog.add(isa::dma_ld(K, 1, 0, at(j), stride));
      for (int64_t kt = 0; kt < KT; ++kt) prog.add(isa::mm(M, kt * T, kt * M, kt == 0 ? 0 : 1, j * M));
      if (relu) prog.add(isa::vrelu(M, j * M, j * M));
      prog.add(isa::mvout(M, j * M, at(j), stride));
    }
  }
  prog.halt();
  return prog;
}

Result<Program> vector_program(int64_t R, const isa::Params& p) {
  if (R < p.AR_RAW_DIST || R + 3 > p.MAXDIM || 5 * R > p.AR_ROWS || R + p.T > p.SPAD_ROWS)
    return Error{"bad-shape", "vector_program(" + std::to_string(R) + ")",
                 "needs AR_RAW_DIST <= rows, rows + 3 <= MAXDIM and 5 * rows <= AR_ROWS"};
  const int64_t T = p.T, W = p.MAXDIM / T;
  // Strides other than a matrix row, where the matrices leave room.
  const auto stride_from = [&](int64_t first) {
    return std::max<int64_t>(1, std::min<int64_t>(W + 1, (p.DRAM_WORDS - 1 - first) / std::max<int64_t>(R - 1, 1)));
  };
  Program prog;
  prog.add(isa::dma_ld(R, 0, T, 1, stride_from(1)));  // A to spad, after the weight rows
  prog.add(isa::dma_ld(T, 1, 0, 2, W));      // B to spad: the weights
  prog.add(isa::dma_ld(R, 2, R, 3, W));      // A to vr
  prog.add(isa::dma_ld(R, 3, 0, 0, W));      // B to vr
  prog.add(isa::vld(R, T, 2 * R));           // spad to vr
  prog.add(isa::mm(R, 0, R, 0, 0));
  prog.add(isa::mm(R, 0, 2 * R, 0, R));
  prog.add(isa::mm(R, 0, 0, 1, 0));          // accumulates onto the first
  prog.add(isa::vadd(R, 0, R, 2 * R));
  prog.add(isa::vrelu(R, 2 * R, 3 * R));
  prog.add(isa::vaddrelu(R, R, 3 * R, 4 * R));
  // One stride for both results, from words 1 and 2, so they never overlap.
  prog.add(isa::mvout(R, 4 * R, 1, stride_from(2)));
  prog.add(isa::mvout(R, 2 * R, 2, stride_from(2)));
  prog.halt();
  return prog;
}

Result<Program> ar_distance_program(int64_t d, const isa::Params& p) {
  if (d < 1 || d > p.MAXDIM || 2 * d > p.AR_ROWS)
    return Error{"bad-shape", "ar_distance_program(" + std::to_string(d) + ")", "needs 1 <= d <= MAXDIM and 2 * d <= AR_ROWS"};
  const int64_t W = p.MAXDIM / p.T;
  Program prog;
  prog.add(isa::dma_ld(p.T, 1, 0, 0, W));
  prog.add(isa::dma_ld(d, 2, 0, 0, W));
  prog.add(isa::mm(d, 0, 0, 0, 0));   // writes ar row r at accu iteration r
  prog.add(isa::vrelu(d, 0, d));      // reads it at d + r, writes row d + r there
  prog.add(isa::mvout(d, d, 0, W));   // reads that at 2d + r
  prog.halt();
  return prog;
}

namespace {

// The generator's own account of the machine: which rows hold data, and when
// each ar row was last written in accu iterations.
class RandomProgram {
 public:
  RandomProgram(uint64_t seed, const isa::Params& p)
      : rng_(seed), p_(p), spad_(static_cast<size_t>(p.SPAD_ROWS), 0), vr_(static_cast<size_t>(p.VR_ROWS), 0),
        ar_at_(static_cast<size_t>(p.AR_ROWS), kUnwritten) {}

  Program make() {
    // Weights and activations first, so the compute opcodes have something to read.
    load(1, 0, p_.T);
    load(2, 0, p_.T);
    const int64_t statements = pick(4, 24);
    for (int64_t s = 0; s < statements; ++s) {
      for (int attempt = 0; attempt < 40; ++attempt)
        if (try_one()) break;
    }
    finish();
    prog_.halt();
    return prog_;
  }

 private:
  static constexpr int64_t kUnwritten = -1'000'000;
  int64_t pick(int64_t lo, int64_t hi) { return std::uniform_int_distribution<int64_t>(lo, hi)(rng_); }
  int64_t W() const { return p_.MAXDIM / p_.T; }

  bool written(const std::vector<char>& m, int64_t first, int64_t n) const {
    for (int64_t r = first; r < first + n; ++r)
      if (!m[static_cast<size_t>(r)]) return false;
    return true;
  }
  // Whether ar rows [first, first+n) may be read by an instruction of `per_row`
  // iterations a row starting now.
  bool ar_ready(int64_t first, int64_t n, int64_t per_row) const {
    for (int64_t r = 0; r < n; ++r) {
      const int64_t at = it_ + r * per_row, written_at = ar_at_[static_cast<size_t>(first + r)];
      if (written_at == kUnwritten || at - written_at < p_.AR_RAW_DIST) return false;
    }
    return true;
  }
  // A random start of `n` written rows, or -1 if there is none.
  int64_t pick_written(const std::vector<char>& m, int64_t n) {
    std::vector<int64_t> starts;
    for (int64_t r = 0; r + n <= static_cast<int64_t>(m.size()); ++r)
      if (written(m, r, n)) starts.push_back(r);
    return starts.empty() ? -1 : starts[static_cast<size_t>(pick(0, static_cast<int64_t>(starts.size()) - 1))];
  }
  // A random start of `n` ar rows a reader of `per_row` iterations may read now, or -1.
  int64_t pick_ready(int64_t n, int64_t per_row) {
    std::vector<int64_t> starts;
    for (int64_t r = 0; r + n <= p_.AR_ROWS; ++r)
      if (ar_ready(r, n, per_row)) starts.push_back(r);
    return starts.empty() ? -1 : starts[static_cast<size_t>(pick(0, static_cast<int64_t>(starts.size()) - 1))];
  }
  // A destination that overlaps a source without being it would have later rows
  // read what earlier rows of the same instruction just wrote.
  static bool clash(int64_t dst, int64_t src, int64_t n) { return dst != src && dst < src + n && src < dst + n; }
  void ar_write(int64_t first, int64_t n, int64_t per_row) {
    for (int64_t r = 0; r < n; ++r) ar_at_[static_cast<size_t>(first + r)] = it_ + r * per_row + per_row - 1;
  }

  void load(int64_t route, int64_t dst, int64_t rows) {
    const int64_t src = pick(0, p_.DRAM_WORDS - 1 - (rows - 1) * W());
    prog_.add(isa::dma_ld(rows, route, dst, src, W()));
    std::fill_n((route <= 1 ? spad_ : vr_).begin() + dst, rows, 1);
  }

  // Ends with a result in C, so a run of the program always has something to
  // compare: fresh weights and activations, an mm, and its mvout, which reads
  // each row R >= AR_RAW_DIST iterations after the mm wrote it.
  void finish() {
    const int64_t R = std::max(p_.T, p_.AR_RAW_DIST);
    if (R > std::min({p_.VR_ROWS, p_.AR_ROWS, p_.MAXDIM})) return;
    load(1, 0, p_.T);
    load(2, 0, R);
    const int64_t dst = pick(0, p_.AR_ROWS - R);
    prog_.add(isa::mm(R, 0, 0, 0, dst));
    ar_write(dst, R, 1);
    it_ += R;
    const int64_t stride = pick(1, W());
    if ((R - 1) * stride >= p_.DRAM_WORDS) return;
    prog_.add(isa::mvout(R, dst, pick(0, p_.DRAM_WORDS - 1 - (R - 1) * stride), stride));
    it_ += R;
  }

  // One random statement of R rows, kept only if it keeps every contract;
  // false leaves the program and the bookkeeping as they were. Loads are cheap
  // to satisfy, so the draw is weighted toward what reads them.
  bool try_one() {
    // At most MAXDIM rows, so any run of them fits every memory and matrix.
    const int64_t R = pick(1, std::min<int64_t>(8, p_.MAXDIM));
    switch (pick(0, 13)) {
      case 12: return stepped_loads_beside_vld(R);
      case 13: return relu_and_stepped_mvout_loop(R);
      case 0: return one_load(R);
      case 1: return stepped_loads(R);
      case 2: return vld_copy(R);
      case 3:
      case 4: return one_mm(R);
      case 5:
      case 6: return vadd_or_vaddrelu(R);
      case 7:
      case 8: return one_vrelu(R);
      default: return mvout_maybe_looped(R);
    }
  }

  // A loop of 2 or 3 trips: a load into vr stepped by address terms, beside a
  // vld of written spad rows with none. False when no R spad rows are written
  // or the trips do not fit vr or DRAM.
  bool stepped_loads_beside_vld(int64_t R) {
    const int64_t trips = pick(2, 3), src_sp = pick_written(spad_, R);
    if (src_sp < 0 || trips * R > p_.VR_ROWS || (trips * R - 1) * W() >= p_.DRAM_WORDS) return false;
    const int64_t dst = pick(0, p_.VR_ROWS - trips * R), fixed = pick(0, p_.VR_ROWS - R);
    const int64_t src = pick(0, p_.DRAM_WORDS - 1 - (trips * R - 1) * W());
    prog_.loop(trips);
    prog_.add(isa::dma_ld(R, 2, dst, src, W()), {{"dst", 0, R}, {"src", 0, R * W()}});
    prog_.add(isa::vld(R, src_sp, fixed));
    prog_.end();
    std::fill_n(vr_.begin() + dst, trips * R, 1);
    std::fill_n(vr_.begin() + fixed, R, 1);
    return true;
  }

  // A loop of 2 or 3 trips: a vrelu with no terms, and an mvout of its rows
  // stepped through C. Each trip reads rows the one before may have rewritten,
  // so the trips are walked on the bookkeeping first; false, and the
  // bookkeeping restored, if any read would come too soon.
  bool relu_and_stepped_mvout_loop(int64_t R) {
    const int64_t rows = std::max<int64_t>(R, p_.AR_RAW_DIST), trips = pick(2, 3), stride = pick(1, W());
    if (rows > std::min(p_.AR_ROWS, p_.MAXDIM) || (trips * rows - 1) * stride >= p_.DRAM_WORDS) return false;
    const int64_t a = pick_ready(rows, 1), d = pick(0, p_.AR_ROWS - rows);
    if (a < 0 || clash(d, a, rows)) return false;
    const auto saved_ar = ar_at_;
    const int64_t saved_it = it_;
    bool ready = true;
    for (int64_t t = 0; t < trips && ready; ++t) {
      ready = ar_ready(a, rows, 1);
      ar_write(d, rows, 1);
      it_ += rows;
      ready = ready && ar_ready(d, rows, 1);
      it_ += rows;
    }
    if (!ready) {
      ar_at_ = saved_ar;
      it_ = saved_it;
      return false;
    }
    const int64_t dst = pick(0, p_.DRAM_WORDS - 1 - (trips * rows - 1) * stride);
    prog_.loop(trips);
    prog_.add(isa::vrelu(rows, a, d));
    prog_.add(isa::mvout(rows, d, dst, stride), {{"dst", 0, rows * stride}});
    prog_.end();
    return true;
  }

  // A load of R rows on a random route. Always kept.
  bool one_load(int64_t R) {
    const int64_t route = pick(0, 3);
    const int64_t rows = route <= 1 ? p_.SPAD_ROWS : p_.VR_ROWS;
    load(route, pick(0, rows - R), R);
    return true;
  }

  // Loads in a loop of 2 to 4 trips, the destination and source stepped by
  // address terms. False when the trips do not fit the memory or DRAM.
  bool stepped_loads(int64_t R) {
    const int64_t trips = pick(2, 4), route = pick(0, 3);
    const int64_t rows = route <= 1 ? p_.SPAD_ROWS : p_.VR_ROWS;
    if (trips * R > rows || (trips * R - 1) * W() >= p_.DRAM_WORDS) return false;
    const int64_t dst = pick(0, rows - trips * R);
    const int64_t src = pick(0, p_.DRAM_WORDS - 1 - (trips * R - 1) * W());
    prog_.loop(trips);
    prog_.add(isa::dma_ld(R, route, dst, src, W()), {{"dst", 0, R}, {"src", 0, R * W()}});
    prog_.end();
    std::fill_n((route <= 1 ? spad_ : vr_).begin() + dst, trips * R, 1);
    return true;
  }

  // A vld of written spad rows, copying their written-ness into vr. False when
  // the rows drawn are not all written.
  bool vld_copy(int64_t R) {
    const int64_t src = pick(0, p_.SPAD_ROWS - R), dst = pick(0, p_.VR_ROWS - R);
    if (!written(spad_, src, R)) return false;
    prog_.add(isa::vld(R, src, dst));
    for (int64_t r = 0; r < R; ++r) vr_[static_cast<size_t>(dst + r)] = spad_[static_cast<size_t>(src + r)];
    return true;
  }

  // An mm of written weights and activations, overwriting ar rows or
  // accumulating onto rows ready to read. False when there are none.
  bool one_mm(int64_t R) {
    const int64_t wgt = pick_written(spad_, p_.T), act = pick_written(vr_, R);
    const int64_t accumulate = pick(0, 1);
    const int64_t dst = accumulate ? pick_ready(R, 1) : pick(0, p_.AR_ROWS - R);
    if (wgt < 0 || act < 0 || dst < 0) return false;
    prog_.add(isa::mm(R, wgt, act, accumulate, dst));
    ar_write(dst, R, 1);
    it_ += R;
    return true;
  }

  // A vadd or a vaddrelu, two accu iterations a row, of two sets of ready
  // rows into a destination that is each source or misses it (clash). False
  // when either set is not ready or the destination clashes.
  bool vadd_or_vaddrelu(int64_t R) {
    const int64_t a = pick_ready(R, 2), b = pick_ready(R, 2), dst = pick(0, p_.AR_ROWS - R);
    if (a < 0 || b < 0 || clash(dst, a, R) || clash(dst, b, R)) return false;
    prog_.add(pick(0, 1) ? isa::vadd(R, a, b, dst) : isa::vaddrelu(R, a, b, dst));
    ar_write(dst, R, 2);
    it_ += 2 * R;
    return true;
  }

  // A vrelu of ready rows into a destination that is them or misses them
  // (clash). False when no rows are ready or the destination clashes.
  bool one_vrelu(int64_t R) {
    const int64_t a = pick_ready(R, 1), dst = pick(0, p_.AR_ROWS - R);
    if (a < 0 || clash(dst, a, R)) return false;
    prog_.add(isa::vrelu(R, a, dst));
    ar_write(dst, R, 1);
    it_ += R;
    return true;
  }

  // An mvout of 1 to 3 trips, in a loop stepping source and destination when
  // more than one. False unless every trip's rows are ready when it reads
  // them (trip t's row r at it_ + t*R + r) and the span fits DRAM.
  bool mvout_maybe_looped(int64_t R) {
    const int64_t trips = pick(1, 3);
    if (trips * R > p_.AR_ROWS) return false;
    const int64_t src = trips == 1 ? pick_ready(R, 1) : pick(0, p_.AR_ROWS - trips * R);
    if (src < 0) return false;
    const int64_t stride = pick(1, W());
    const int64_t span = (trips * R - 1) * stride;
    if (span >= p_.DRAM_WORDS) return false;
    const int64_t dst = pick(0, p_.DRAM_WORDS - 1 - span);
    for (int64_t t = 0; t < trips; ++t) {
      const int64_t saved = it_;
      it_ += t * R;
      const bool ready = ar_ready(src + t * R, R, 1);
      it_ = saved;
      if (!ready) return false;
    }
    if (trips == 1) {
      prog_.add(isa::mvout(R, src, dst, stride));
    } else {
      prog_.loop(trips);
      prog_.add(isa::mvout(R, src, dst, stride), {{"src", 0, R}, {"dst", 0, R * stride}});
      prog_.end();
    }
    it_ += trips * R;
    return true;
  }

  std::mt19937_64 rng_;
  const isa::Params& p_;
  std::vector<char> spad_, vr_;
  std::vector<int64_t> ar_at_;
  int64_t it_ = 0;  // accu iterations so far
  Program prog_;
};

}  // namespace

Program random_program(uint64_t seed, const isa::Params& p) { return RandomProgram(seed, p).make(); }

std::vector<Program> program_suite(const isa::Params& p) {
  std::vector<Program> out;
  const int64_t top = std::min<int64_t>(p.MAXDIM, 4 * p.T);
  for (int64_t M = p.T; M <= top; M += p.T)
    for (int64_t K = p.T; K <= top; K += p.T)
      for (int64_t N = p.T; N <= top; N += p.T)
        for (bool relu : {false, true})
          for (Form form : {Form::looped, Form::flat})
            if (auto g = gemm_program(M, K, N, relu, form, p); g.ok()) out.push_back(std::move(g).value());
  for (int64_t rows = p.AR_RAW_DIST; rows <= std::max<int64_t>(8, p.AR_RAW_DIST); ++rows)
    if (auto v = vector_program(rows, p); v.ok()) out.push_back(std::move(v).value());
  for (int64_t d = p.AR_RAW_DIST; d <= p.AR_RAW_DIST + 4; ++d)
    if (auto a = ar_distance_program(d, p); a.ok()) out.push_back(std::move(a).value());
  for (uint64_t seed = 0; seed < 100; ++seed) out.push_back(random_program(seed, p));
  return out;
}

std::vector<isa::Instruction> dynamic_stream(const Encoded& encoded) {
  std::vector<isa::Instruction> out;
  isa::resolve(encoded.words.data(), encoded.words.size(), [&](const isa::Step& s) {
    out.push_back(s.ins);
    return true;
  });
  return out;
}

}  // namespace loom::tinytpu
