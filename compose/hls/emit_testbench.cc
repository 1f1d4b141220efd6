// The testbench of an emitted project: tb.cpp, which drives every run
// through the top function and compares every output word with what the
// reference computed, and loom_tb_data.h, which holds the runs' data.
#include <algorithm>

#include "compose/hls/emit_internal.h"
#include "compose/hls/printer.h"
#include "units/argument.h"

namespace loom::hls::detail {
namespace {

// The testbench's fixed part: what every project's tb.cpp holds before its
// own arrays and main().
constexpr const char* kHelpers = R"(// Returns 0 when every word matches, as Vitis's C simulation and co-simulation expect.
#include <stdint.h>
#include <stdio.h>

#include "loom_top.h"
#include "loom_tb_data.h"

// An element's bits lo..W-1 (or its word's lo..B-1), 64 at a time.
static int loom_hi(int lo, int end) { return lo + 63 < end - 1 ? lo + 63 : end - 1; }

// Sets `rows` elements of W bits from `given` rows of limbs of a B-bit word,
// and zeroes the rest and every element's bits above the word.
template <int B, int W>
static void loom_fill(ap_uint<W>* words, int64_t rows, const uint64_t* limbs, int64_t given) {
  const int limb_count = (B + 63) / 64;
  for (int64_t r = 0; r < rows; ++r) {
    for (int lo = B; lo < W; lo += 64) words[r].range(loom_hi(lo, W), lo) = 0;
    for (int l = 0; l < limb_count; ++l) words[r].range(loom_hi(64 * l, B), 64 * l) = r < given ? limbs[r * limb_count + l] : 0;
  }
}

// An IEEE binary32 NaN: exponent all ones, fraction not zero.
static inline bool loom_nan32(uint64_t bits) {
  return (bits & 0x7f800000u) == 0x7f800000u && (bits & 0x007fffffu) != 0;
}

// Compares `rows` elements with the expected limbs of a B-bit word, and their
// bits above the word with zero; returns the elements that differ. With
// `binary32`, the word's 32-bit lanes are IEEE floats: a NaN matches only a
// NaN, every other value bit for bit (common/binary32.h).
template <int B, int W>
static int64_t loom_compare(const ap_uint<W>* words, int64_t rows, const uint64_t* limbs, const char* run,
                            const char* arg, int64_t reported, int binary32) {
  const int limb_count = (B + 63) / 64, chunks = (W + 63) / 64;
  int64_t differ = 0;
  for (int64_t r = 0; r < rows; ++r)
    for (int c = 0; c < chunks; ++c) {
      const int lo = 64 * c, hi = loom_hi(lo, W);
      const uint64_t got = words[r].range(hi, lo).to_uint64();
      const uint64_t want = c < limb_count ? limbs[r * limb_count + c] : 0;
      uint64_t differs = got ^ want;
      for (int half = 0; binary32 && half < 2 && lo + 32 * half < B; ++half)
        if (loom_nan32(want >> (32 * half)) && loom_nan32(got >> (32 * half)))
          differs &= ~(uint64_t{0xffffffffu} << (32 * half));
      if (differs == 0) continue;
      if (reported + differ < 10)
        printf("MISMATCH run '%s' %s[%lld] bits %d..%d: got 0x%016llx, expected 0x%016llx%s\n", run, arg,
               static_cast<long long>(r), lo, hi, static_cast<unsigned long long>(got),
               static_cast<unsigned long long>(want), lo + 64 > B ? ", and bits above the word must be zero" : "");
      ++differ;
      break;  // a word differs once, whichever of its limbs do
    }
  return differ;
}

)";

// main()'s end, after the runs' loop: the verdict C simulation prints.
constexpr const char* kVerdict = R"(  if (loom_differ > 0) {
    printf("LOOM CSIM FAIL: %lld of %lld words differ, over %d runs\n", static_cast<long long>(loom_differ),
           static_cast<long long>(loom_compared), kLoomRunCount);
    return 1;
  }
  printf("LOOM CSIM PASS: %d runs, %lld words compared, all equal\n", kLoomRunCount,
         static_cast<long long>(loom_compared));
  return 0;
)";
// ...for a region with non-blocking accesses: in C simulation, the words that
// differ only by timing are the NOTE's, not a failure.
constexpr const char* kTimedVerdict = R"(  if (loom_differ > 0) {
    printf("LOOM CSIM FAIL: %lld of %lld words differ, over %d runs\n", static_cast<long long>(loom_differ),
           static_cast<long long>(loom_compared), kLoomRunCount);
    return 1;
  }
  if (!kLoomTimed) {
    printf("LOOM CSIM PASS: %d runs, %lld words compared, %lld of them timing's (see the NOTE)\n", kLoomRunCount,
           static_cast<long long>(loom_compared), static_cast<long long>(loom_untimed));
    return 0;
  }
  printf("LOOM CSIM PASS: %d runs, %lld words compared, all equal\n", kLoomRunCount,
         static_cast<long long>(loom_compared));
  return 0;
)";

std::string hex(uint64_t v) {
  static const char digits[] = "0123456789abcdef";
  std::string out = "0x";
  for (int shift = 60; shift >= 0; shift -= 4) out += digits[(v >> shift) & 0xf];
  return out;
}

// The rows of `b` up to its last nonzero one: the testbench zeroes the rest.
int64_t rows_given(const Buffer& b) {
  int64_t rows = b.rows();
  const auto zero = [&](int64_t r) {
    for (unsigned l = 0; l < b.stride(); ++l)
      if (b.row(r)[l] != 0) return false;
    return true;
  };
  while (rows > 0 && zero(rows - 1)) --rows;
  return rows;
}

// The first `rows` rows of `b` as an array of limbs, six to a line.
void limbs(Printer& out, const std::string& name, const Buffer& b, int64_t rows) {
  std::vector<std::string> elements;
  for (int64_t r = 0; r < rows; ++r)
    for (unsigned l = 0; l < b.stride(); ++l) elements.push_back(hex(b.row(r)[l]));
  out.packed_array("static const uint64_t " + name, elements, 6);
}

// One run's entry in kLoomRuns, its arrays printed to `out` on the way: per
// argument the rows given (none when all are zero) and the expected words
// (compared in full, zero rows too).
std::string run_entry(Printer& out, const Plan& plan, size_t r) {
  const TestRun& run = plan.runs[r];
  if (run.expected_simulated)
    out.comment("Run " + quoted(run.name) + " expects Loom's simulated outputs, not an independent reference (tb.cpp).");
  std::vector<std::string> fields = {Printer::string_literal(run.name)};
  for (size_t a = 0; a < plan.region.arguments.size(); ++a) {
    const std::string& name = plan.region.arguments[a].name;
    const std::string base = "run" + std::to_string(r) + "_" + plan.arg_ids[a];
    int64_t rows = 0;
    if (auto in = run.inputs.find(name); in != run.inputs.end()) {
      rows = rows_given(in->second);
      if (rows > 0) limbs(out, base + "_in", in->second, rows);
    }
    fields.push_back(rows > 0 ? base + "_in" : "0");
    fields.push_back(std::to_string(rows));
    if (auto ex = run.expected.find(name); ex != run.expected.end()) {
      limbs(out, base + "_expected", ex->second, ex->second.rows());
      fields.push_back(base + "_expected");
    } else {
      fields.push_back("0");
    }
    fields.push_back(run.binary32.count(name) ? "1" : "0");
  }
  return Printer::braces(fields);
}

// One argument's part of main(): filled before the top runs, and compared
// after it where the run expects something of it.
void fill(Printer& out, const Plan& plan, size_t a) {
  const ArgumentInstance& arg = plan.region.arguments[a];
  const std::string& id = plan.arg_ids[a];
  out.call(Printer::template_id("loom_fill", {std::to_string(arg.word.bits())}),
           {"loom_arg_" + id, std::to_string(arg.size), "loom_run." + id + "_in", "loom_run." + id + "_in_rows"});
}

// `timed`: a non-blocking access reaches the argument, so what it holds is
// the RTL's timing's: only a run that has it (co-simulation) is held to
// Loom's simulated values; a C simulation's differences are counted apart,
// unprinted.
void compare(Printer& out, const Plan& plan, size_t a, bool timed) {
  const ArgumentInstance& arg = plan.region.arguments[a];
  const std::string& id = plan.arg_ids[a];
  out.open("if (loom_run." + id + "_expected)");
  const std::string call =
      Printer::call_expr(Printer::template_id("loom_compare", {std::to_string(arg.word.bits())}),
                         {"loom_arg_" + id, std::to_string(arg.size), "loom_run." + id + "_expected", "loom_run.name",
                          Printer::string_literal(arg.name), timed ? "kLoomTimed ? loom_differ : 10" : "loom_differ",
                          "loom_run." + id + "_binary32"});
  if (timed) {
    out.declare_init("const int64_t", "loom_d", call);
    out.statement("(kLoomTimed ? loom_differ : loom_untimed) += loom_d");
  } else {
    out.statement("loom_differ += " + call);
  }
  out.statement("loom_compared += " + std::to_string(arg.size));
  out.close();
}

// The processes whose units make non-blocking accesses, as the testbench names them.
std::string timing_dependent(const Region& region) {
  std::string out;
  for (const Process& p : region.processes)
    if (p.unit->nonblocking()) out += (out.empty() ? "" : ", ") + p.name();
  return out;
}

// The arguments `exempt` marks, as the testbench names them.
std::string names_of(const Region& region, const std::vector<bool>& exempt) {
  std::string out;
  for (size_t a = 0; a < region.arguments.size(); ++a)
    if (exempt[a]) out += (out.empty() ? "" : ", ") + region.arguments[a].name;
  return out;
}

}  // namespace

bool is_output(const Region& region, const ArgumentInstance& a) {
  return a.user.valid() && region.port(a.user).access != Access::read;
}

// Nothing else in the region depends on the timing (a blocking process
// computes the same words whenever they arrive), so every other output is
// compared as a Kahn region's is.
std::vector<bool> timing_dependent_outputs(const Region& region) {
  std::vector<bool> reached(region.processes.size(), false);
  std::vector<size_t> frontier;
  for (size_t p = 0; p < region.processes.size(); ++p)
    if (region.processes[p].unit->nonblocking()) reached[p] = true, frontier.push_back(p);
  while (!frontier.empty()) {
    const size_t p = frontier.back();
    frontier.pop_back();
    for (const ChannelInstance& c : region.channels) {
      if (c.writer.process != static_cast<int>(p) || !c.reader.valid()) continue;
      const auto r = static_cast<size_t>(c.reader.process);
      if (!reached[r]) reached[r] = true, frontier.push_back(r);
    }
  }
  std::vector<bool> out;
  for (const ArgumentInstance& a : region.arguments)
    out.push_back(is_output(region, a) && reached[static_cast<size_t>(a.user.process)]);
  return out;
}

bool simulated_reference(const Region& region) {
  const std::vector<bool> timed = timing_dependent_outputs(region);
  return std::find(timed.begin(), timed.end(), true) != timed.end();
}

std::string testbench(const Plan& plan) {
  Printer out;
  banner(out, plan, "the testbench: every run through the top function, every output word compared.");
  out.raw(kHelpers);
  std::vector<std::string> args;
  for (size_t a = 0; a < plan.region.arguments.size(); ++a) {
    const ArgumentInstance& arg = plan.region.arguments[a];
    // Aligned as Vitis is told the pointers are (loom_top.h says so to a
    // host); alignas of the type too, since an alignas weaker than the type's
    // own is ill-formed, and the strictest of the two stands.
    const std::string element = ap_uint(axi_element_bits(arg.word.bits()));
    const int align = array_alignment(plan.region, arg);
    out.declare_array(
        (align > 1 ? "alignas(" + std::to_string(align) + ") alignas(" + element + ") " : std::string()) + "static " + element,
        "loom_arg_" + plan.arg_ids[a], arg.size, arg.name);
    // A scalar input goes by value: its one element.
    args.push_back("loom_arg_" + plan.arg_ids[a] + (arg.protocol == Protocol::ap_none ? "[0]" : ""));
  }
  // Only the outputs a non-blocking access reaches are the RTL's timing's;
  // `timed` names the processes that make one, where any such output exists.
  const std::vector<bool> exempt = timing_dependent_outputs(plan.region);
  const std::string outputs = names_of(plan.region, exempt);
  const std::string timed = outputs.empty() ? std::string() : timing_dependent(plan.region);
  if (!timed.empty()) {
    out.blank();
    out.comment("Non-blocking accesses (" + timed + "): the words of " + outputs + " are the RTL's timing's.");
    out.comment("Co-simulation (__RTL_SIMULATION__) or -DLOOM_COSIM holds them to Loom's simulated values; a C simulation,");
    out.comment("which runs the processes one after another, only reports how many differ. No non-blocking");
    out.comment("access reaches the other outputs: every run compares them.");
    out.directive("if defined(__RTL_SIMULATION__) || defined(LOOM_COSIM)");
    out.declare_init("static const int", "kLoomTimed", "1");
    out.directive("else");
    out.declare_init("static const int", "kLoomTimed", "0");
    out.directive("endif");
  }
  // A run that expected nothing of a timing-dependent region was given what
  // Loom simulated (presimulate.h): its pass is agreement, not correctness,
  // and whoever reads the file or the log is told so.
  std::string simulated;
  for (const TestRun& run : plan.runs)
    if (run.expected_simulated) simulated += (simulated.empty() ? "" : ", ") + quoted(run.name);
  const std::string simulated_note =
      "the expected values of run " + simulated +
      " are Loom's simulated outputs, not an independent reference: the design's non-blocking accesses leave it no "
      "plain C++ reference, so a pass shows the kernel agrees with Loom's simulator, not that either computes what "
      "was meant";
  if (!simulated.empty()) {
    out.blank();
    out.comment("The expected values of run " + simulated + " are Loom's simulated outputs, not an independent reference:");
    out.comment("the design's non-blocking accesses leave it no plain C++ reference, so a pass shows the kernel agrees");
    out.comment("with Loom's simulator, not that either computes what was meant (docs/hls.md, \"A design with no reference\").");
  }
  out.blank();
  out.open(Printer::signature("int", "main", {}));
  out.statement("int64_t loom_compared = 0, loom_differ = 0");
  if (!simulated.empty())
    out.statement("printf(" + Printer::string_literal("LOOM CSIM NOTE: " + simulated_note + "\n") + ")");
  if (!timed.empty()) out.statement("int64_t loom_untimed = 0");
  if (!plan.feedback.empty())
    out.statement("printf(" +
                  Printer::string_literal(
                      "LOOM CSIM NOTE: the channels form a cycle (" + plan.feedback +
                      "); the processes ran concurrently over unbounded streams, so only co-simulation confirms the "
                      "cycle count and that the emitted FIFO depths do not deadlock (Loom's simulator checked both "
                      "before emitting)\n") +
                  ")");
  out.open("for (int loom_r = 0; loom_r < kLoomRunCount; ++loom_r)");
  out.declare_init("const LoomRun&", "loom_run", "kLoomRuns[loom_r]");
  for (size_t a = 0; a < plan.region.arguments.size(); ++a) fill(out, plan, a);
  out.call(plan.top, args);
  for (size_t a = 0; a < plan.region.arguments.size(); ++a) compare(out, plan, a, exempt[a]);
  out.close();
  if (!timed.empty())
    out.statement(
        "if (!kLoomTimed) printf(" +
        Printer::string_literal("LOOM CSIM NOTE: non-blocking accesses (" + timed + "): the words of " + outputs +
                                " depend on when each access happens, which C simulation "
                                "does not model (it runs the processes " +
                                (plan.feedback.empty() ? "one after another" : "on threads") +
                                "); %lld of its words differ from Loom's simulated values, which only co-simulation "
                                "confirms\n") +
        ", static_cast<long long>(loom_untimed))");
  out.raw(timed.empty() ? kVerdict : kTimedVerdict);
  out.close();
  return out.text();
}

std::string testbench_data(const Plan& plan) {
  Printer out;
  banner(out, plan, "the testbench's runs: what goes in, and what must come out.");
  out.directive("pragma once");
  out.blank();
  out.include_system("stdint.h");
  out.blank();
  std::vector<std::string> entries;
  for (size_t r = 0; r < plan.runs.size(); ++r) entries.push_back(run_entry(out, plan, r));
  out.blank();
  out.open_struct("LoomRun");
  out.declare("const char*", "name");
  for (const std::string& id : plan.arg_ids) {
    out.declare("const uint64_t*", id + "_in");
    out.declare("int64_t", id + "_in_rows");
    out.declare("const uint64_t*", id + "_expected");
    out.declare("int", id + "_binary32");
  }
  out.close_struct();
  out.blank();
  out.array("static const LoomRun kLoomRuns", entries);
  out.declare_init("static const int", "kLoomRunCount", std::to_string(plan.runs.size()));
  return out.text();
}

}  // namespace loom::hls::detail
