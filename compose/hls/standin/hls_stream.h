// Loom's stand-in for Vitis HLS's <hls_stream.h>, for C simulation with a system
// compiler where Vitis is not installed; with Vitis, its own header is used.
// As in Vitis's C simulation, a stream is unbounded. By default the dataflow
// processes run one after another, in call order, and reading an empty stream
// is an error: here it ends the simulation, so the testbench cannot pass on a
// starved read. Under HLS_STREAM_THREAD_SAFE (as hls::task's C simulation
// compiles the header; a top whose channels form a cycle defines it) the
// processes run on threads and a read of an empty stream waits for a write;
// one that waits kStallSeconds with none ends the simulation instead of hanging.
//
//   hls::stream<T>()  hls::stream<T>(const char* name)
//   s.write(v)   s.read()   s.read(v)   s.empty()   s.full()   s.size()
//   s.read_nb(v)   s.write_nb(v)
//
// As in Vitis's C simulation, a non-blocking access sees the stream as the
// host's order of execution left it, not as the RTL would at that cycle: a
// stream is never full, so write_nb always succeeds, and read_nb finds
// whatever was written before it ran (UG1399: C simulation of non-blocking
// accesses can differ from co-simulation). The testbench of a design that
// uses them says so (compose/hls/emit_testbench.cc).
#pragma once

#include <stdio.h>
#include <stdlib.h>

#include <deque>
#ifdef HLS_STREAM_THREAD_SAFE
#include <chrono>
#include <condition_variable>
#include <mutex>
#endif

namespace hls {

template <class T>
class stream {
 public:
  stream() : name_("(unnamed)") {}
  explicit stream(const char* name) : name_(name) {}
  stream(const stream&) = delete;
  stream& operator=(const stream&) = delete;
  ~stream() {
    if (!words_.empty())
      fprintf(stderr, "WARNING: hls::stream '%s' contains leftover data: %zu words\n", name_, words_.size());
  }

#ifdef HLS_STREAM_THREAD_SAFE
  static constexpr int kStallSeconds = 30;

  void write(const T& value) {
    {
      std::lock_guard<std::mutex> lock(mutex_);
      words_.push_back(value);
    }
    written_.notify_all();
  }
  T read() {
    std::unique_lock<std::mutex> lock(mutex_);
    if (!written_.wait_for(lock, std::chrono::seconds(kStallSeconds), [this] { return !words_.empty(); })) {
      fprintf(stderr, "ERROR: hls::stream '%s' is read while empty, and nothing was written to it for %d s: "
              "its processes wait on each other\n", name_, kStallSeconds);
      exit(1);
    }
    T value = words_.front();
    words_.pop_front();
    return value;
  }
  bool empty() const {
    std::lock_guard<std::mutex> lock(mutex_);
    return words_.empty();
  }
  bool read_nb(T& value) {
    std::lock_guard<std::mutex> lock(mutex_);
    if (words_.empty()) return false;
    value = words_.front();
    words_.pop_front();
    return true;
  }
  size_t size() const {
    std::lock_guard<std::mutex> lock(mutex_);
    return words_.size();
  }
#else
  void write(const T& value) { words_.push_back(value); }
  T read() {
    if (words_.empty()) {
      fprintf(stderr, "ERROR: hls::stream '%s' is read while empty\n", name_);
      exit(1);
    }
    T value = words_.front();
    words_.pop_front();
    return value;
  }
  bool empty() const { return words_.empty(); }
  size_t size() const { return words_.size(); }
  bool read_nb(T& value) {
    if (words_.empty()) return false;
    value = words_.front();
    words_.pop_front();
    return true;
  }
#endif
  bool write_nb(const T& value) {
    write(value);
    return true;
  }
  void read(T& value) { value = read(); }
  bool full() const { return false; }

 private:
  const char* name_;
  std::deque<T> words_;
#ifdef HLS_STREAM_THREAD_SAFE
  mutable std::mutex mutex_;
  std::condition_variable written_;
#endif
};

}  // namespace hls
