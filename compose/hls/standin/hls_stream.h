// Loom's stand-in for Vitis HLS's <hls_stream.h>, for C simulation with a system
// compiler where Vitis is not installed; with Vitis, its own header is used.
// As in Vitis's C simulation, a stream is unbounded (the dataflow processes run
// one after another, in call order), and reading an empty stream is an error:
// here it ends the simulation, so the testbench cannot pass on a starved read.
//
//   hls::stream<T>()  hls::stream<T>(const char* name)
//   s.write(v)   s.read()   s.read(v)   s.empty()   s.full()   s.size()
#pragma once

#include <stdio.h>
#include <stdlib.h>

#include <deque>

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
  void read(T& value) { value = read(); }
  bool empty() const { return words_.empty(); }
  bool full() const { return false; }
  size_t size() const { return words_.size(); }

 private:
  const char* name_;
  std::deque<T> words_;
};

}  // namespace hls
