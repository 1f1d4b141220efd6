// The simulator's coroutines: a guarded stack for each process, and a switch
// that keeps only what the x86-64 System V ABI makes a callee preserve (six
// registers and the stack pointer), so that a process hands the thread to the
// next in a few instructions.
//
// Why not Boost.Context, which the simulator used before: its switch also
// stores and reloads the x87 and SSE control words, and on the benchmark
// machine `fnstcw` and `fldcw` took 70% of the switch's samples; the simulator
// never changes either word. Its stacks were mapped and unmapped once each per
// run, which was most of the time of a short run of many processes (`loom
// stress`, TinyTPU at T=32); these are kept for the thread's next run.
//
// Under AddressSanitizer every switch is announced to it, as ASan requires of
// code that changes stacks.
#pragma once

#include <cstddef>

namespace loom {

class Fiber {
 public:
  using Entry = void (*)(void* argument);

  // The thread's own context: the one a run switches away from, and back to.
  Fiber() = default;
  // A fiber that, the first time it is switched to, calls entry(argument) on a
  // stack of at least `stack_bytes`, with an unmapped page below it so that an
  // overflow faults. `entry` must not return: it ends with exit_to().
  Fiber(size_t stack_bytes, Entry entry, void* argument);
  // Gives the stack back for reuse. The fiber must not be running, and must not
  // be suspended inside frames that still own anything: the simulator unwinds
  // every suspended process before it lets go of it.
  ~Fiber();
  // The thread keeps up to this many stacks let go of, mapped, for its next
  // fibers: a fiber of a stack size the thread has kept takes a kept stack
  // (which one is unsaid) instead of mapping one. A stack let go of past the
  // bound is unmapped.
  static constexpr size_t kPooledStacks = 4096;  // TinyTPU at T=32 has 2054 processes
  Fiber(const Fiber&) = delete;
  Fiber& operator=(const Fiber&) = delete;

  // Suspends the running context, `from`, and runs `to` from where it was
  // suspended (or from its entry); returns when something switches back to `from`.
  static void switch_to(Fiber& from, Fiber& to);
  // The same, for a `from` whose entry is done and which is never resumed.
  [[noreturn]] static void exit_to(Fiber& from, Fiber& to);

  // Started: switched to at least once (a fiber never started has no frames).
  bool started() const { return started_; }

 private:
  static void start(Fiber* self);  // the first code a fiber runs

  void* sp_ = nullptr;  // while suspended: where its registers were saved
  char* mapping_ = nullptr;  // the stack's mapping, guard page first; null for the thread's context
  size_t mapping_bytes_ = 0;
  Entry entry_ = nullptr;
  void* argument_ = nullptr;
  bool started_ = false;
  // AddressSanitizer's view of the stack: its bounds, learned for the thread's
  // own context on its first switch, and the fake stack of a suspended frame.
  const void* stack_bottom_ = nullptr;
  size_t stack_size_ = 0;
  void* fake_stack_ = nullptr;
};

}  // namespace loom
