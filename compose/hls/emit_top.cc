// The kernel of an emitted project: top.cpp (the unit headers under their loop
// pragmas, one context struct and one process function per process instance,
// and the top that declares the streams and calls the processes) and
// loom_top.h (the top's declaration and its arguments' layout).
#include <algorithm>
#include <set>
#include <utility>
#include <vector>

#include "compose/hls/emit_internal.h"
#include "compose/hls/printer.h"
#include "units/argument.h"

namespace loom::hls::detail {
namespace {

std::string stream_of(int bits) { return Printer::template_id("hls::stream", {ap_uint(bits)}); }

// An m_axi element: the word padded to a power of two (units/argument.h).
std::string element_of(int bits) { return ap_uint(axi_element_bits(bits)); }

// A loop's pipeline pragma: at `ii` as a comment reads it, at loom_ii as
// LOOM_HLS_LOOP writes it, the unit's own pipeline.ii bound in the loop's
// scope (LOOM_HLS_BIND_II, units/hls/context.h).
Pragma pipeline_pragma(const std::string& ii) { return {"pipeline", {{"II", ii}}}; }
// An unpipelined unit's loops say so: Vitis pipelines a loop of few enough
// trips by itself (config_compile -pipeline_loops), so silence is no "off".
Pragma pipeline_off_pragma() { return {"pipeline", {{"off"}}}; }
// What a unit's loops get, as a comment reads it.
std::string pipeline_comment(const UnitModel& u) {
  return u.pipeline.off ? "#pragma " + pipeline_off_pragma().text() + ", its loop is not pipelined"
                        : "#pragma " + pipeline_pragma(std::to_string(u.pipeline.ii)).text() +
                              ", its own pipeline.ii as loom_ii";
}

// The pragma a dependence claim puts in its unit's loops: it names the
// owner's array through loom_mem_<port>, bound in the loop's scope.
Pragma dependence_pragma(const Dependence& d) {
  return {"dependence", {{"variable", "loom_mem_" + d.memory}, {"inter"}, {"false"}}};
}

std::vector<const Dependence*> dependences_of(const UnitModel& u, const std::vector<Dependence>& dependences) {
  std::vector<const Dependence*> out;
  for (const Dependence& d : dependences)
    if (d.unit == u.name) out.push_back(&d);
  return out;
}

// An argument's parameter of the top, by its protocol: a pointer to DRAM or
// to a scalar output, an array for an on-chip RAM (Vitis sizes the port by
// it), a value for a scalar input (UG1399 "Interfaces of the HLS Design").
std::string top_parameter(const ArgumentInstance& a, const std::string& id) {
  const std::string element = element_of(a.word.bits());
  switch (a.protocol) {
    case Protocol::ap_memory: return element + " " + id + "[" + std::to_string(a.size) + "]";
    case Protocol::ap_none: return element + " " + id;
    case Protocol::m_axi:
    case Protocol::ap_vld:
    case Protocol::ap_ovld: break;
  }
  return element + "* " + id;
}

std::string top_signature(const Plan& plan) {
  std::vector<std::string> params;
  for (size_t a = 0; a < plan.region.arguments.size(); ++a)
    params.push_back(top_parameter(plan.region.arguments[a], plan.arg_ids[a]));
  return Printer::signature("extern \"C\" void", plan.top, params);
}

// Each unit header once, under its loops' pragmas, with the obligations its
// dependence claims rest on written above it. A header serves every unit it
// declares, the instantiations of a unit template among them, each named with
// the II its loops get: its own, which the pragma names (loom_ii), so one
// header's units may differ in II; check_sources holds them to one set of
// dependence pragmas.
void unit_includes(Printer& out, const Plan& plan) {
  std::vector<std::pair<std::string, std::vector<const UnitModel*>>> headers;  // in the instances' order, one entry a type
  for (const Instance& inst : plan.instances) {
    const UnitModel& u = *plan.region.processes[static_cast<size_t>(inst.process)].unit;
    auto header = std::find_if(headers.begin(), headers.end(), [&](const auto& h) { return h.first == u.source; });
    if (header == headers.end()) {
      headers.push_back({u.source, {&u}});
    } else if (std::none_of(header->second.begin(), header->second.end(),
                            [&](const UnitModel* other) { return other->type == u.type; })) {
      header->second.push_back(&u);
    }
  }
  for (const auto& [source, units] : headers) {
    out.blank();
    std::set<std::string> claimed;  // each unit name's claims once, however many types carry it
    for (const UnitModel* u : units) {
      out.comment("Unit " + quoted(u->name) + ": " + u->type + ", from " + source + ".");
      out.comment("Its loops (LOOM_PIPELINE) get: " + pipeline_comment(*u));
      if (!claimed.insert(u->name).second) continue;
      for (const Dependence* d : dependences_of(*u, plan.dependences)) {
        out.comment("Obligation: " + d->claim + ".");
        out.comment("  It rests on: " + d->rests_on + ".");
        out.comment("  Discharged under: " + d->discharged_under + ".");
        out.comment("Its loops get: #pragma " + dependence_pragma(*d).text() + ", loom_mem_" + d->memory +
                    " the owner's array " + d->memory);
      }
    }
    out.define("LOOM_HLS_LOOP(io)", loop_pragmas(*units.front(), plan.dependences));
    out.include(source);
    out.undef("LOOM_HLS_LOOP");
  }
}

// What a context's methods for one port say of it.
struct PortView {
  const PortInfo& port;
  const Target& target;
  std::string tag, word, member, who;  // unit::P_port, its ::word, the member P_, the process's name as a literal
  bool reads, writes, loads, stores;

  PortView(const Process& p, size_t k)
      : port(p.unit->ports[k]), target(p.ports[k]), tag("unit::" + port.name + "_port"), word(tag + "::word"),
        member(port.id() + "_"), who(Printer::string_literal(p.name())), reads(port.kind == PortKind::reads),
        writes(port.kind == PortKind::writes), loads(!reads && !writes && port.access != Access::write),
        stores(!reads && !writes && port.access != Access::read) {}
};

// The context's member for one bound port: its stream, the owner's array by
// reference (so that the loop's pragmas can name it), or the m_axi pointer.
void context_member(Printer& out, const Plan& plan, const PortView& v) {
  const std::string raw = ap_uint(v.port.word.bits());
  if (v.reads || v.writes) {
    out.declare(stream_of(v.port.word.bits()) + "&", v.member);
  } else if (v.target.kind == ObjectKind::memory) {
    out.type_alias(raw, v.port.name + "_word");
    out.declare_array_reference(raw, v.member, plan.region.memories[static_cast<size_t>(v.target.id)].rows);
  } else {
    out.declare(element_of(v.port.word.bits()) + "*", v.member);
  }
}

// The non-blocking methods of a port LOOM_NONBLOCKING lists (UG1399,
// "Non-Blocking Accesses"): hls::stream's read_nb, write_nb, empty() and
// full(), as they are, on `stream`; or, where the port is unbound (`stream`
// empty), each failing by name.
void nonblocking_methods(Printer& out, const PortView& v, const std::string& stream, const std::string& fail) {
  if (!v.port.nonblocking) return;
  const std::string raw = ap_uint(v.port.word.bits());
  if (v.reads) {
    out.function_line(Printer::signature("bool", "read_nb", {v.tag, v.word + "& w"}),
                      stream.empty() ? "(void)w; return " + fail + ", false;"
                                     : raw + " raw; if (!" + stream + ".read_nb(raw)) return false; w = " + v.word +
                                           "(raw); return true;");
    out.function_line(Printer::signature("bool", "empty", {v.tag}),
                      stream.empty() ? "return " + fail + ", true;" : "return " + stream + ".empty();");
  }
  if (v.writes) {
    out.function_line(Printer::signature("bool", "write_nb", {v.tag, "const " + v.word + "& w"}),
                      stream.empty() ? "(void)w; return " + fail + ", false;" : "return " + stream + ".write_nb(w.raw());");
    out.function_line(Printer::signature("bool", "full", {v.tag}),
                      stream.empty() ? "return " + fail + ", true;" : "return " + stream + ".full();");
  }
}

// The methods of a port the process leaves unbound: each fails by name.
void unbound_methods(Printer& out, const PortView& v) {
  const std::string fail = Printer::call_expr(Printer::template_id("loom::hls_target::unbound", {v.word}),
                                              {v.who, Printer::string_literal(v.port.label())});
  if (v.reads) out.function_line(Printer::signature(v.word, "read", {v.tag}), "return " + fail + ";");
  if (v.writes) out.function_line(Printer::signature("void", "write", {v.tag, "const " + v.word + "&"}), fail + ";");
  nonblocking_methods(out, v, "", fail);
  if (v.loads) out.function_line(Printer::signature(v.word, "load", {v.tag, "int64_t"}), "return " + fail + ";");
  if (v.stores)
    out.function_line(Printer::signature("void", "store", {v.tag, "int64_t", "const " + v.word + "&"}), fail + ";");
}

// The methods of a bound port: a stream's read and write, or a memory's or an
// argument's load and store, each row checked against the target's rows. An
// argument's elements are the word padded: truncated on load, padded on store.
void bound_methods(Printer& out, const Plan& plan, const PortView& v) {
  const std::string raw = ap_uint(v.port.word.bits());
  if (v.reads) out.function_line(Printer::signature(v.word, "read", {v.tag}), "return " + v.word + "(" + v.member + ".read());");
  if (v.writes)
    out.function_line(Printer::signature("void", "write", {v.tag, "const " + v.word + "& w"}), v.member + ".write(w.raw());");
  nonblocking_methods(out, v, v.member, "");
  if (v.reads || v.writes) return;
  const bool memory = v.target.kind == ObjectKind::memory;
  const int64_t rows = memory ? plan.region.memories[static_cast<size_t>(v.target.id)].rows
                              : plan.region.arguments[static_cast<size_t>(v.target.id)].size;
  const auto element = [&](const char* verb) {
    return v.member + "[" +
           Printer::call_expr("loom::hls_target::row", {"row", std::to_string(rows), v.who,
                                                        Printer::string_literal(v.port.name), Printer::string_literal(verb)}) +
           "]";
  };
  if (v.loads)
    out.function_line(Printer::signature(v.word, "load", {v.tag, "int64_t row"}),
                      "return " + v.word + "(" + (memory ? element("load") : raw + "(" + element("load") + ")") + ");");
  if (v.stores)
    out.function_line(Printer::signature("void", "store", {v.tag, "int64_t row", "const " + v.word + "& w"}),
                      element("store") + " = " +
                          (memory ? std::string("w.raw()") : element_of(v.port.word.bits()) + "(w.raw())") + ";");
}

// A non-blocking port array's read_nb and empty(), or write_nb and full():
// each a switch to its element's stream, as array_methods' are.
void nonblocking_array_methods(Printer& out, const Process& p, size_t first, size_t count, const std::string& fail) {
  const PortView head(p, first);
  const std::string element = Printer::template_id("loom::Element", {head.tag});
  const std::string raw = ap_uint(head.port.word.bits());
  const auto method = [&](const std::string& name, const std::vector<std::string>& params, const std::string& on_stream) {
    out.open(Printer::signature("bool", name, params));
    if (name == "read_nb") out.statement(raw + " raw");
    out.open("switch (e.at)");
    for (size_t k = first; k < first + count; ++k) {
      const PortView v(p, k);
      const std::string label = "case " + std::to_string(v.port.element) + ": ";
      if (!v.target.bound()) {
        const std::string unbound = Printer::call_expr(Printer::template_id("loom::hls_target::unbound", {v.word}),
                                                       {v.who, Printer::string_literal(v.port.label())});
        out.line(label + "return " + unbound + ", false;");
      } else if (name == "read_nb") {
        out.line(label + "if (!" + v.member + ".read_nb(raw)) return false; w = " + v.word + "(raw); return true;");
      } else {
        out.line(label + "return " + v.member + on_stream + ";");
      }
    }
    out.line("default: return " + fail + ", false;");
    out.close();
    out.close();
  };
  if (head.reads) {
    method("read_nb", {element + " e", head.word + "& w"}, "");
    method("empty", {element + " e"}, ".empty()");
  } else {
    method("write_nb", {element + " e", "const " + head.word + "& w"}, ".write_nb(w.raw())");
    method("full", {element + " e"}, ".full()");
  }
}

// A port array's read or write: one method for the array, whose element is
// a run-time value, switching to each element's own stream (or its unbound
// failure), and failing by name outside the array. Each element is a stream
// argument of its own, as a single port is (UG1399, "HLS Stream Library":
// a stream has one producer and one consumer), so a slice that is not
// contiguous in its channel array (a column) needs no array of streams.
void array_methods(Printer& out, const Process& p, size_t first, size_t count) {
  const PortView head(p, first);
  const std::string element = Printer::template_id("loom::Element", {head.tag});
  const std::string fail = Printer::call_expr(Printer::template_id("loom::hls_target::no_element", {head.word}),
                                              {head.who, Printer::string_literal(head.port.name), "e.at",
                                               std::to_string(count)});
  std::vector<std::string> cases;
  for (size_t k = first; k < first + count; ++k) {
    const PortView v(p, k);
    const std::string unbound = Printer::call_expr(Printer::template_id("loom::hls_target::unbound", {v.word}),
                                                   {v.who, Printer::string_literal(v.port.label())});
    const std::string label = "case " + std::to_string(v.port.element) + ": ";
    if (v.reads) cases.push_back(label + "return " + (v.target.bound() ? v.word + "(" + v.member + ".read())" : unbound) + ";");
    if (v.writes) cases.push_back(label + (v.target.bound() ? v.member + ".write(w.raw())" : unbound) + "; return;");
  }
  cases.push_back(std::string("default: ") + (head.reads ? "return " + fail : fail + "; return") + ";");
  const std::string signature = head.reads ? Printer::signature(head.word, "read", {element + " e"})
                                           : Printer::signature("void", "write", {element + " e", "const " + head.word + "& w"});
  out.open(signature);
  out.open("switch (e.at)");
  for (const std::string& c : cases) out.line(c);
  out.close();
  out.close();
  if (head.port.nonblocking) nonblocking_array_methods(out, p, first, count, fail);
}

// The context struct of one instance: each port bound to its stream, array or
// pointer, the index and parameters as constants.
void context(Printer& out, const Plan& plan, const Instance& inst) {
  const Process& p = plan.region.processes[static_cast<size_t>(inst.process)];
  const UnitModel& u = *p.unit;
  out.comment(p.name() + ": unit " + quoted(u.name));
  out.open_struct(inst.io);
  out.type_alias(u.type, "unit");
  // Its loops' pragma names the unit's pipeline.ii; this holds that to the II the simulator ran.
  out.statement("static_assert(unit::pipeline.ii == " + std::to_string(u.pipeline.ii) + ", " +
                Printer::string_literal("loom: the unit's pipeline II, its loops' pragma's, is not the II the "
                                        "simulator ran it at") +
                ")");
  out.statement(std::string("static_assert(") + (u.pipeline.off ? "" : "!") + "unit::pipeline.off, " +
                Printer::string_literal(u.pipeline.off ? "loom: the simulator ran the unit's loop unpipelined, and its "
                                                         "pragma says pipeline off"
                                                       : "loom: the simulator ran the unit's loop pipelined") +
                ")");
  for (size_t k = 0; k < u.ports.size(); ++k)
    if (p.ports[k].bound()) context_member(out, plan, PortView(p, k));
  const Index& i = p.index;
  out.function_line(Printer::signature("static constexpr loom::Index", "index", {}),
                    "return loom::Index" +
                        Printer::braces({std::to_string(i.rank),
                                         Printer::braces({std::to_string(i[0]), std::to_string(i.rank > 1 ? i[1] : 0)})}) +
                        ";");
  for (size_t k = 0; k < u.ports.size(); ++k) {
    const PortView v(p, k);
    if (v.port.element == 0) {
      size_t count = 1;
      while (k + count < u.ports.size() && u.ports[k + count].element > 0) ++count;
      array_methods(out, p, k, count);
      k += count - 1;
    } else if (v.target.bound()) {
      bound_methods(out, plan, v);
    } else {
      unbound_methods(out, v);
    }
  }
  for (size_t k = 0; k < u.params.size(); ++k)
    out.function_line(Printer::signature("int64_t", "param", {"unit::" + u.param_tags[k] + "_param"}, "const"),
                      "return " + std::to_string(plan.region.params[u.params[k]]) + ";", u.params[k]);
  out.close_struct();
}

// A memory its owner's process function declares: the array, the pragma
// binding it to the storage the simulator held each trip to (units/storage.h),
// the probe proving the pragma names it, and its zeroing.
void owned_memory(Printer& out, const MemoryInstance& m, const PortInfo& port) {
  const std::string raw = ap_uint(port.word.bits());
  out.declare_array(raw, port.name, m.rows, "memory " + m.label() + ", owned here");
  if (m.registers())
    out.pragma({"array_partition", {{"variable", port.name}, {"complete"}, {"dim", "1"}}}, "declared: registers");
  else
    out.pragma({"bind_storage", {{"variable", port.name}, {"type", vitis_kind(m.storage)}, {"impl", "bram"}}},
               std::string("declared: ") + storage_ports(m.storage));
  out.statement("LOOM_HLS_PROBE_ARRAY(" + port.name + ", " + raw + ")");
  out.statement("for (int64_t loom_row = 0; loom_row < " + std::to_string(m.rows) + "; ++loom_row) " + port.name +
                    "[loom_row] = 0",
                "as the simulator's start");
}

// The process function: its streams and pointers as parameters, its
// memories inside it, and the body.
void process(Printer& out, const Plan& plan, const Instance& inst) {
  const Process& p = plan.region.processes[static_cast<size_t>(inst.process)];
  const UnitModel& u = *p.unit;
  std::vector<std::string> params, init;
  for (size_t k = 0; k < u.ports.size(); ++k) {
    const PortInfo& port = u.ports[k];
    const Target& t = p.ports[k];
    if (!t.bound()) continue;
    if (t.kind == ObjectKind::channel) params.push_back(stream_of(port.word.bits()) + "& " + port.id() + "_");
    if (t.kind == ObjectKind::argument) params.push_back(element_of(port.word.bits()) + "* " + port.id() + "_");
    init.push_back(t.kind == ObjectKind::memory ? port.name : port.id() + "_");
  }
  out.open(Printer::signature("static void", inst.proc, params));
  out.pragma({"inline", {{"off"}}});
  for (size_t k = 0; k < u.ports.size(); ++k)
    if (p.ports[k].bound() && p.ports[k].kind == ObjectKind::memory)
      owned_memory(out, plan.region.memories[static_cast<size_t>(p.ports[k].id)], u.ports[k]);
  out.declare_init(inst.io, "loom_io", Printer::braces(init));
  out.call(u.type + "::body", {"loom_io"});
  out.close();
}

// The top's interface pragmas: an m_axi bundle of its own per m_axi
// argument, with the timing the simulator modelled (units/argument.h), and
// its offset in s_axilite; an ap_memory port with the RAM's latency and
// storage; a scalar's protocol; and the block protocol on the return (in
// the Vitis kernel flow, under s_axilite as XRT drives it).
// A widened argument's max_widen_bitwidth is the beat the simulator used
// (axi_beat_bits): its own limit and alignment, not the larger alignment
// run_hls.tcl may give Vitis for another argument.
void interfaces(Printer& out, const Plan& plan) {
  for (size_t a = 0; a < plan.region.arguments.size(); ++a) {
    const ArgumentInstance& arg = plan.region.arguments[a];
    const std::string& id = plan.arg_ids[a];
    if (arg.protocol == Protocol::ap_memory) {
      out.pragma({"interface",
                  {{"ap_memory"},
                   {"port", id},
                   {"storage_type", vitis_kind(arg.ram.storage)},
                   {"latency", std::to_string(arg.ram.latency)}}});
      continue;
    }
    if (arg.protocol != Protocol::m_axi) {
      out.pragma({"interface", {{protocol_name(arg.protocol)}, {"port", id}}});
      continue;
    }
    Pragma axi{"interface",
               {{"m_axi"},
                {"port", id},
                {"bundle", "gmem_" + id},
                {"offset", "slave"},
                {"depth", std::to_string(arg.size)},
                {"latency", std::to_string(arg.axi.latency)},
                {"num_read_outstanding", std::to_string(arg.axi.read_outstanding)},
                {"max_read_burst_length", std::to_string(arg.axi.burst_beats)},
                {"max_write_burst_length", std::to_string(arg.axi.burst_beats)}}};
    if (axi_widened(arg.axi, arg.word.bits()))
      axi.options.push_back({"max_widen_bitwidth", std::to_string(axi_beat_bits(arg.axi, arg.word.bits()))});
    out.pragma(axi);
    out.pragma({"interface", {{"s_axilite"}, {"port", id}}});
  }
  out.pragma({"interface", {{control_name(plan.region.control)}, {"port", "return"}}});
  if (plan.options.flow == FlowTarget::vitis) out.pragma({"interface", {{"s_axilite"}, {"port", "return"}}});
}

// The top: its interfaces, a stream per channel instance at its depth, and
// one call per process instance in call order.
void top_function(Printer& out, const Plan& plan) {
  out.open(top_signature(plan));
  interfaces(out, plan);
  out.pragma({"dataflow"});
  for (size_t c = 0; c < plan.region.channels.size(); ++c) {
    const ChannelInstance& ch = plan.region.channels[c];
    const std::string& id = plan.stream_ids[c];
    out.construct(stream_of(ch.word.bits()), id, {Printer::string_literal(ch.label())});
    out.pragma({"stream", {{"variable", id}, {"depth", std::to_string(ch.depth)}}});
    out.statement("LOOM_HLS_PROBE_STREAM(" + id + ", " + ap_uint(ch.word.bits()) + " )");
  }
  std::vector<std::pair<std::string, std::vector<std::string>>> calls;  // (function, arguments) in call order
  for (const Instance& inst : plan.instances) {
    const Process& p = plan.region.processes[static_cast<size_t>(inst.process)];
    std::vector<std::string> args;
    for (const Target& t : p.ports) {
      if (!t.bound() || t.kind == ObjectKind::memory) continue;
      if (t.kind == ObjectKind::channel) {
        args.push_back(plan.stream_ids[static_cast<size_t>(t.id)]);
        continue;
      }
      // A process reaches every argument through a pointer; a scalar input is the top's value.
      const bool by_value = plan.region.arguments[static_cast<size_t>(t.id)].protocol == Protocol::ap_none;
      args.push_back((by_value ? "&" : "") + plan.arg_ids[static_cast<size_t>(t.id)]);
    }
    calls.push_back({inst.proc, args});
  }
  if (!plan.feedback.empty()) {
    // Synthesis sees the same calls as ever; C simulation, which cannot run
    // a cycle one process after another, runs each on a thread of its own
    // over blocking streams (loom_concurrent.h).
    out.comment("Feedback: " + plan.feedback + ".");
    out.directive("ifndef __SYNTHESIS__");
    out.statement("loom::hls_target::Concurrently<" + std::to_string(calls.size()) + "> loom_processes");
    for (const auto& [function, args] : calls)
      out.statement("loom_processes.run([&] { " + Printer::call_expr(function, args) + "; })");
    out.statement("loom_processes.join()");
    out.directive("else");
  }
  for (size_t i = 0; i < calls.size(); ++i)
    out.call(calls[i].first, calls[i].second,
             plan.region.processes[static_cast<size_t>(plan.instances[i].process)].name());
  if (!plan.feedback.empty()) out.directive("endif");
  out.close();
}

}  // namespace

std::string loop_pragmas(const UnitModel& u, const std::vector<Dependence>& dependences) {
  std::string out;
  for (const Dependence* d : dependences_of(u, dependences)) out += "LOOM_HLS_MEMORY(io, " + d->memory + ") ";
  out += u.pipeline.off ? "LOOM_PRAGMA(" + pipeline_off_pragma().text() + ")"
                        : "LOOM_HLS_BIND_II(io) LOOM_PRAGMA(" + pipeline_pragma("loom_ii").text() + ")";
  for (const Dependence* d : dependences_of(u, dependences)) out += " LOOM_PRAGMA(" + dependence_pragma(*d).text() + ")";
  return out;
}

std::string top_header(const Plan& plan) {
  Printer out;
  banner(out, plan, "the top function, for the testbench and a host program.");
  out.comment("Each argument is an array of elements of a power-of-two width: element i");
  out.comment("holds word i in its low bits (lane l at bits l*B .. l*B+B-1, for B-bit");
  out.comment("lanes), and the bits above the word are zero, going in and coming out.");
  for (const ArgumentInstance& a : plan.region.arguments)
    out.comment("  " + a.name + " (" + protocol_name(a.protocol) + "): " + std::to_string(a.size) + " elements of " +
                element_of(a.word.bits()) + " (" + std::to_string(axi_element_bits(a.word.bits()) / 8) +
                " bytes each), word " + a.word.to_string() + " in bits 0.." + std::to_string(a.word.bits() - 1) +
                (a.protocol == Protocol::ap_none ? "; passed by value, element 0" : ""));
  if (const int align = widened_alignment(plan.region); align > 0)
    out.comment("Every argument's pointer is aligned to " + std::to_string(align) +
                " bytes: Vitis widens bursts assuming so (run_hls.tcl).");
  out.directive("pragma once");
  out.blank();
  out.include_system("ap_int.h");
  out.blank();
  out.statement(top_signature(plan));
  return out.text();
}

// C++14 and the standard library only: with Vitis, C simulation compiles it
// as it is; synthesis never sees it (the top's calls are under __SYNTHESIS__).
constexpr const char* kConcurrent = R"(#pragma once

#ifndef __SYNTHESIS__
#include <thread>

namespace loom {
namespace hls_target {

// N processes, each on a thread of its own from run() until join(): a cycle
// of channels runs as the hardware runs it, every process at once, each
// blocking on the streams it reads.
template <int N>
class Concurrently {
 public:
  template <class Process>
  void run(Process process) { threads_[started_++] = std::thread(process); }
  void join() {
    for (int i = 0; i < started_; ++i) threads_[i].join();
    started_ = 0;
  }

 private:
  std::thread threads_[N];
  int started_ = 0;
};

}  // namespace hls_target
}  // namespace loom
#endif
)";

std::string concurrent_header(const Plan& plan) {
  Printer out;
  banner(out, plan, "what the top's C simulation runs its processes on.");
  out.comment("Its channels form a cycle (" + plan.feedback + "), so no order of");
  out.comment("calls runs it one process after another, as Vitis's sequential C simulation would.");
  out.raw(kConcurrent);
  return out.text();
}

std::string top_source(const Plan& plan) {
  Printer out;
  banner(out, plan, "the kernel.");
  out.comment("One context and one process function per process instance, each memory inside its owner;");
  out.comment(plan.feedback.empty() ? "the top calls the processes in an order C simulation can run them in."
                                    : "the top's C simulation runs the processes concurrently: its channels form a cycle.");
  out.define("LOOM_HLS", "1");
  out.include("loom_top.h");
  out.blank();
  if (!plan.feedback.empty()) {
    out.comment("A cycle of channels: C simulation runs the processes on threads, over the");
    out.comment("blocking, thread-safe streams hls::task's C simulation uses (UG1399, HLS Task Library).");
    out.define("HLS_STREAM_THREAD_SAFE");
  }
  out.include_system("hls_stream.h");
  if (!plan.feedback.empty()) out.include("loom_concurrent.h");
  out.blank();
  out.directive("ifdef LOOM_HLS_CHECK");
  out.include("loom_poison.h", "make check: refuses what HLS cannot synthesise");
  out.directive("endif");
  out.blank();
  out.include("units/unit.h");
  unit_includes(out, plan);
  out.blank();
  for (const Instance& inst : plan.instances) {
    context(out, plan, inst);
    process(out, plan, inst);
    out.blank();
  }
  top_function(out, plan);
  return out.text();
}

}  // namespace loom::hls::detail
