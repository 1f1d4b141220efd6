// Writes a region as a Vitis HLS project (docs/hls.md): the top function and one
// context per process instance, the unit sources as they are, the testbench
// and its data, the Tcl script, the C-simulation Makefile, the stand-in headers
// and the poison check.
#include <algorithm>
#include <charconv>
#include <cmath>
#include <regex>
#include <set>

#include "common/quote.h"
#include "compose/hls/call_order.h"
#include "compose/hls/global_names.h"
#include "compose/hls/identifiers.h"
#include "compose/hls/includes.h"
#include "compose/hls/poison.h"
#include "compose/hls/presimulate.h"
#include "compose/hls/project.h"
#include "units/argument.h"
#include "units/bits.h"

namespace loom::hls {
namespace {

std::string ap_uint(int bits) { return "ap_uint<" + std::to_string(bits) + ">"; }

// The widest m_axi data port Vitis takes (UG1448 214-226: a power of 2, 8 to 1024 bits).
constexpr int kMaxAxiBits = 1024;


std::string index_suffix(const Index& i) {
  std::string out;
  for (int d = 0; d < i.rank; ++d) out += "_" + std::to_string(i[d]);
  return out;
}


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

// The first `rows` rows of `b` as limbs, six to a line.
std::string limbs_literal(const Buffer& b, int64_t rows) {
  std::string out;
  for (int64_t r = 0; r < rows; ++r)
    for (unsigned l = 0; l < b.stride(); ++l) out += ((r * b.stride() + l) % 6 ? " " : "\n    ") + hex(b.row(r)[l]) + ",";
  return out;
}

// The shortest text that reads back as `v`: 3.333333333 stays 3.333333333.
std::string shortest(double v) {
  char text[64];
  const auto [end, ec] = std::to_chars(text, text + sizeof text, v);
  return ec == std::errc() ? std::string(text, end) : std::string("?");
}

bool valid_part(const std::string& part) {
  static const std::regex shape(R"(x[a-zA-Z0-9]+(-[a-zA-Z0-9]+)+)");
  return part.size() <= 64 && std::regex_match(part, shape);
}

// What one process instance's context and call need.
struct Instance {
  int process;
  std::string proc, io;  // the process function and its context struct
};

class Emitter {
 public:
  Emitter(const Region& region, const Options& options, const std::vector<Dependence>& dependences,
          const std::vector<TestRun>& runs, const SourceTree& sources)
      : region_(region), options_(options), dependences_(dependences), runs_(runs), sources_(sources) {}

  Result<Project> run() {
    Status status = check_options(options_);
    auto order = call_order(region_);
    if (!order.ok()) status.merge(order.status());
    status.merge(check_units());
    status.merge(check_runs());
    if (!status.ok()) return status;
    // Nothing is emitted that deadlocks at its depths or breaks an II budget.
    if (Status simulated = presimulate(region_, runs_); !simulated.ok()) return simulated;
    project_.top = ids_.make(region_.name);
    for (const ArgumentInstance& a : region_.arguments) arg_ids_.push_back(ids_.make(a.name));
    for (const ChannelInstance& c : region_.channels) stream_ids_.push_back(ids_.make(c.name + index_suffix(c.index)));
    for (int p : order.value()) {
      const Process& proc = region_.processes[static_cast<size_t>(p)];
      const std::string base = proc.placement + index_suffix(proc.index);
      instances_.push_back({p, ids_.make(base + "_proc"), ids_.make(base + "_io")});
    }
    if (Status clear = check_collisions(); !clear.ok()) return clear;
    files()["loom_top.h"] = top_header();
    files()["top.cpp"] = top_source();
    files()["tb.cpp"] = testbench();
    files()["loom_tb_data.h"] = testbench_data();
    files()["run_hls.tcl"] = tcl();
    files()["Makefile"] = makefile();
    for (const std::string& path : sources_needed_) files()["src/" + path] = std::string(sources_.at(path));
    // Loom's ap_int.h is the host's lane arithmetic too (units/ap_int.h).
    for (const char* standin : {"units/ap_int.h", "compose/hls/standin/hls_stream.h"}) {
      auto text = sources_.find(standin);
      if (text == sources_.end())
        return Error{"hls-source-missing", std::string("stand-in ") + standin,
                     "was not embedded in this build; link //compose/hls, whose sources it is"};
      files()["standin/" + std::string(standin).substr(std::string(standin).rfind('/') + 1)] = std::string(text->second);
    }
    for (const auto& [path, text] : poison_files()) files()["check/" + path] = text;
    std::string manifest = "loom-hls-project 1\nregion " + region_.name + "\ntop " + project_.top + "\n";
    for (const auto& [path, text] : files()) manifest += "file " + path + "\n";
    files()[".loom-hls"] = manifest;
    return project_;
  }

 private:
  std::map<std::string, std::string>& files() { return project_.files; }

  // Each unit's source is embedded; units sharing a header share its pragmas.
  Status check_units() {
    Status status;
    std::map<std::string, std::string> pragmas_by_source, unit_by_source;
    for (const Process& p : region_.processes) {
      const UnitModel& u = *p.unit;
      if (!sources_.count(u.source)) {
        if (seen_missing_.insert(u.source).second)
          status.add("hls-source-missing", "unit " + quoted(u.name),
                     "is declared in " + u.source + ", which this build did not embed for HLS emission; add it to a "
                     "loom_hls_sources target linked into the binary (compose/hls/hls_sources.bzl)");
        continue;
      }
      const std::string pragmas = loop_pragmas(u);
      auto [it, fresh] = pragmas_by_source.emplace(u.source, pragmas);
      if (fresh) {
        unit_by_source[u.source] = u.name;
        for (const std::string& f : closure(u.source, sources_))
          if (std::find(sources_needed_.begin(), sources_needed_.end(), f) == sources_needed_.end())
            sources_needed_.push_back(f);
      } else if (it->second != pragmas) {
        status.add("hls-shared-source", "unit " + quoted(u.name),
                   "is declared in " + u.source + " with unit " + quoted(unit_by_source[u.source]) +
                       ", but their loops need different pragmas; HLS emission needs one unit per header");
      }
    }
    // A header is compiled under the pragmas of the first unit that includes
    // it, so one unit's header may not include another's that needs others.
    for (const auto& [source, pragmas] : pragmas_by_source)
      for (const std::string& f : closure(source, sources_)) {
        auto other = pragmas_by_source.find(f);
        if (f != source && other != pragmas_by_source.end() && other->second != pragmas)
          status.add("hls-shared-source", "unit " + quoted(unit_by_source[source]),
                     "its header " + source + " includes " + f + ", the header of unit " + quoted(unit_by_source[f]) +
                         ", whose loops need different pragmas; a unit's header may not include another unit's");
      }
    for (const Dependence& d : dependences_) {
      bool found = false;
      for (const Process& p : region_.processes) {
        if (p.unit->name != d.unit) continue;
        const int port = p.unit->port_index(d.memory);
        found = found || (port >= 0 && p.unit->ports[static_cast<size_t>(port)].kind == PortKind::owns);
      }
      if (!found)
        status.add("hls-dependence", "claim on unit " + quoted(d.unit) + " memory " + quoted(d.memory),
                   "names no unit of region " + quoted(region_.name) + " that owns such a memory");
      // The pragma names the array through the context, so every instance must have one.
      for (const Process& p : region_.processes) {
        const int port = p.unit->name == d.unit ? p.unit->port_index(d.memory) : -1;
        if (port >= 0 && !p.ports[static_cast<size_t>(port)].bound())
          status.add("hls-dependence", "claim on unit " + quoted(d.unit) + " memory " + quoted(d.memory),
                     "process " + quoted(p.name()) + " leaves that memory unbound, so its loop has no array for the "
                     "dependence pragma to name");
      }
    }
    return status;
  }

  Status check_runs() {
    Status status;
    for (const TestRun& run : runs_)
      for (const auto* contents : {&run.inputs, &run.expected})
        for (const auto& [name, buffer] : *contents) {
          const ArgumentInstance* arg = argument(name);
          const std::string where = "test run " + quoted(run.name) + " argument " + quoted(name);
          if (arg == nullptr)
            status.add("hls-test-run", where, "names no argument of region " + quoted(region_.name));
          else if (!(buffer.word() == arg->word) || buffer.rows() != arg->size)
            status.add("hls-test-run", where,
                       "holds " + std::to_string(buffer.rows()) + " words of " + buffer.word().to_string() +
                           ", but the argument is " + std::to_string(arg->size) + " words of " + arg->word.to_string());
        }
    for (const ArgumentInstance& a : region_.arguments)
      if (a.word.bits() > kMaxAxiBits)
        status.add("hls-argument-width", "argument " + quoted(a.name),
                   "holds words of " + std::to_string(a.word.bits()) + " bits; an m_axi port carries at most " +
                       std::to_string(kMaxAxiBits) + " (UG1448 214-226)");
    for (const TestRun& run : runs_) {
      if (run.expected.empty())
        status.add("hls-test-run", "test run " + quoted(run.name), "expects no output, so the testbench would compare nothing");
      for (const std::string& name : run.binary32) {
        const auto it = run.expected.find(name);
        if (it == run.expected.end() || it->second.word().lane_bits != 32)
          status.add("hls-test-run", "test run " + quoted(run.name) + " argument " + quoted(name),
                     "is compared as binary32, so it must be an expected output of 32-bit lanes");
      }
    }
    if (runs_.empty()) status.add("hls-test-run", "region " + quoted(region_.name), "the testbench needs at least one run");
    // The data is compiled into the testbench: past this it is a header no compiler takes in reasonable time.
    int64_t limbs = 0;
    for (const TestRun& run : runs_)
      for (const auto* contents : {&run.inputs, &run.expected})
        for (const auto& [name, buffer] : *contents) limbs += buffer.rows() * bits::limbs_for(static_cast<unsigned>(buffer.word().bits()));
    if (limbs > kMaxTestbenchLimbs)
      status.add("hls-test-too-large", "region " + quoted(region_.name),
                 "its " + std::to_string(runs_.size()) + " test runs hold " + std::to_string(limbs) +
                     " 64-bit words of data, and a testbench holds at most " + std::to_string(kMaxTestbenchLimbs) +
                     "; emit a smaller configuration (fewer rows) to C-simulate, and synthesise the large one from the same units");
    return status;
  }

  const ArgumentInstance* argument(const std::string& name) const {
    for (const ArgumentInstance& a : region_.arguments)
      if (a.name == name) return &a;
    return nullptr;
  }

  // The top's own file-scope names (the extern "C" top, each process
  // function and context) against what the unit headers declare at global
  // scope: a collision would fail to compile in a way that never says which
  // two names met.
  Status check_collisions() const {
    Status status;
    // The unit headers, the stand-ins the project compiles against, and the C library they include.
    std::vector<std::string> scanned = sources_needed_;
    scanned.push_back("units/ap_int.h");
    scanned.push_back("compose/hls/standin/hls_stream.h");
    std::map<std::string, GlobalName> taken = global_names(sources_, scanned);
    taken.insert(c_library_names().begin(), c_library_names().end());
    const auto check = [&](const std::string& id, const std::string& what) {
      auto it = taken.find(id);
      if (it == taken.end()) return;
      const std::string at = it->second.line > 0 ? it->second.file + ":" + std::to_string(it->second.line)
                                                 : it->second.file;
      status.add("hls-name-collision", "region " + quoted(region_.name),
                 what + " '" + id + "' would collide with the " + it->second.kind + " '" + id + "' that " + at +
                     " declares at global scope; rename the region (or the placement), or move that name into a "
                     "namespace of its own");
    };
    check(project_.top, "its top function, extern \"C\" void");
    for (const Instance& inst : instances_) {
      const std::string process = region_.processes[static_cast<size_t>(inst.process)].name();
      check(inst.proc, "the process function of " + process + ",");
      check(inst.io, "the context of " + process + ",");
    }
    return status;
  }

  std::vector<const Dependence*> dependences_of(const UnitModel& u) const {
    std::vector<const Dependence*> out;
    for (const Dependence& d : dependences_)
      if (d.unit == u.name) out.push_back(&d);
    return out;
  }

  // What LOOM_HLS_LOOP(io) expands to in the unit's loops: each claimed
  // memory bound by name and probed (units/hls/context.h), then the pragmas.
  std::string loop_pragmas(const UnitModel& u) const {
    std::string out;
    for (const Dependence* d : dependences_of(u)) out += "LOOM_HLS_MEMORY(io, " + d->memory + ") ";
    out += "LOOM_PRAGMA(HLS pipeline II=" + std::to_string(u.pipeline.ii) + ")";
    for (const Dependence* d : dependences_of(u))
      out += " LOOM_PRAGMA(HLS dependence variable=loom_mem_" + d->memory + " inter false)";
    return out;
  }

  std::string top_signature() const {
    std::string out = "extern \"C\" void " + project_.top + "(";
    for (size_t a = 0; a < region_.arguments.size(); ++a)
      out += (a ? ", " : "") + ap_uint(axi_element_bits(region_.arguments[a].word.bits())) + "* " + arg_ids_[a];
    return out + ")";
  }

  std::string banner(const std::string& what) const {
    return "// Generated by `loom hls` from region " + quoted(region_.name) + " (" + params_line(region_) + "): " + what +
           "\n// Do not edit: emit the project again.\n";
  }

  std::string top_header() const {
    std::string layout =
        "// Each argument is an array of elements of a power-of-two width: element i\n"
        "// holds word i in its low bits (lane l at bits l*B .. l*B+B-1, for B-bit\n"
        "// lanes), and the bits above the word are zero, going in and coming out.\n";
    for (const ArgumentInstance& a : region_.arguments)
      layout += "//   " + a.name + ": " + std::to_string(a.size) + " elements of " + ap_uint(axi_element_bits(a.word.bits())) +
                " (" + std::to_string(axi_element_bits(a.word.bits()) / 8) + " bytes each), word " + a.word.to_string() +
                " in bits 0.." + std::to_string(a.word.bits() - 1) + "\n";
    return banner("the top function, for the testbench and a host program.") + layout +
           "#pragma once\n\n#include <ap_int.h>\n\n" + top_signature() + ";\n";
  }

  std::string unit_includes() const {
    std::string out;
    std::set<std::string> done;
    for (const Instance& inst : instances_) {
      const UnitModel& u = *region_.processes[static_cast<size_t>(inst.process)].unit;
      if (!done.insert(u.source).second) continue;
      out += "\n// Unit " + quoted(u.name) + ": " + u.type + ", from " + u.source + ".\n";
      out += "// Its loops (LOOM_PIPELINE) get: #pragma HLS pipeline II=" + std::to_string(u.pipeline.ii) + "\n";
      for (const Dependence* d : dependences_of(u)) {
        out += "// Obligation: " + d->claim + ".\n";
        out += "//   It rests on: " + d->rests_on + ".\n";
        out += "//   Discharged under: " + d->discharged_under + ".\n";
        out += "// Its loops get: #pragma HLS dependence variable=loom_mem_" + d->memory +
               " inter false, loom_mem_" + d->memory + " the owner's array " + d->memory + "\n";
      }
      out += "#define LOOM_HLS_II " + std::to_string(u.pipeline.ii) + "\n";
      out += "#define LOOM_HLS_LOOP(io) " + loop_pragmas(u) + "\n";
      out += "#include \"" + u.source + "\"\n#undef LOOM_HLS_LOOP\n#undef LOOM_HLS_II\n";
    }
    return out;
  }

  // The context struct of one instance: each port bound to its stream, array or
  // pointer, the index and parameters as constants.
  std::string context(const Instance& inst) const {
    const Process& p = region_.processes[static_cast<size_t>(inst.process)];
    const UnitModel& u = *p.unit;
    const std::string who = "\"" + p.name() + "\"";
    std::string members, methods;
    for (size_t k = 0; k < u.ports.size(); ++k) {
      const PortInfo& port = u.ports[k];
      const Target& t = p.ports[k];
      const std::string tag = "unit::" + port.name + "_port", word = tag + "::word";
      const std::string m = port.name + "_";
      const bool reads = port.kind == PortKind::reads, writes = port.kind == PortKind::writes;
      const bool loads = !reads && !writes && port.access != Access::write;
      const bool stores = !reads && !writes && port.access != Access::read;
      if (!t.bound()) {
        const std::string fail = "loom::hls_target::unbound<" + word + ">(" + who + ", \"" + port.name + "\")";
        if (reads) methods += "  " + word + " read(" + tag + ") { return " + fail + "; }\n";
        if (writes) methods += "  void write(" + tag + ", const " + word + "&) { " + fail + "; }\n";
        if (loads) methods += "  " + word + " load(" + tag + ", int64_t) { return " + fail + "; }\n";
        if (stores) methods += "  void store(" + tag + ", int64_t, const " + word + "&) { " + fail + "; }\n";
        continue;
      }
      const std::string raw = ap_uint(port.word.bits());
      if (reads || writes) {
        members += "  hls::stream<" + raw + " >& " + m + ";\n";
        if (reads) methods += "  " + word + " read(" + tag + ") { return " + word + "(" + m + ".read()); }\n";
        if (writes) methods += "  void write(" + tag + ", const " + word + "& w) { " + m + ".write(w.raw()); }\n";
        continue;
      }
      const bool memory = t.kind == ObjectKind::memory;
      const int64_t rows = memory ? region_.memories[static_cast<size_t>(t.id)].rows
                                  : region_.arguments[static_cast<size_t>(t.id)].size;
      // A memory is the owner's array, by reference, so that the loop's
      // pragmas can name it; an argument is the top's m_axi pointer, whose
      // elements are the word padded to a power of two.
      const std::string element = memory ? raw : ap_uint(axi_element_bits(port.word.bits()));
      if (memory)
        members += "  typedef " + raw + " " + port.name + "_word;\n  " + raw + " (&" + m + ")[" + std::to_string(rows) + "];\n";
      else
        members += "  " + element + "* " + m + ";\n";
      const auto row = [&](const char* verb) {
        return "loom::hls_target::row(row, " + std::to_string(rows) + ", " + who + ", \"" + port.name + "\", \"" + verb + "\")";
      };
      if (loads)
        methods += "  " + word + " load(" + tag + ", int64_t row) { return " + word + "(" +
                   (memory ? m + "[" + row("load") + "]" : raw + "(" + m + "[" + row("load") + "])") + "); }\n";
      if (stores)
        methods += "  void store(" + tag + ", int64_t row, const " + word + "& w) { " + m + "[" + row("store") + "] = " +
                   (memory ? std::string("w.raw()") : element + "(w.raw())") + "; }\n";
    }
    for (size_t k = 0; k < u.params.size(); ++k)
      methods += "  int64_t param(unit::" + u.param_tags[k] + "_param) const { return " +
                 std::to_string(region_.params[u.params[k]]) + "; }  // " + u.params[k] + "\n";
    const Index& i = p.index;
    std::string out = "// " + p.name() + ": unit " + quoted(u.name) + "\nstruct " + inst.io + " {\n  typedef " + u.type +
                      " unit;\n" + members + "  static constexpr loom::Index index() { return loom::Index{" +
                      std::to_string(i.rank) + ", {" + std::to_string(i[0]) + ", " + std::to_string(i.rank > 1 ? i[1] : 0) +
                      "}}; }\n" + methods + "};\n";
    return out;
  }

  // The process function: its streams and pointers as parameters, its
  // memories inside it, and the body.
  std::string process(const Instance& inst) const {
    const Process& p = region_.processes[static_cast<size_t>(inst.process)];
    const UnitModel& u = *p.unit;
    std::string params, locals, init;
    for (size_t k = 0; k < u.ports.size(); ++k) {
      const PortInfo& port = u.ports[k];
      const Target& t = p.ports[k];
      if (!t.bound()) continue;
      const std::string raw = ap_uint(port.word.bits());
      if (t.kind == ObjectKind::channel) {
        params += std::string(params.empty() ? "" : ", ") + "hls::stream<" + raw + " >& " + port.name + "_";
        init += std::string(init.empty() ? "" : ", ") + port.name + "_";
      } else if (t.kind == ObjectKind::argument) {
        params += std::string(params.empty() ? "" : ", ") + ap_uint(axi_element_bits(port.word.bits())) + "* " + port.name + "_";
        init += std::string(init.empty() ? "" : ", ") + port.name + "_";
      } else {
        const MemoryInstance& m = region_.memories[static_cast<size_t>(t.id)];
        const std::string rows = std::to_string(m.rows);
        locals += "  " + raw + " " + port.name + "[" + rows + "];  // memory " + m.label() + ", owned here\n";
        // The ports the simulator held each trip to (units/storage.h).
        if (m.registers())
          locals += "#pragma HLS array_partition variable=" + port.name + " complete dim=1  // declared: registers\n";
        else
          locals += "#pragma HLS bind_storage variable=" + port.name + " type=" + vitis_kind(m.storage) +
                    " impl=bram  // declared: " + storage_ports(m.storage) + "\n";
        locals += "  LOOM_HLS_PROBE_ARRAY(" + port.name + ", " + raw + ");\n";
        locals += "  for (int64_t loom_row = 0; loom_row < " + rows + "; ++loom_row) " + port.name +
                  "[loom_row] = 0;  // as the simulator's start\n";
        init += std::string(init.empty() ? "" : ", ") + port.name;
      }
    }
    return "static void " + inst.proc + "(" + params + ") {\n#pragma HLS inline off\n" + locals + "  " + inst.io +
           " loom_io = {" + init + "};\n  " + u.type + "::body(loom_io);\n}\n";
  }

  std::string call(const Instance& inst) const {
    const Process& p = region_.processes[static_cast<size_t>(inst.process)];
    std::string args;
    for (const Target& t : p.ports) {
      if (!t.bound() || t.kind == ObjectKind::memory) continue;
      args += std::string(args.empty() ? "" : ", ") +
              (t.kind == ObjectKind::channel ? stream_ids_[static_cast<size_t>(t.id)] : arg_ids_[static_cast<size_t>(t.id)]);
    }
    return "  " + inst.proc + "(" + args + ");  // " + p.name() + "\n";
  }

  std::string top_source() const {
    std::string out = banner("the kernel.") +
                      "// One context and one process function per process instance, each memory inside its owner;\n"
                      "// the top calls the processes in an order C simulation can run them in.\n"
                      "#define LOOM_HLS 1\n#include \"loom_top.h\"\n\n#include <hls_stream.h>\n\n"
                      "#ifdef LOOM_HLS_CHECK\n#include \"loom_poison.h\"  // make check: refuses what HLS cannot synthesise\n"
                      "#endif\n\n#include \"units/unit.h\"\n";
    out += unit_includes() + "\n";
    for (const Instance& inst : instances_) out += context(inst) + process(inst) + "\n";
    out += top_signature() + " {\n";
    for (size_t a = 0; a < region_.arguments.size(); ++a) {
      const ArgumentInstance& arg = region_.arguments[a];
      // The interface's timing as the simulator modelled it (units/argument.h).
      out += "#pragma HLS interface m_axi port=" + arg_ids_[a] + " bundle=gmem_" + arg_ids_[a] +
             " offset=slave depth=" + std::to_string(arg.size) + " latency=" + std::to_string(arg.axi.latency) +
             " num_read_outstanding=" + std::to_string(arg.axi.read_outstanding) +
             " max_read_burst_length=" + std::to_string(arg.axi.burst_beats) +
             " max_write_burst_length=" + std::to_string(arg.axi.burst_beats) + "\n";
      out += "#pragma HLS interface s_axilite port=" + arg_ids_[a] + "\n";
    }
    out += "#pragma HLS interface s_axilite port=return\n#pragma HLS dataflow\n";
    for (size_t c = 0; c < region_.channels.size(); ++c) {
      const ChannelInstance& ch = region_.channels[c];
      out += "  hls::stream<" + ap_uint(ch.word.bits()) + " > " + stream_ids_[c] + "(\"" + ch.label() + "\");\n";
      out += "#pragma HLS stream variable=" + stream_ids_[c] + " depth=" + std::to_string(ch.depth) + "\n";
      out += "  LOOM_HLS_PROBE_STREAM(" + stream_ids_[c] + ", " + ap_uint(ch.word.bits()) + " );\n";
    }
    for (const Instance& inst : instances_) out += call(inst);
    return out + "}\n";
  }

  std::string testbench_data() const {
    std::string out = banner("the testbench's runs: what goes in, and what must come out.") + "#pragma once\n\n#include <stdint.h>\n\n";
    std::string table = "struct LoomRun {\n  const char* name;\n";
    for (size_t a = 0; a < region_.arguments.size(); ++a)
      table += "  const uint64_t* " + arg_ids_[a] + "_in;\n  int64_t " + arg_ids_[a] + "_in_rows;\n  const uint64_t* " +
               arg_ids_[a] + "_expected;\n  int " + arg_ids_[a] + "_binary32;\n";
    table += "};\n\nstatic const LoomRun kLoomRuns[] = {\n";
    for (size_t r = 0; r < runs_.size(); ++r) {
      const TestRun& run = runs_[r];
      table += "    {\"" + escape(run.name) + "\"";
      for (size_t a = 0; a < region_.arguments.size(); ++a) {
        const std::string& name = region_.arguments[a].name;
        const std::string base = "run" + std::to_string(r) + "_" + arg_ids_[a];
        int64_t rows = 0;
        if (auto in = run.inputs.find(name); in != run.inputs.end()) {
          rows = rows_given(in->second);
          if (rows > 0) out += "static const uint64_t " + base + "_in[] = {" + limbs_literal(in->second, rows) + "};\n";
        }
        table += ", " + (rows > 0 ? base + "_in" : std::string("0")) + ", " + std::to_string(rows);
        if (auto ex = run.expected.find(name); ex != run.expected.end()) {
          // Compared in full, zero rows too.
          out += "static const uint64_t " + base + "_expected[] = {" + limbs_literal(ex->second, ex->second.rows()) + "};\n";
          table += ", " + base + "_expected";
        } else {
          table += ", 0";
        }
        table += run.binary32.count(name) ? ", 1" : ", 0";
      }
      table += "},\n";
    }
    return out + "\n" + table + "};\nstatic const int kLoomRunCount = " + std::to_string(runs_.size()) + ";\n";
  }

  static std::string escape(const std::string& s) {
    std::string out;
    for (char c : s) {
      if (c == '"' || c == '\\') out += '\\';
      out += (c == '\n' ? ' ' : c);
    }
    return out;
  }

  std::string testbench() const {
    std::string out = banner("the testbench: every run through the top function, every output word compared.");
    out += R"(// Returns 0 when every word matches, as Vitis's C simulation and co-simulation expect.
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
    for (size_t a = 0; a < region_.arguments.size(); ++a)
      out += "static " + ap_uint(axi_element_bits(region_.arguments[a].word.bits())) + " loom_arg_" + arg_ids_[a] + "[" +
             std::to_string(region_.arguments[a].size) + "];  // " + escape(region_.arguments[a].name) + "\n";
    out += "\nint main() {\n  int64_t loom_compared = 0, loom_differ = 0;\n"
           "  for (int loom_r = 0; loom_r < kLoomRunCount; ++loom_r) {\n"
           "    const LoomRun& loom_run = kLoomRuns[loom_r];\n";
    for (size_t a = 0; a < region_.arguments.size(); ++a) {
      const std::string& id = arg_ids_[a];
      out += "    loom_fill<" + std::to_string(region_.arguments[a].word.bits()) + ">(loom_arg_" + id + ", " + std::to_string(region_.arguments[a].size) + ", loom_run." + id +
             "_in, loom_run." + id + "_in_rows);\n";
    }
    out += "    " + project_.top + "(";
    for (size_t a = 0; a < region_.arguments.size(); ++a) out += (a ? ", " : "") + std::string("loom_arg_") + arg_ids_[a];
    out += ");\n";
    for (size_t a = 0; a < region_.arguments.size(); ++a) {
      const std::string& id = arg_ids_[a];
      const std::string rows = std::to_string(region_.arguments[a].size);
      out += "    if (loom_run." + id + "_expected) {\n      loom_differ += loom_compare<" +
             std::to_string(region_.arguments[a].word.bits()) + ">(loom_arg_" + id + ", " + rows +
             ", loom_run." + id + "_expected, loom_run.name, \"" + escape(region_.arguments[a].name) +
             "\", loom_differ, loom_run." + id + "_binary32);\n      loom_compared += " + rows + ";\n    }\n";
    }
    out += R"(  }
  if (loom_differ > 0) {
    printf("LOOM CSIM FAIL: %lld of %lld words differ, over %d runs\n", static_cast<long long>(loom_differ),
           static_cast<long long>(loom_compared), kLoomRunCount);
    return 1;
  }
  printf("LOOM CSIM PASS: %d runs, %lld words compared, all equal\n", kLoomRunCount,
         static_cast<long long>(loom_compared));
  return 0;
}
)";
    return out;
  }

  std::string tcl() const {
    const std::string clock = shortest(options_.clock_ns);
    return "# Generated by `loom hls` from region " + quoted(region_.name) + " (" + params_line(region_) +
           ").\n# vitis_hls -f run_hls.tcl: C simulation, synthesis and RTL co-simulation of the top.\n"
           "open_project -reset " + project_.top + "_hls\n"
           "set_top " + project_.top + "\n"
           "add_files top.cpp -cflags \"-std=c++14 -I src\"\n"
           "add_files -tb tb.cpp -cflags \"-std=c++14\"\n"
           "add_files -tb loom_tb_data.h\n"
           "open_solution -reset solution1 -flow_target vitis\n"
           "set_part {" + options_.part + "}\n"
           "create_clock -period " + clock + " -name default\n"
           "csim_design\ncsynth_design\ncosim_design\nexit\n";
  }

  std::string makefile() const {
    return "# Generated by `loom hls` from region " + quoted(region_.name) + " (" + params_line(region_) + ").\n" +
           R"(# make csim: C simulation with the system compiler, against Loom's stand-ins for
#   Vitis's ap_int.h and hls_stream.h (standin/); it prints LOOM CSIM PASS or FAIL.
# make check: compiles the kernel as HLS sees it, refusing the heap, STL
#   containers, virtual calls, exceptions and RTTI (check/loom_poison.h).
# With Vitis: vitis_hls -f run_hls.tcl (its own headers, not the stand-ins).
# HLS pragmas are Vitis's; the system compilers do not know them.
# CXXFLAGS adds to the flags C simulation needs; it cannot take them away.
# -ffp-contract=off: a float multiply and add stay two roundings, as the units
# and the reference compute them, so float32 results compare bit for bit.
CXX ?= g++
LOOM_CXXFLAGS := -std=c++14 -O1 -ffp-contract=off -Wall -Wextra -Werror -Wno-unknown-pragmas
HEADERS := loom_top.h loom_tb_data.h $(shell find src standin -type f)

.PHONY: csim check clean
csim: build/csim
	./build/csim

build/csim: top.cpp tb.cpp $(HEADERS)
	@mkdir -p build
	$(CXX) $(LOOM_CXXFLAGS) $(CXXFLAGS) -I standin -I src top.cpp tb.cpp -o build/csim

check:
	$(CXX) -std=c++14 -fsyntax-only -w -DLOOM_HLS_CHECK -I check -I standin -I src top.cpp

clean:
	rm -rf build
)";
  }

  const Region& region_;
  const Options& options_;
  const std::vector<Dependence>& dependences_;
  const std::vector<TestRun>& runs_;
  const SourceTree& sources_;
  Project project_;
  Identifiers ids_;
  std::vector<std::string> arg_ids_, stream_ids_;
  std::vector<Instance> instances_;
  std::vector<std::string> sources_needed_;
  std::set<std::string> seen_missing_;
};

}  // namespace

Status check_options(const Options& options) {
  Status status;
  if (!valid_part(options.part))
    status.add("bad-part", "--part " + quoted(options.part),
               "is not a Xilinx part name: letters and digits in dash-separated groups, starting with x "
               "(e.g. xcu250-figd2104-2L-e)");
  if (!std::isfinite(options.clock_ns) || options.clock_ns < kMinClockNs || options.clock_ns > kMaxClockNs) {
    status.add("bad-clock", "--clock-ns " + shortest(options.clock_ns),
               "is not a clock period in [0.5, 100] nanoseconds");
  }
  return status;
}

Result<Project> emit(const Region& region, const Options& options, const std::vector<Dependence>& dependences,
                     const std::vector<TestRun>& runs, const SourceTree& sources) {
  return Emitter(region, options, dependences, runs, sources).run();
}

}  // namespace loom::hls
