// The simulator's fibers: control passes exactly where switch_to says, every
// value a caller keeps in registers survives a switch, exceptions unwind
// within a fiber, stacks let go of are kept for the next fibers up to a
// bound (not which is taken when), and an overflow faults on the guard page
// instead of writing past the stack.
#include <catch2/catch.hpp>

#include <sys/mman.h>
#include <sys/wait.h>
#include <unistd.h>

#include <algorithm>
#include <cstdint>
#include <memory>
#include <string>
#include <thread>
#include <vector>

#include "compose/sim/fiber.h"

namespace loom {
namespace {

struct PingPong {
  Fiber main;
  Fiber* other = nullptr;
  std::vector<std::string> log;
};

struct Player {
  PingPong* game;
  Fiber fiber;
  Fiber* next;
  std::string name;
  int rounds;
  Player(PingPong* game, std::string name, int rounds)
      : game(game), fiber(64 * 1024, &Player::play, this), next(nullptr), name(std::move(name)), rounds(rounds) {}
  static void play(void* self) {
    Player& p = *static_cast<Player*>(self);
    for (int r = 0; r < p.rounds; ++r) {
      p.game->log.push_back(p.name + std::to_string(r));
      Fiber::switch_to(p.fiber, *p.next);
    }
    p.game->log.push_back(p.name + " done");
    Fiber::exit_to(p.fiber, p.game->main);
  }
};

TEST_CASE("fibers hand control over exactly where they say, and back to the thread", "[fiber]") {
  PingPong game;
  Player a(&game, "a", 3), b(&game, "b", 3);
  a.next = &b.fiber;
  b.next = &a.fiber;
  CHECK_FALSE(a.fiber.started());
  Fiber::switch_to(game.main, a.fiber);
  CHECK(a.fiber.started());
  CHECK(b.fiber.started());
  CHECK(game.log == std::vector<std::string>{"a0", "b0", "a1", "b1", "a2", "b2", "a done"});
  // b is still suspended after its last switch: resume it to let it end.
  Fiber::switch_to(game.main, b.fiber);
  CHECK(game.log.back() == "b done");
}

// Many values live across each switch: the compiler keeps them in
// callee-saved registers, which the switch must preserve on both sides.
struct Accumulator {
  Fiber main;
  Fiber fiber;
  uint64_t result = 0;
  Accumulator() : fiber(64 * 1024, &Accumulator::run, this) {}
  static uint64_t mix(uint64_t a, uint64_t b, uint64_t c, uint64_t d, uint64_t e, uint64_t f, uint64_t g, int rounds,
                      Accumulator* self) {
    for (int r = 0; r < rounds; ++r) {
      a = a * 6364136223846793005u + b;
      b ^= c >> 3;
      c += d * 3;
      d = (d << 7) | (e >> 57);
      e -= f;
      f ^= g + a;
      g += static_cast<uint64_t>(r);
      if (self != nullptr) Fiber::switch_to(self->fiber, self->main);
    }
    return a ^ b ^ c ^ d ^ e ^ f ^ g;
  }
  static void run(void* self) {
    auto& acc = *static_cast<Accumulator*>(self);
    acc.result = mix(1, 2, 3, 4, 5, 6, 7, 100, &acc);
    Fiber::exit_to(acc.fiber, acc.main);
  }
};

TEST_CASE("values kept in registers survive switches on both sides", "[fiber]") {
  Accumulator acc;
  const uint64_t expected = Accumulator::mix(1, 2, 3, 4, 5, 6, 7, 100, nullptr);
  uint64_t x = 11, y = 13, z = 17;  // the thread's own live values
  for (int r = 0; r <= 100; ++r) {
    Fiber::switch_to(acc.main, acc.fiber);
    x = x * 31 + y;
    y ^= z << 1;
    z += x;
  }
  CHECK(acc.result == expected);
  uint64_t ex = 11, ey = 13, ez = 17;
  for (int r = 0; r <= 100; ++r) {
    ex = ex * 31 + ey;
    ey ^= ez << 1;
    ez += ex;
  }
  CHECK(x == ex);
  CHECK(y == ey);
  CHECK(z == ez);
}

struct Thrower {
  Fiber main;
  Fiber fiber;
  std::string caught;
  Thrower() : fiber(64 * 1024, &Thrower::run, this) {}
  static void deep(Thrower& t, int depth) {
    if (depth == 0) {
      Fiber::switch_to(t.fiber, t.main);  // suspended deep inside, then resumed
      throw std::runtime_error("from depth 0");
    }
    deep(t, depth - 1);
  }
  static void run(void* self) {
    auto& t = *static_cast<Thrower*>(self);
    try {
      deep(t, 20);
    } catch (const std::exception& e) {
      t.caught = e.what();
    }
    Fiber::exit_to(t.fiber, t.main);
  }
};

TEST_CASE("an exception thrown after a switch unwinds the fiber's own frames", "[fiber]") {
  Thrower t;
  Fiber::switch_to(t.main, t.fiber);
  CHECK(t.caught.empty());
  Fiber::switch_to(t.main, t.fiber);
  CHECK(t.caught == "from depth 0");
}

// A fiber that notes where its stack is, and exits at once.
struct Where {
  Fiber main;
  Fiber fiber;
  const void* frame = nullptr;  // its entry's frame: a fixed place in its stack
  explicit Where(size_t stack_bytes) : fiber(stack_bytes, &Where::run, this) {}
  static void run(void* self) {
    auto& w = *static_cast<Where*>(self);
    w.frame = __builtin_frame_address(0);
    Fiber::exit_to(w.fiber, w.main);
  }
};

// Where the stacks of `n` fibers of `stack_bytes`, all alive at once, are, in
// address order: each fiber's entry frame. The fibers are let go of on return.
std::vector<const void*> stacks_of(size_t n, size_t stack_bytes) {
  std::vector<std::unique_ptr<Where>> fibers;
  std::vector<const void*> frames;
  for (size_t i = 0; i < n; ++i) {
    fibers.push_back(std::make_unique<Where>(stack_bytes));
    Fiber::switch_to(fibers.back()->main, fibers.back()->fiber);
    frames.push_back(fibers.back()->frame);
  }
  std::sort(frames.begin(), frames.end());
  return frames;
}

// Whether the page that holds `address` is mapped.
bool mapped(const void* address) {
  const uintptr_t page = static_cast<uintptr_t>(sysconf(_SC_PAGESIZE));
  unsigned char resident = 0;
  return mincore(reinterpret_cast<void*>(reinterpret_cast<uintptr_t>(address) / page * page), page, &resident) == 0;
}

// Each case runs on a thread of its own, whose stacks no other case has kept.
template <class Case>
void on_a_fresh_thread(const Case& run) {
  std::thread thread(run);
  thread.join();
}

TEST_CASE("stacks let go of stay mapped, and the next fibers of their size take them", "[fiber]") {
  on_a_fresh_thread([] {
    const std::vector<const void*> first = stacks_of(8, 64 * 1024);
    for (const void* stack : first) CHECK(mapped(stack));
    // The same stacks, whichever fiber takes which: none is mapped anew.
    CHECK(stacks_of(8, 64 * 1024) == first);
  });
}

TEST_CASE("no more than kPooledStacks stacks let go of are kept", "[fiber]") {
  on_a_fresh_thread([] {
    const size_t over = 16;
    const std::vector<const void*> let_go = stacks_of(Fiber::kPooledStacks + over, 16 * 1024);
    const size_t kept = static_cast<size_t>(std::count_if(let_go.begin(), let_go.end(), mapped));
    CHECK(kept <= Fiber::kPooledStacks);
    CHECK(kept > 0);
  });
}

struct Recurse {
  Fiber main;
  Fiber fiber;
  Recurse() : fiber(16 * 1024, &Recurse::run, this) {}
  // Unbounded unless `limit` is reached, which it never is: the compiler cannot tell.
  static int down(int depth, const volatile int* limit) {
    volatile char pad[512];
    pad[0] = static_cast<char>(depth);
    if (depth == *limit) return pad[0];
    return down(depth + 1, limit) + pad[0];
  }
  static void run(void* self) {
    static volatile int never = -1;
    down(0, &never);
    Fiber::exit_to(static_cast<Recurse*>(self)->fiber, static_cast<Recurse*>(self)->main);
  }
};

TEST_CASE("a fiber that overflows its stack faults on the guard page", "[fiber]") {
  const pid_t child = fork();
  REQUIRE(child >= 0);
  if (child == 0) {
    Recurse r;
    Fiber::switch_to(r.main, r.fiber);
    _exit(0);  // not reached: the recursion has no end
  }
  int status = 0;
  REQUIRE(waitpid(child, &status, 0) == child);
  // A fault (or, under ASan, its stack-overflow report and abort): never a normal exit.
  CHECK_FALSE((WIFEXITED(status) && WEXITSTATUS(status) == 0));
  CHECK((WIFSIGNALED(status) || (WIFEXITED(status) && WEXITSTATUS(status) != 0)));
}

}  // namespace
}  // namespace loom
