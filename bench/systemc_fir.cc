#include "bench/systemc_fir.h"

#include <memory>
#include <ostream>
#include <string>
#include <systemc>

#include "bench/cpu_time.h"

namespace loom::bench {
namespace {

using namespace sc_core;

// sc_fifo needs its token type printable (sc_fifo::print).
template <class W>
struct Token {
  W word;
};
template <class W>
std::ostream& operator<<(std::ostream& os, const Token<W>& t) {
  for (unsigned l = 0; l < W::limb_count; ++l) os << (l ? " " : "") << t.word.limbs()[l];
  return os;
}

using SampleIn = sc_fifo_in<Token<PeerSample>>;
using SumIn = sc_fifo_in<Token<PeerSum>>;
using SampleOut = sc_fifo_out<Token<PeerSample>>;
using SumOut = sc_fifo_out<Token<PeerSum>>;
// The chain's ends are left unbound, as in the example architecture.
using OptionalSampleOut = sc_port<sc_fifo_out_if<Token<PeerSample>>, 1, SC_ZERO_OR_MORE_BOUND>;
using OptionalSumIn = sc_port<sc_fifo_in_if<Token<PeerSum>>, 1, SC_ZERO_OR_MORE_BOUND>;

int64_t steps = 0;  // every access of every process: one thread runs at a time

// What every unit shares: its clock, when timed, and the wait that starts a
// loop iteration (LOOM_PIPELINE's place in the Loom bodies).
class Unit : public sc_module {
 public:
  Unit(sc_module_name name, const sc_clock* clock) : sc_module(name), clock_(clock) {}

 protected:
  void iteration() {
    if (clock_ != nullptr) wait();
  }
  void thread_sensitivity() {
    if (clock_ != nullptr) sensitive << clock_->posedge_event();
  }

 private:
  const sc_clock* clock_;
};

class Loader : public Unit {
 public:
  SampleOut out;
  SC_HAS_PROCESS(Loader);
  Loader(sc_module_name name, const sc_clock* clock, const std::vector<PeerSample>& w,
         const std::vector<PeerSample>& x)
      : Unit(name, clock), w_(w), x_(x) {
    SC_THREAD(run);
    thread_sensitivity();
  }

 private:
  void run() {
    for (const std::vector<PeerSample>* rows : {&w_, &x_})
      for (const PeerSample& row : *rows) {
        iteration();
        steps += 2;  // the load of the row and the write
        out.write({row});
      }
  }
  const std::vector<PeerSample>& w_;
  const std::vector<PeerSample>& x_;
};

// Tap i: keeps the first weight it sees, forwards the rest, then adds w_i * x[k - i]
// to the partial sum and forwards the previous sample east.
class Tap : public Unit {
 public:
  SampleIn x_in;
  OptionalSampleOut x_out;
  OptionalSumIn p_in;
  SumOut p_out;
  SC_HAS_PROCESS(Tap);
  Tap(sc_module_name name, const sc_clock* clock, int64_t index, int64_t taps, int64_t samples)
      : Unit(name, clock), index_(index), taps_(taps), samples_(samples) {
    SC_THREAD(run);
    thread_sensitivity();
  }

 private:
  void run() {
    const bool first = index_ == 0, last = index_ == taps_ - 1;
    weight_ = x_in.read().word;
    steps += 2;  // the read and the store
    for (int64_t t = index_ + 1; t < taps_; ++t) {
      iteration();
      x_out->write(x_in.read());
      steps += 2;
    }
    PeerSample previous;
    for (int64_t s = 0; s < samples_; ++s) {
      iteration();
      const PeerSample x = x_in.read().word;
      PeerSum p = first ? PeerSum() : p_in->read().word;
      const PeerSample w = weight_;
      for (unsigned lane = 0; lane < kPeerLanes; ++lane)
        p.set_lane(lane, p.lane_signed(lane) + w.lane_signed(lane) * x.lane_signed(lane));
      p_out.write({p});
      if (!last) x_out->write({previous});
      previous = x;
      steps += 3 + !first + !last;  // x, p in, the weight's load, p out, x out
    }
  }
  int64_t index_, taps_, samples_;
  PeerSample weight_;  // the tap's own memory of one row
};

class Store : public Unit {
 public:
  SumIn in;
  SC_HAS_PROCESS(Store);
  Store(sc_module_name name, const sc_clock* clock, std::vector<PeerSum>& y) : Unit(name, clock), y_(y) {
    SC_THREAD(run);
    thread_sensitivity();
  }

 private:
  void run() {
    for (PeerSum& row : y_) {
      iteration();
      row = in.read().word;
      steps += 2;  // the read and the store
    }
    sc_stop();  // a clock never starves, so the run ends with the last sample
  }
  std::vector<PeerSum>& y_;
};

}  // namespace

PeerRun run_systemc_fir(PeerTiming timing, const std::vector<PeerSample>& weights,
                        const std::vector<PeerSample>& samples, int depth) {
  PeerRun run;
  run.y.resize(samples.size());
  const int64_t taps = static_cast<int64_t>(weights.size());

  std::unique_ptr<sc_clock> clock;
  if (timing == PeerTiming::cycle_timed) clock = std::make_unique<sc_clock>("clock", sc_time(1, SC_NS));
  std::vector<std::unique_ptr<sc_fifo<Token<PeerSample>>>> x_chain;
  std::vector<std::unique_ptr<sc_fifo<Token<PeerSum>>>> p_chain;
  for (int64_t i = 0; i < taps; ++i) {
    x_chain.push_back(std::make_unique<sc_fifo<Token<PeerSample>>>(("x_chain_" + std::to_string(i)).c_str(), depth));
    p_chain.push_back(std::make_unique<sc_fifo<Token<PeerSum>>>(("p_chain_" + std::to_string(i)).c_str(), depth));
  }
  Loader loader("loader", clock.get(), weights, samples);
  loader.out(*x_chain[0]);
  std::vector<std::unique_ptr<Tap>> tap;
  for (int64_t i = 0; i < taps; ++i) {
    tap.push_back(std::make_unique<Tap>(("tap_" + std::to_string(i)).c_str(), clock.get(), i, taps,
                                        static_cast<int64_t>(samples.size())));
    tap[i]->x_in(*x_chain[i]);
    if (i + 1 < taps) tap[i]->x_out(*x_chain[i + 1]);
    if (i > 0) tap[i]->p_in(*p_chain[i - 1]);
    tap[i]->p_out(*p_chain[i]);
  }
  Store store("store", clock.get(), run.y);
  store.in(*p_chain[taps - 1]);

  sc_report_handler::set_actions(SC_INFO, SC_DO_NOTHING);  // "simulation stopped by user"
  steps = 0;
  const double start = cpu_seconds();
  sc_start();
  run.cpu_seconds = cpu_seconds() - start;
  run.steps = steps;
  return run;
}

}  // namespace loom::bench
