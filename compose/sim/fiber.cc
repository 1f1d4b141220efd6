#include "compose/sim/fiber.h"

#include <sys/mman.h>
#include <unistd.h>

#include <cassert>
#include <cstdint>
#include <cstdio>
#include <cstdlib>
#include <new>
#include <utility>
#include <vector>

#if defined(__SANITIZE_ADDRESS__)
#define LOOM_ASAN 1
#elif defined(__has_feature)
#if __has_feature(address_sanitizer)
#define LOOM_ASAN 1
#endif
#endif
#if defined(LOOM_ASAN)
#include <sanitizer/asan_interface.h>
#include <sanitizer/common_interface_defs.h>
#endif

#if !defined(__x86_64__)
#error "loom: the simulator's fiber switch (compose/sim/fiber.cc) is written for x86-64 (System V)"
#endif

// loom_fiber_switch(save, load): pushes the callee-saved registers, stores the
// stack pointer in *save, takes `load` as the stack pointer, pops what was
// pushed there and returns to where that side called it from. It returns by
// `ret`, not by a jump to the popped address (as Boost.Context does), because
// every process switches from the same call chain (Simulation::block): the
// return the processor predicts is the one the suspending side pushed, the same
// instruction at each level, so the resumed side's returns are predicted right.
// A jump would leave that entry unconsumed, and every return after it off by
// one: that cost the simulator a third of its time (docs/timing.md).
//
// loom_fiber_trampoline: where a new fiber's first switch lands; it calls
// r13(r12), that is Fiber::start(self), and marks the end of the stack for
// unwinders.
extern "C" void loom_fiber_switch(void** save, void* load);
extern "C" void loom_fiber_trampoline();
asm(R"(
  .text
  .globl loom_fiber_switch
  .hidden loom_fiber_switch
  .type loom_fiber_switch, @function
  .p2align 4
loom_fiber_switch:
  pushq %rbp
  pushq %rbx
  pushq %r12
  pushq %r13
  pushq %r14
  pushq %r15
  movq %rsp, (%rdi)
  movq %rsi, %rsp
  popq %r15
  popq %r14
  popq %r13
  popq %r12
  popq %rbx
  popq %rbp
  ret
  .size loom_fiber_switch, .-loom_fiber_switch

  .globl loom_fiber_trampoline
  .hidden loom_fiber_trampoline
  .type loom_fiber_trampoline, @function
  .p2align 4
loom_fiber_trampoline:
  .cfi_startproc
  .cfi_undefined rip
  movq %r12, %rdi
  callq *%r13
  ud2
  .cfi_endproc
  .size loom_fiber_trampoline, .-loom_fiber_trampoline
)");

namespace loom {
namespace {

size_t page_bytes() {
  static const size_t page = static_cast<size_t>(sysconf(_SC_PAGESIZE));
  return page;
}

// Stack mappings kept for the thread's next fibers, up to Fiber::kPooledStacks:
// a run of thousands of processes would otherwise spend most of its time in
// mmap, mprotect, munmap and the page faults of fresh stacks. What is kept is
// address space; only the pages a stack has touched are memory.
class StackPool {
 public:
  ~StackPool() {
    for (const auto& [mapping, bytes] : free_) munmap(mapping, bytes);
  }
  // A mapping of `bytes`, its first page unmapped.
  char* take(size_t bytes) {
    for (size_t i = free_.size(); i-- > 0;)
      if (free_[i].second == bytes) {
        char* mapping = free_[i].first;
        free_[i] = free_.back();
        free_.pop_back();
#if defined(LOOM_ASAN)
        // Frames left by a fiber that ended without returning keep their redzones.
        __asan_unpoison_memory_region(mapping + page_bytes(), bytes - page_bytes());
#endif
        return mapping;
      }
    void* mapping = mmap(nullptr, bytes, PROT_READ | PROT_WRITE, MAP_PRIVATE | MAP_ANONYMOUS | MAP_STACK, -1, 0);
    if (mapping == MAP_FAILED) throw std::bad_alloc();
    if (mprotect(mapping, page_bytes(), PROT_NONE) != 0) {
      munmap(mapping, bytes);
      throw std::bad_alloc();
    }
    return static_cast<char*>(mapping);
  }
  void give(char* mapping, size_t bytes) {
    if (free_.size() < Fiber::kPooledStacks)
      free_.emplace_back(mapping, bytes);
    else
      munmap(mapping, bytes);
  }

 private:
  std::vector<std::pair<char*, size_t>> free_;
};

thread_local StackPool pool;

#if defined(LOOM_ASAN)
thread_local Fiber* switching_from = nullptr;  // whose stack bounds the next finish_switch reports
#endif

}  // namespace

Fiber::Fiber(size_t stack_bytes, Entry entry, void* argument) : entry_(entry), argument_(argument) {
  const size_t page = page_bytes();
  const size_t usable = (stack_bytes + page - 1) / page * page;
  mapping_bytes_ = usable + page;
  mapping_ = pool.take(mapping_bytes_);
  stack_bottom_ = mapping_ + page;
  stack_size_ = usable;
  // The frame the first switch pops: six callee-saved registers, r12 = this
  // and r13 = start, then the trampoline as the return address, leaving the
  // stack pointer 16-byte aligned for the trampoline's call.
  void** frame = reinterpret_cast<void**>(mapping_ + mapping_bytes_ - 16) - 7;
  frame[0] = nullptr;                                                  // r15
  frame[1] = nullptr;                                                  // r14
  frame[2] = reinterpret_cast<void*>(&Fiber::start);                   // r13
  frame[3] = this;                                                     // r12
  frame[4] = nullptr;                                                  // rbx
  frame[5] = nullptr;                                                  // rbp: the end of frame-pointer chains
  frame[6] = reinterpret_cast<void*>(&loom_fiber_trampoline);         // where the switch jumps
  sp_ = frame;
}

Fiber::~Fiber() {
  if (mapping_ != nullptr) pool.give(mapping_, mapping_bytes_);
}

void Fiber::switch_to(Fiber& from, Fiber& to) {
  assert(&from != &to);
#if defined(LOOM_ASAN)
  __sanitizer_start_switch_fiber(&from.fake_stack_, to.stack_bottom_, to.stack_size_);
  switching_from = &from;
#endif
  to.started_ = true;
  loom_fiber_switch(&from.sp_, to.sp_);
#if defined(LOOM_ASAN)
  __sanitizer_finish_switch_fiber(from.fake_stack_, &switching_from->stack_bottom_, &switching_from->stack_size_);
#endif
}

void Fiber::exit_to(Fiber& from, Fiber& to) {
  assert(&from != &to);
#if defined(LOOM_ASAN)
  __sanitizer_start_switch_fiber(nullptr, to.stack_bottom_, to.stack_size_);  // `from` is done: its fake stack goes
  switching_from = &from;
#endif
  to.started_ = true;
  loom_fiber_switch(&from.sp_, to.sp_);
  __builtin_unreachable();  // nothing switches back to a fiber that exited
}

void Fiber::start(Fiber* self) {
#if defined(LOOM_ASAN)
  __sanitizer_finish_switch_fiber(nullptr, &switching_from->stack_bottom_, &switching_from->stack_size_);
#endif
  self->entry_(self->argument_);
  std::fprintf(stderr, "loom: internal error: a fiber's entry returned instead of exiting\n");
  std::abort();
}

}  // namespace loom
