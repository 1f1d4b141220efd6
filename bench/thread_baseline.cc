#include "bench/thread_baseline.h"

#include <algorithm>
#include <atomic>
#include <condition_variable>
#include <deque>
#include <memory>
#include <mutex>
#include <thread>
#include <vector>

#include "common/contract.h"

namespace loom {
namespace {

class BlockingFifo {
 public:
  explicit BlockingFifo(size_t depth) : depth_(depth) {}

  void push(const uint64_t* limbs, int n) {
    std::unique_lock<std::mutex> lock(mutex_);
    not_full_.wait(lock, [&] { return words_.size() < depth_; });
    words_.emplace_back(limbs, limbs + n);
    not_empty_.notify_one();
  }
  void pop(uint64_t* limbs, int n) {
    std::unique_lock<std::mutex> lock(mutex_);
    not_empty_.wait(lock, [&] { return !words_.empty(); });
    std::copy_n(words_.front().begin(), n, limbs);
    words_.pop_front();
    not_full_.notify_one();
  }

 private:
  size_t depth_;
  std::mutex mutex_;
  std::condition_variable not_empty_, not_full_;
  std::deque<std::vector<uint64_t>> words_;
};

struct Shared {
  std::vector<std::unique_ptr<BlockingFifo>> fifos;
  std::vector<Buffer> memories, arguments;
  std::atomic<int64_t> steps{0};
};

class ThreadIo final : public Io {
 public:
  ThreadIo(Shared& shared, const Process& process, const Region& region) : shared_(shared), process_(process) {
    for (const std::string& name : process.unit->params) params_.push_back(region.params[name]);
  }
  ~ThreadIo() override { shared_.steps += steps_; }

  void read(int port, uint64_t* limbs, int n) override {
    ++steps_;
    shared_.fifos[target(port)]->pop(limbs, n);
  }
  void write(int port, const uint64_t* limbs, int n) override {
    ++steps_;
    shared_.fifos[target(port)]->push(limbs, n);
  }
  // The baseline runs Kahn processes only (run_threaded refuses the rest):
  // on free-running threads a probe's answer would be the host's timing.
  bool read_nb(int, uint64_t*, int) override { LOOM_CONTRACT(false, "a Kahn process: no non-blocking read"); return false; }
  bool write_nb(int, const uint64_t*, int) override { LOOM_CONTRACT(false, "a Kahn process: no non-blocking write"); return false; }
  bool empty(int) override { LOOM_CONTRACT(false, "a Kahn process: no empty()"); return false; }
  bool full(int) override { LOOM_CONTRACT(false, "a Kahn process: no full()"); return false; }
  void load(int port, int64_t row, uint64_t* limbs, int n) override {
    ++steps_;
    std::copy_n(storage(port).row(row), n, limbs);
  }
  void store(int port, int64_t row, const uint64_t* limbs, int n) override {
    ++steps_;
    std::copy_n(limbs, n, storage(port).row(row));
  }
  int64_t param(int which) override { return params_[static_cast<size_t>(which)]; }
  // The baseline runs composed regions only, whose elements compose() checked.
  int slot(int port, int64_t element) override {
    const int at = process_.unit->slot(port, element);
    LOOM_CONTRACT(at >= 0, "a port array's element within its extent");
    return at;
  }

 private:
  size_t target(int port) const { return static_cast<size_t>(process_.ports[static_cast<size_t>(port)].id); }
  Buffer& storage(int port) {
    const Target& t = process_.ports[static_cast<size_t>(port)];
    return t.kind == ObjectKind::memory ? shared_.memories[static_cast<size_t>(t.id)]
                                        : shared_.arguments[static_cast<size_t>(t.id)];
  }

  Shared& shared_;
  const Process& process_;
  std::vector<int64_t> params_;
  int64_t steps_ = 0;
};

}  // namespace

ThreadedRun run_threaded(const Region& region, const std::map<std::string, Buffer>& inputs) {
  for (const Process& p : region.processes)
    LOOM_CONTRACT(!p.unit->nonblocking(), "the thread baseline runs Kahn processes, with no non-blocking access");
  Shared shared;
  for (const ChannelInstance& c : region.channels)
    shared.fifos.push_back(std::make_unique<BlockingFifo>(static_cast<size_t>(c.depth)));
  for (const MemoryInstance& m : region.memories) shared.memories.emplace_back(m.word, m.rows);
  for (const ArgumentInstance& a : region.arguments) {
    auto given = inputs.find(a.name);
    shared.arguments.push_back(given != inputs.end() ? given->second : Buffer(a.word, a.size));
  }
  {
    std::vector<std::thread> threads;
    threads.reserve(region.processes.size());
    for (const Process& p : region.processes)
      threads.emplace_back([&shared, &p, &region] {
        ThreadIo io(shared, p, region);
        p.unit->run(io, p.index);
      });
    for (std::thread& t : threads) t.join();
  }
  ThreadedRun run;
  run.steps = shared.steps;
  for (size_t a = 0; a < region.arguments.size(); ++a) run.arguments[region.arguments[a].name] = shared.arguments[a];
  return run;
}

}  // namespace loom
