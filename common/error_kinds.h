// The catalogue of error kinds: every kind an Error (common/status.h) carries,
// declared once, with what it means and a message as a user sees it. Call
// sites keep writing their kinds as string literals and tests keep matching
// on them; tests/error_kinds_test.cc reads the sources and holds this table to
// them both ways (a kind raised but not catalogued, or catalogued but raised
// nowhere, fails it, naming the kind and file:line), and docs/errors.md is
// generated from it (error_kinds_markdown()).
//
// A new kind: add its row under the layer that raises it, in sorted place,
// with its meaning in one line and an example message in the exact form
// Error::to_string() prints; then regenerate docs/errors.md
// (kErrorKindsRegenerate). Status does not consult the table: it is for
// readers, tests and tools, at run time through find_error_kind().
#pragma once

#include <span>
#include <string>
#include <string_view>

namespace loom {

// The layers, in the order docs/errors.md lists them; a kind sits under the
// layer that owns it: the lowest that raises it, but for usage (the command line's).
enum class ErrorLayer { common, units, actions, spec, compose, sim, hls, machines, tinytpu, cli };

struct ErrorLayerInfo {
  ErrorLayer layer;
  std::string_view name;
  std::string_view directory;  // its sources, from the workspace root; the longest match wins
  std::string_view title;
};

inline constexpr ErrorLayerInfo kErrorLayers[] = {
    {ErrorLayer::common, "common", "common/", "files, CSV and the error list itself"},
    {ErrorLayer::units, "units", "units/", "units: parameters, extents and standalone runs"},
    {ErrorLayer::actions, "actions", "actions/", "the Action layer: rules, structure and execution"},
    {ErrorLayer::spec, "spec", "spec/", "ISA and machine specs: JSON, expressions and generated code"},
    {ErrorLayer::compose, "compose", "compose/", "composition: architectures, bindings and FIFO depths"},
    {ErrorLayer::sim, "sim", "compose/sim/", "the simulator and the FIFO search"},
    {ErrorLayer::hls, "hls", "compose/hls/", "HLS emission and its checks"},
    {ErrorLayer::machines, "machines", "machines/", "machines: the registry, models, conformance, benches"},
    {ErrorLayer::tinytpu, "tinytpu", "machines/tinytpu/", "TinyTPU: its assembler, program checks and gates"},
    {ErrorLayer::cli, "cli", "tools/", "the loom command line"},
};

struct ErrorKind {
  std::string_view kind;     // as Error::kind carries it
  ErrorLayer layer;          // the layer that owns it
  std::string_view meaning;  // what is wrong, in one line
  std::string_view example;  // a message as Error::to_string() prints it
};

// In kErrorLayers' order, and sorted by kind within a layer.
inline constexpr ErrorKind kErrorKinds[] = {
    // common
    {"csv-empty", ErrorLayer::common,
     "A CSV file holds no record.",
     "error[csv-empty] empty.csv:1:1: holds no record"},
    {"csv-ragged", ErrorLayer::common,
     "A CSV record has another number of values than the first record.",
     "error[csv-ragged] r.csv:2:1: has 1 values, but the first record has 2"},
    {"csv-value", ErrorLayer::common,
     "A CSV value is not an integer in the range the reader asks for.",
     "error[csv-value] v.csv:1:1: 'x' is not an integer in [-128, 127]"},
    {"more-errors", ErrorLayer::common,
     "Status kept its first 200 errors; this last entry counts the ones it dropped.",
     "error[more-errors]: and 5 more, not listed"},
    {"too-large", ErrorLayer::common,
     "An input file is larger than Loom reads (a guard against hostile input).",
     "error[too-large] file 'big.txt': is 2048 bytes; Loom reads files of at most 1024"},
    {"unreadable", ErrorLayer::common,
     "An input file does not exist, is a directory or not a regular file, or cannot be sized or opened.",
     "error[unreadable] file 'nosuchfile.asm': does not exist"},
    {"unwritable", ErrorLayer::common,
     "An output file cannot be created or written.",
     "error[unwritable] file '/nonexistent/c.csv': cannot be written"},
    // units
    {"bad-override", ErrorLayer::units,
     "A parameter override is not NAME=VALUE with a 64-bit integer value.",
     "error[bad-override] 'T8': expected NAME=VALUE, e.g. T=8"},
    {"constraint-violated", ErrorLayer::units,
     "A build's parameter values break one of its declared constraints.",
     "error[constraint-violated] constraint 'T divides MAXDIM': does not hold for T=64, MAXDIM=8"},
    {"derived-parameter", ErrorLayer::units,
     "An override sets a derived parameter, which follows from the others.",
     "error[derived-parameter] parameter 'SUM_BITS': is derived from other parameters and cannot be set"},
    {"duplicate-name", ErrorLayer::units,
     "A name (parameter, object, unit, port, field, operand, opcode) is declared twice where names must be unique.",
     "error[duplicate-name] memory 'x': the name is already used by channel"},
    {"duplicate-override", ErrorLayer::units,
     "The same parameter is overridden twice.",
     "error[duplicate-override] parameter 'T': is given twice on the command line; give each parameter once"},
    {"element-out-of-range", ErrorLayer::units,
     "A body names an element of a port array outside its extent.",
     "error[element-out-of-range] unit 'join': uses element 3 of port array 'in', outside its 3 elements"},
    {"extent-overflow", ErrorLayer::units,
     "An extent expression's value overflows a 64-bit integer.",
     "error[extent-overflow] extent '4611686018427387904*4': overflows a 64-bit integer (at character 22)"},
    {"extent-syntax", ErrorLayer::units,
     "An extent expression (a shape such as MAXDIM/T) does not parse.",
     "error[extent-syntax] extent '(N': a '(' is not closed (at character 3)"},
    {"inexact-extent", ErrorLayer::units,
     "An extent divides by zero or does not divide exactly.",
     "error[inexact-extent] extent 'C/N': 64 / 5 is not whole (at character 4)"},
    {"invalid-range", ErrorLayer::units,
     "A declared range or limit is impossible: an empty range, or a limit outside what the format can hold.",
     "error[invalid-range] parameter 'R': its range [5, 2] is empty"},
    {"not-built", ErrorLayer::units,
     "The parameters ask for word types (a build) this binary does not compile in.",
     "error[not-built] parameter 'T': 5 sets word types, and this build has T = 4, 8, 16, 32, 64"},
    {"parameter-out-of-range", ErrorLayer::units,
     "A parameter's value (given, default or derived) lies outside its declared range.",
     "error[parameter-out-of-range] parameter 'QD': 0 is outside [1, 4096]"},
    {"row-out-of-range", ErrorLayer::units,
     "A row or word index falls outside the memory or argument it addresses.",
     "error[row-out-of-range] unit 'store' port 'Y': store to row 2 of 2 rows"},
    {"starved", ErrorLayer::units,
     "A standalone unit run reads a stream with no word left to read, or polls one 2^20 times in a row with nothing fed.",
     "error[starved] unit 'store' port 'in': read with no word left to read"},
    {"unknown-parameter", ErrorLayer::units,
     "A parameter is named (set, read or referred to) that the parameter set does not declare.",
     "error[unknown-parameter] parameter 'ZZ': is not declared; the parameters are T, MAXDIM, QD, AR_RAW_DIST,"
     " IMEM_WORDS, DATA_QD"},
    // actions
    {"alias-target-missing", ErrorLayer::actions,
     "A machine's port alias stands for a port the composition does not give the unit.",
     "error[alias-target-missing] port 'dma.dram.read': stands for 'C.read', which the composition gives dma no port"
     " of"},
    {"channel-mismatch", ErrorLayer::actions,
     "A modelled channel's word shape differs from the composed channel's.",
     "error[channel-mismatch] channel 'from_array': the machine says 8x32, the composition 4x32"},
    {"channel-not-bound", ErrorLayer::actions,
     "An action sends or receives via a channel the composition binds to none of the unit's ports.",
     "error[channel-not-bound] instruction 'vld' action 3 (spm.sp2vr): sends via 'dma2vr', which the composition"
     " binds to no port of spm"},
    {"channel-not-composed", ErrorLayer::actions,
     "The machine models a channel the composition does not have.",
     "error[channel-not-composed] channel 'red_in': the tree's input: its lanes are the fold's width"},
    {"duplicate-output", ErrorLayer::actions,
     "An action names the same output value twice.",
     "error[duplicate-output] instruction 'reduce' action 1 (tree.adder): makes 'sum' twice"},
    {"exec-left-on-channel", ErrorLayer::actions,
     "Executing an instruction left values sent on a channel that no action received.",
     "error[exec-left-on-channel] instruction 0 (t) channel 'c': 1 value(s) sent that no action received"},
    {"exec-no-semantics", ErrorLayer::actions,
     "The executor has no semantics for an op, instruction or numerics the model asks it to run.",
     "error[exec-no-semantics] instruction 0 (t) action 0 (u.p) row 0: op 'divide' has no semantics in the executor"
     " (docs/actions.md)"},
    {"exec-nothing-sent", ErrorLayer::actions,
     "An executed action receives on a channel on which nothing was sent.",
     "error[exec-nothing-sent] instruction 0 (t) action 0 (u.c) row 0: receives on 'c', where nothing was sent"},
    {"exec-out-of-range", ErrorLayer::actions,
     "An executed action touches a state or rows the machine does not have or has not filled.",
     "error[exec-out-of-range] instruction 0 (t) action 0 (u.p) row 1: rows 4..4 of in, which has 4"},
    {"exec-value-missing", ErrorLayer::actions,
     "An executed action takes a value that no earlier action made.",
     "error[exec-value-missing] instruction 0 (t) action 0 (u.p) row 0: takes 'ghost', which no action taken so far"
     " made"},
    {"exec-width", ErrorLayer::actions,
     "Executed values' lane counts do not fit the op, the rows or the channel they go to.",
     "error[exec-width] instruction 0 (t) action 1 (u.p) row 0: stores 2 lanes into rows holding 4"},
    {"fold-width", ErrorLayer::actions,
     "A fold's leaf count does not match the lanes of the channel its value arrived on.",
     "error[fold-width] instruction 'reduce' action 1 (tree.adder): folds 4 leaves of 'w', which arrived on 'red_in'"
     " with 8 lanes"},
    {"negative-latency", ErrorLayer::actions,
     "An action or one of its outputs is placed a negative number of cycles after its inputs.",
     "error[negative-latency] instruction 'reduce' action 2 (tree.out): is placed -3 cycles after its inputs"},
    {"op-not-provided", ErrorLayer::actions,
     "An action asks a unit's port for an op the unit does not provide.",
     "error[op-not-provided] instruction 'vaddrelu' action 2 (accu.alu): asks for 'sub', which accu does not provide"
     " (it declares add, rectify)"},
    {"over-rate", ErrorLayer::actions,
     "A non-elastic unit's instruction books a port more times a row (or instruction) than its ii allows.",
     "error[over-rate] instruction 'reduce' on unit 'tree': books a port 2 times a row, but the unit is not elastic"
     " and its ii is 1 (latency is not the limit: its span is 5)"},
    {"port-capacity", ErrorLayer::actions,
     "A port's modelled uses per cycle differ from what the composition gives it.",
     "error[port-capacity] port 'tree.node.write': the machine gives it 15 uses a cycle, the composition 1"},
    {"port-not-derived", ErrorLayer::actions,
     "A port declared derived has no such port in the composition.",
     "error[port-not-derived] port 'accu.ar.read2': is declared derived, but the composition gives accu no such port"},
    {"receive-not-read", ErrorLayer::actions,
     "An action receives on a channel the composition has the unit only write.",
     "error[receive-not-read] instruction 'vrelu' action 3 (dma.to_spm): receives on 'to_spm', which the composition"
     " has dma only write"},
    {"send-not-written", ErrorLayer::actions,
     "An action sends on a channel the composition has the unit only read.",
     "error[send-not-written] instruction 'vaddrelu' action 5 (accu.from_array): sends on 'from_array', which the"
     " composition has accu only read"},
    {"state-mismatch", ErrorLayer::actions,
     "A modelled state's rows or word shape differ from the composed memory or argument's.",
     "error[state-mismatch] state 'ar': the machine says 64 rows of 4x16, the composition 64 rows of 4x32"},
    {"state-not-composed", ErrorLayer::actions,
     "The machine models a state the composition has no memory or argument of.",
     "error[state-not-composed] state 'acc': the composition has no memory or argument of that name"},
    {"unit-not-composed", ErrorLayer::actions,
     "The machine models a unit the composition has none of.",
     "error[unit-not-composed] unit 'dma': names 'dma_st', which the composition has no unit of"},
    {"unknown-channel", ErrorLayer::actions,
     "A channel is named that the machine or region does not have.",
     "error[unknown-channel] instruction 'reduce' action 0 (tree.in): 'red_inn' is not a channel of dottree"},
    {"unknown-operand", ErrorLayer::actions,
     "An operand is named that the instruction or opcode does not have.",
     "error[unknown-operand] instruction 'vaddrelu' action 4 (accu.ar.write): rows based on 'd', which is not an"
     " operand"},
    {"unknown-port", ErrorLayer::actions,
     "A port is named (or bound) that the unit does not declare.",
     "error[unknown-port] instruction 'vaddrelu' action 2 (accu.mul): unit 'accu' has no port 'mul'"},
    {"unknown-state", ErrorLayer::actions,
     "An action addresses rows of a state the machine does not declare.",
     "error[unknown-state] instruction 'vaddrelu' action 0 (accu.ar.read): 'vr' is not a state of acc"},
    {"unknown-unit", ErrorLayer::actions,
     "A unit is named that the machine or spec does not declare.",
     "error[unknown-unit] isa_spec.json:/headers/0/unit: header term names no unit declared under /units"},
    {"unmodelled-missing", ErrorLayer::actions,
     "A composed port is neither modelled by the machine nor listed as unmodelled with a reason.",
     "error[unmodelled-missing] port 'pe.p_fwd': the composition has it, the machine does not model it, and no"
     " unmodelled entry says why"},
    {"unmodelled-stale", ErrorLayer::actions,
     "An unmodelled entry names a port that does not exist or that the machine models after all.",
     "error[unmodelled-stale] unmodelled 'dma.to_vru': the composition has no such port"},
    {"unnamed-output", ErrorLayer::actions,
     "An action makes a value with no name.",
     "error[unnamed-output] instruction 'reduce' action 1 (tree.adder): makes a value with no name"},
    {"unused-value", ErrorLayer::actions,
     "An action makes a value that no action of the instruction takes.",
     "error[unused-value] instruction 'reduce' action 1 (tree.in): makes 'w2', which no action of the instruction"
     " takes"},
    {"value-before-produced", ErrorLayer::actions,
     "An action takes a value that only a later action produces.",
     "error[value-before-produced] instruction 'vaddrelu' action 2 (accu.alu): takes 's', which no earlier action"
     " produces"},
    {"value-never-made", ErrorLayer::actions,
     "An action takes a value that no action of the instruction makes.",
     "error[value-never-made] instruction 'vaddrelu' action 2 (accu.alu): takes 'z', which no action of the"
     " instruction makes"},
    // spec
    {"bad-expression", ErrorLayer::spec,
     "A spec expression is empty, too long, malformed, or raises to a negative power.",
     "error[bad-expression] isa_spec.json:/derived/0/expr: 'T +' at column 4: ends where a value was expected"},
    {"bad-identifier", ErrorLayer::spec,
     "A spec name cannot be a C++ name in the generated header, or collides with another there.",
     "error[bad-identifier] unit 'int64_t': cannot be a C++ name in the generated header (not an identifier, a"
     " keyword, or a name the header spells, such as int64_t)"},
    {"bad-json", ErrorLayer::spec,
     "A spec or input file is not valid JSON.",
     "error[bad-json] isa_spec.json: [json.exception.parse_error.101] parse error at line 1, column 9: syntax error"
     " while parsing value - unexpected end of input; expected '[', '{', or a literal"},
    {"bad-namespace", ErrorLayer::spec,
     "The namespace asked of the generated header is not identifiers joined by ::, or is reserved.",
     "error[bad-namespace] namespace 'acme::': is not identifiers joined by '::' (as in acme::isa), or is"
     " loom::spec, which spec/walk.h declares"},
    {"conflicting-keys", ErrorLayer::spec,
     "A spec object gives two keys that exclude each other (an action's produces and outputs).",
     "error[conflicting-keys] /opcodes/6/actions/2/outputs: an action names its values by 'produces' or by"
     " 'outputs', not both"},
    {"default-out-of-range", ErrorLayer::spec,
     "A spec parameter's default lies outside its own [min, max].",
     "error[default-out-of-range] isa_spec.json:/parameters/0/default: default 100 is outside [2, 64]"},
    {"disagrees", ErrorLayer::spec,
     "The ISA spec and the design (assembler, checks, generated constants) disagree on a fact.",
     "error[disagrees] constant 'parameter.T.default' at the defaults: the spec says 8, the design says 4"},
    {"division-by-zero", ErrorLayer::spec,
     "A spec expression divides by zero at the values it is evaluated for.",
     "error[division-by-zero] isa_spec.json:/parameters (the defaults): isa_spec.json:/derived/0/expr: 'T / 0'"
     " divides by zero"},
    {"duplicate-key", ErrorLayer::spec,
     "A JSON object gives the same key twice.",
     "error[duplicate-key] isa_spec.json:/isa: the key 'isa' appears twice in one object; JSON would keep the last"
     " one, silently"},
    {"duplicate-opcode", ErrorLayer::spec,
     "Two opcodes of the spec share one code.",
     "error[duplicate-opcode] isa_spec.json:/opcodes/1/code: 'loop' and 'halt' share code 0"},
    {"field-outside-word", ErrorLayer::spec,
     "A spec field, header slice or AGU term lies outside the instruction word (or into the opcode).",
     "error[field-outside-word] isa_spec.json:/fields/1: field 'f1' covers bits 60..71, past bit 63"},
    {"field-overlap", ErrorLayer::spec,
     "Two fields of the spec's instruction word share bits.",
     "error[field-overlap] isa_spec.json:/fields/1: field 'f1' (bits 0..11) overlaps 'f0' (bits 0..11)"},
    {"generated-drift", ErrorLayer::spec,
     "A generated file differs from what the spec generates.",
     "error[generated-drift] machines/tinytpu/isa_encoding.h:273: differs from what the spec generates: expected `  "
     "  {\"T\", 8, 2, 64},`, found `    {\"T\", 4, 2, 64},`; run `loom gen-isa`"},
    {"illegal-value", ErrorLayer::spec,
     "A value is not one of those allowed: an enumerated spec key, or an operand value the ISA forbids.",
     "error[illegal-value] isa_spec.json:/opcodes/0/kind: 'bogus' is not one of halt, loop_begin, loop_end,"
     " agu_prefix, data, retired"},
    {"missing-key", ErrorLayer::spec,
     "A required spec key or field is absent.",
     "error[missing-key] isa_spec.json:/fields: is required"},
    {"missing-markers", ErrorLayer::spec,
     "A document to receive generated tables lacks its begin and end marker lines.",
     "error[missing-markers] doc.md: needs the lines '<!-- GENERATED BEGIN: loom gen-isa; do not edit by hand -->'"
     " and '<!-- GENERATED END -->', in that order"},
    {"opcode-too-wide", ErrorLayer::spec,
     "An opcode's code does not fit the opcode field.",
     "error[opcode-too-wide] isa_spec.json:/opcodes/1/code: code 100000 does not fit the 4-bit opcode field"},
    {"overflow", ErrorLayer::spec,
     "A spec expression overflows 64 bits.",
     "error[overflow] here: 'T ^ 70' overflows 64 bits"},
    {"too-deep", ErrorLayer::spec,
     "A JSON document nests deeper than the reader allows.",
     "error[too-deep]"
     " deep.json:/0/0/0/0/0/0/0/0/0/0/0/0/0/0/0/0/0/0/0/0/0/0/0/0/0/0/0/0/0/0/0/0/0/0/0/0/0/0/0/0/0/0/0/0/0/0/0/0/0/0"
     "/0/0/0/0/0/0/0/0/0/0/0/0/0/0: nests deeper than 64 levels"},
    {"too-many", ErrorLayer::spec,
     "A spec array has more entries than the reader allows.",
     "error[too-many] isa_spec.json:/units: has 1108 entries; a spec array may have 1024"},
    {"unknown-field", ErrorLayer::spec,
     "A spec names an instruction field that is not an operand field of the word.",
     "error[unknown-field] isa_spec.json:/chain_headers/0/carries: 'nofield' is neither the row count nor an operand"
     " field"},
    {"unknown-key", ErrorLayer::spec,
     "A spec object has a key the reader does not know (a typo is not ignored).",
     "error[unknown-key] isa_spec.json:/wordbits: is not a key of this object"},
    {"unknown-name", ErrorLayer::spec,
     "A name is read (in an expression, or bound to a port) that is not defined.",
     "error[unknown-name] isa_spec.json:/derived/0/expr: reads 'NOPE' before it is defined"},
    {"unknown-opcode", ErrorLayer::spec,
     "An opcode is named, or an encoded word carries a code, that the ISA does not have.",
     "error[unknown-opcode] b.asm:1:1: 'bogus' is not an opcode"},
    {"wrong-type", ErrorLayer::spec,
     "A spec value has the wrong JSON type (an object, array, integer, string or boolean was expected).",
     "error[wrong-type] isa_spec.json:/word_bits: must be an integer that fits 64 signed bits"},
    // compose
    {"argument-shared", ErrorLayer::compose,
     "An argument is read, or addressed, by more than one process.",
     "error[argument-shared] argument 'A': is read by 2 processes: rd[0].src and rd[1].src; one process per argument"
     " (one m_axi bundle, one reader)"},
    {"argument-unused", ErrorLayer::compose,
     "An argument of the region is addressed by no process.",
     "error[argument-unused] argument 'B': is addressed by no process"},
    {"bad-index", ErrorLayer::compose,
     "A depth names an element of a channel that is not an array, or an element the array does not have.",
     "error[bad-index] --depth 'x_chain[99]=3': channel array 'x_chain' has no element x_chain[99]; its elements run"
     " from x_chain[0] to x_chain[7]"},
    {"bad-interface", ErrorLayer::compose,
     "A scalar argument is used against its direction (an ap_none input written, an ap_vld output read), or an "
     "argument's protocol is not one Loom knows.",
     "error[bad-interface] argument 'SUM': unit 'ctl' port 'sum' reads it, but an ap_vld scalar is an output (ap_ovld"
     " is read and written)"},
    {"depth-syntax", ErrorLayer::compose,
     "A FIFO depth setting is not NAME=N, NAME[i]=N or NAME[i][j]=N.",
     "error[depth-syntax] --depth 'x': has no NAME=; write NAME=N, NAME[i]=N or NAME[i][j]=N"},
    {"depths-file", ErrorLayer::compose,
     "A depths file cannot be read or written, is not JSON, or is not a \"depths\" object of channel names and"
     " depths.",
     "error[depths-file] file 'dep3.json': has no \"depths\" object of channel names and depths (what `loom fifo"
     " --out` writes)"},
    {"duplicate-depth", ErrorLayer::compose,
     "The same channel is given a depth twice.",
     "error[duplicate-depth] --depth 'x_chain=4': sets channel x_chain[0] again, after 'x_chain=3'; set each once"},
    {"index-out-of-range", ErrorLayer::compose,
     "A port is bound to an element outside the declared object's shape.",
     "error[index-out-of-range] unit 'r[2]' port 'out': is bound to 'c[3]', outside 'c''s shape [3]"},
    {"invalid-depth", ErrorLayer::compose,
     "A channel is given a FIFO depth outside 1 to 2^20 words (the simulator also takes unbounded).",
     "error[invalid-depth] --depth 'x_chain=0': gives depth 0; a FIFO holds 1 to 1048576 words"},
    {"invalid-extent", ErrorLayer::compose,
     "A declared extent (a shape's size) is below its minimum.",
     "error[invalid-extent] memory 'm' rows: 0 = 0, but it must be at least 1"},
    {"invalid-timing", ErrorLayer::compose,
     "A memory's declared timing is impossible for its partitioning, or an argument's m_axi timing (latency, "
     "outstanding reads, burst length, widening, alignment) or ap_memory timing (latency, ports) is outside what "
     "its pragma takes.",
     "error[invalid-timing] memory 'late': declares a write latency of -1 iterations; it must be 0 or more"},
    {"no-reader", ErrorLayer::compose,
     "A channel has no reader.",
     "error[no-reader] channel 'c[0]': has no reader; it is written by src.out"},
    {"no-writer", ErrorLayer::compose,
     "A channel has no writer.",
     "error[no-writer] channel 'x': has no writer and no reader"},
    {"not-owner", ErrorLayer::compose,
     "A process addresses a memory that it does not own.",
     "error[not-owner] unit 'thief' port 'mem': addresses memory 'm', which is owned by owner.mem; only a memory's"
     " owner may address it, so send the rows over a channel to the owner"},
    {"owned-twice", ErrorLayer::compose,
     "A memory has more than one owner.",
     "error[owned-twice] memory 'twice': is owned by pair[0].mem and pair[1].mem; a memory has one owner"},
    {"port-array-binding", ErrorLayer::compose,
     "A port array is bound to one element, or a single port to a slice.",
     "error[port-array-binding] unit placement 'join' port 'in': is a port array of N elements; bind it to a slice of"
     " a channel array (elements(), row(), column()) or to a function of the instance and the element"},
    {"port-array-extent", ErrorLayer::compose,
     "A port array is bound to a slice with another number of elements.",
     "error[port-array-extent] unit placement 'join' port 'in': is a port array of N = 4 elements, but it is bound to"
     " the elements of 'wide', which has 5"},
    {"port-bound-twice", ErrorLayer::compose,
     "A unit's port is bound more than once.",
     "error[port-bound-twice] unit placement 'keeper' port 'mem': is bound more than once"},
    {"port-kind-mismatch", ErrorLayer::compose,
     "A port is bound to an object of the wrong kind (a channel, a memory or an argument).",
     "error[port-kind-mismatch] unit 'dst' port 'in': is a reads port and needs a channel, but 'm' is a memory"},
    {"port-unbound", ErrorLayer::compose,
     "A unit's port is never bound (bind it to loom::unbound for instances without it).",
     "error[port-unbound] unit placement 'relay' port 'out': is never bound; bind it, to loom::unbound for instances"
     " without that connection"},
    {"two-readers", ErrorLayer::compose,
     "A channel is read by more than one port.",
     "error[two-readers] channel 'c': is read by 3 ports: dst[0].in, dst[1].in and dst[2].in"},
    {"two-writers", ErrorLayer::compose,
     "A channel is written by more than one port.",
     "error[two-writers] channel 'c': is written by 2 ports: src[0].out and src[1].out"},
    {"unowned", ErrorLayer::compose,
     "A memory has no owner.",
     "error[unowned] memory 'orphan': has no owner"},
    {"width-mismatch", ErrorLayer::compose,
     "A port's word (lanes x lane bits) differs from the words of the object it is bound to.",
     "error[width-mismatch] unit 'dst' port 'in': takes 4x32 words (lanes x lane_bits), but channel 'c' holds 4x8"},
    // sim
    {"body-threw", ErrorLayer::sim,
     "A unit's body threw an exception during a simulation.",
     "error[body-threw] unit 'thrower': its body threw: row 7 is not here"},
    {"depths-size", ErrorLayer::sim,
     "SimOptions::depths gives another number of depths than the region has channels.",
     "error[depths-size] SimOptions::depths: has 3 depths, but region 'example' has 16 channels"},
    {"duplicate-listener", ErrorLayer::sim,
     "The same listener is given to a simulation twice.",
     "error[duplicate-listener] SimOptions::listeners[1]: is listeners[0] again: a view would be told every event"
     " twice"},
    {"fifo-memory", ErrorLayer::sim,
     "The FIFOs at the given depths would need more memory than a simulation may use.",
     "error[fifo-memory] region 'example': its FIFOs at these depths would hold more than 2 GiB of words and their"
     " cycles; give the deep ones smaller depths"},
    {"fifo-no-depth", ErrorLayer::sim,
     "The FIFO search found no depths, up to its limit, that let every run complete within the tolerance.",
     "error[fifo-no-depth] region 'example': no FIFO depths up to 1048576 let every run complete within the tolerance"},
    {"fifo-no-runs", ErrorLayer::sim,
     "The FIFO search was given a region with no workload runs to size its FIFOs by.",
     "error[fifo-no-runs] region 'crossed': has no workload runs to size its FIFOs by"},
    {"ii-over-budget", ErrorLayer::sim,
     "One trip of a pipelined loop uses a port more often than its II leaves cycles for.",
     "error[ii-over-budget] unit 'pairs' port 'in': one trip of unit 'pairs''s loop marked at"
     " tests/sim_timing_test.cc:487 made 2 reads of stream port 'in' (a stream: 1 read a cycle); at II=1 a trip has"
     " 1 cycle, so the smallest II that fits is 2 (declare it in the unit's Pipeline, or spread the accesses over"
     " more trips)"},
    {"input-size", ErrorLayer::sim,
     "A simulation input holds another number of rows than its argument.",
     "error[input-size] input 'A': has 3 rows, but the argument has 4"},
    {"input-word", ErrorLayer::sim,
     "A simulation input's word shape differs from its argument's.",
     "error[input-word] input 'A': holds 4x8 words, but the argument holds 2x16"},
    {"invalid-tolerance", ErrorLayer::sim,
     "The FIFO search's tolerance is outside 0 to 1000%.",
     "error[invalid-tolerance] tolerance: must be from 0 to 1000%"},
    {"listener-threw", ErrorLayer::sim,
     "A simulation listener threw an exception.",
     "error[listener-threw] SimOptions::listeners[0]: threw: a listener that throws"},
    {"missing-input", ErrorLayer::sim,
     "An argument some process reads is given no input.",
     "error[missing-input] argument 'X': is read by loader.X, but no input gives it"},
    {"nested-pipeline", ErrorLayer::sim,
     "A pipelined loop, or a loop entry, is marked inside a trip of another pipelined loop.",
     "error[nested-pipeline] unit 'unit': unit 'entry_in_trip' marks a loop entry (LOOM_LOOP_ENTRY) inside a trip of"
     " the loop marked at tests/sim_timing_test.cc:848; a pipelined loop's body cannot enter another loop (HLS"
     " unrolls the loops inside it)"},
    {"no-simulator-entry", ErrorLayer::sim,
     "A unit was placed without the simulator's entry point, so it cannot be simulated.",
     "error[no-simulator-entry] unit 'loader': was placed without the simulator's entry point; place units with"
     " loom::place<U> (compose/place.h)"},
    {"null-listener", ErrorLayer::sim,
     "A simulation listener is nullptr.",
     "error[null-listener] SimOptions::listeners[1]: is nullptr, not a listener"},
    {"pipeline-style-engine", ErrorLayer::sim,
     "The stalled pipeline style (stp) was asked of the trace engine, which times only the flushable style.",
     "error[pipeline-style-engine] the run's options: ask for the stalled pipeline style (stp) on the trace engine,"
     " which times only the flushable one; run stp on the coupled engine"},
    {"stage-order", ErrorLayer::sim,
     "A non-blocking access was answered on the assumption that its FIFO's other side would not act sooner, and that "
     "side then did, from an access later in its body's source order but at an earlier stage of the same iteration.",
     "error[stage-order] unit 'late_stage' port 'b': is accessed at cycle 9, but process 'sender' was answered for "
     "its non-blocking access at cycle 9 as if no access on this side came before cycle 9"},
    {"timing-dependent-design", ErrorLayer::sim,
     "A design with non-blocking accesses is given to the trace engine or the FIFO search, which rest on the Kahn"
     " assumption.",
     "error[timing-dependent-design] unit 'producer': accesses 'out' without blocking (LOOM_NONBLOCKING), so what it"
     " computes depends on when each access happens; the trace engine traces a run once and times it after, which"
     " only a Kahn process allows: simulate it with the coupled engine"},
    {"unbound-port", ErrorLayer::sim,
     "A body uses a port the architecture binds to nothing (loom::unbound) for that instance.",
     "error[unbound-port] unit 'absorb' port 'in': is used by the body, but the architecture binds it to nothing for"
     " this instance"},
    {"unbounded-run", ErrorLayer::sim,
     "A run does not complete even with unbounded FIFOs, so no depth can fix it.",
     "error[unbounded-run] run 0 of region 'crossed': does not complete even with unbounded FIFOs, so no depth can"
     " fix it:"},
    {"unknown-argument", ErrorLayer::sim,
     "A simulation input names an argument the region does not have.",
     "error[unknown-argument] input 'B': names no argument of region 'one_way_dma'"},
    {"wait-outside-protocol", ErrorLayer::sim,
     "A body waits (LOOM_WAIT) outside a protocol region (LOOM_PROTOCOL), where ap_wait() orders nothing.",
     "error[wait-outside-protocol] unit 'requester': unit 'requester' waits (LOOM_WAIT) at tests/sim_feedback_test.cc:60 outside a"
     " protocol region; ap_wait() orders accesses only in one (UG1399, \"pragma HLS protocol\"), so open it with"
     " LOOM_PROTOCOL(io) at the top of the scope"},
    // hls
    {"bad-clock", ErrorLayer::hls,
     "The HLS clock period is outside 0.5 to 100 ns.",
     "error[bad-clock] --clock-ns 1000: is not a clock period in [0.5, 100] nanoseconds"},
    {"bad-part", ErrorLayer::hls,
     "The HLS part is not a Xilinx part name.",
     "error[bad-part] --part 'bogus': is not a Xilinx part name: letters and digits in dash-separated groups,"
     " starting with x (e.g. xcu250-figd2104-2L-e)"},
    {"hls-argument-width", ErrorLayer::hls,
     "An argument's words are wider than an m_axi port carries.",
     "error[hls-argument-width] argument 'X': holds words of 2048 bits; an m_axi port carries at most 1024 (UG1448"
     " 214-226)"},
    {"hls-compile", ErrorLayer::hls,
     "The emitted HLS sources do not compile (as C++14) in the HLS check.",
     "error[hls-compile] tests/hls/relay.h:12: unit 'relay' does not compile for HLS (C++14): 'clamp' is not a"
     " member of 'std'"},
    {"hls-deadlock", ErrorLayer::hls,
     "The region deadlocks at the FIFO depths emitted for HLS.",
     "error[hls-deadlock] test run 'row': deadlocks at the emitted FIFO depths, wait-for cycle feeder -> cell ->"
     " feeder; C simulation would pass it, with unbounded streams, and co-simulation would hang. Deepen a FIFO on"
     " the cycle. The simulator's report:"},
    {"hls-dependence", ErrorLayer::hls,
     "A dependence claim names a unit or memory the region cannot attach the pragma to.",
     "error[hls-dependence] claim on unit 'fir_tap' memory 'nope': names no unit of region 'example' that owns such"
     " a memory"},
    {"hls-flow-target", ErrorLayer::hls,
     "The region's interfaces need another flow target: ap_memory, scalar and ap_ctrl_none ports are Vivado IP's.",
     "error[hls-flow-target] argument 'REQ': is ap_memory; the Vitis kernel flow's arguments are m_axi (UG1399"
     " \"Interfaces for Vitis Kernel Flow\"): emit for Vivado IP (loom hls --flow-target vivado)"},
    {"hls-name-collision", ErrorLayer::hls,
     "An emitted name would collide with a name a unit's header declares at global scope.",
     "error[hls-name-collision] region 'exit': its top function, extern \"C\" void 'exit' would collide with the C"
     " library name 'exit' that <stdlib.h> declares at global scope; rename the region (or the placement), or move"
     " that name into a namespace of its own"},
    {"hls-no-compiler", ErrorLayer::hls,
     "The HLS check found no C++ compiler to run, or could not run it.",
     "error[hls-no-compiler] the HLS check: found no C++ compiler to compile the bodies with (g++, c++ or clang++,"
     " or $CXX); ./bazelw installs g++"},
    {"hls-output", ErrorLayer::hls,
     "The HLS project directory, or a file in it, cannot be made or written, or is a symbolic link.",
     "error[hls-output] /etc/passwd: exists and is not a directory"},
    {"hls-output-exists", ErrorLayer::hls,
     "The HLS output directory exists, is not empty and is not a Loom HLS project.",
     "error[hls-output-exists] notproj: exists, is not empty and is not a Loom HLS project (it has no .loom-hls);"
     " Loom never writes over files it did not write: name a new or empty directory"},
    {"hls-shared-source", ErrorLayer::hls,
     "Units the machine's dependence claims give different loop pragmas share a header, or one's header includes the"
     " other's.",
     "error[hls-shared-source] unit 'slow_relay': its header tests/hls/relay_pair.h includes tests/hls/relay.h, the"
     " header of unit 'relay', whose loops the machine's dependence claims give different pragmas; a unit's header may"
     " not include another unit's"},
    {"hls-source-missing", ErrorLayer::hls,
     "A unit's source, a header one includes, or a stand-in header, was not embedded in this build for HLS emission.",
     "error[hls-source-missing] unit 'source': is declared in tests/test_units.h, which this build did not embed for"
     " HLS emission; add it to a loom_hls_sources target linked into the binary (compose/hls/hls_sources.bzl)"},
    {"hls-test-mismatch", ErrorLayer::hls,
     "The simulated region leaves other contents than a test run expects, so the testbench would fail.",
     "error[hls-test-mismatch] test run 'seed 0' argument 'Y': the region, simulated, leaves other contents than the"
     " run expects, so the testbench would fail"},
    {"hls-test-run", ErrorLayer::hls,
     "A testbench run is unusable: none at all, no expected output of a design with a plain C++ reference, or an"
     " argument it does not match.",
     "error[hls-test-run] test run 'r' argument 'Q': names no argument of region 'example'"},
    {"hls-test-too-large", ErrorLayer::hls,
     "The test runs hold more data than a testbench may.",
     "error[hls-test-too-large] region 'example': its 9 test runs hold 1179648 64-bit words of data, and a testbench"
     " holds at most 1048576; emit a smaller configuration (fewer rows) to C-simulate, and synthesise the large one"
     " from the same units"},
    {"hls-unsynthesisable", ErrorLayer::hls,
     "A unit uses something HLS cannot synthesise (exceptions, virtual calls, the heap...).",
     "error[hls-unsynthesisable] tests/hls/bad_throw.h:15: unit 'bad_throw' cannot be synthesised: it uses"
     " exceptions ('throw')"},
    {"hls-watchdog", ErrorLayer::hls,
     "The region's presimulation for HLS did not finish within the simulator's bounds.",
     "error[hls-watchdog] test run 'row': did not finish within the simulator's bounds:"},
    // machines
    {"conform-mismatch", ErrorLayer::machines,
     "An output differs between the reference, the action executor and the unit bodies.",
     "error[conform-mismatch] output 'ar' row 4 lane 0 (written by instruction 23 (vaddrelu) action 6"
     " (accu.ar.write) row 0): the action model and the reference disagree: reference 371195904, executor 0"},
    {"conform-run", ErrorLayer::machines,
     "The conformance run's simulation did not complete.",
     "error[conform-run] machine 'tinytpu': DEADLOCK at cycle 95: 36 of 37 processes did not finish"},
    {"conform-shape", ErrorLayer::machines,
     "An output has another size in the reference, the executor or the bodies, or is missing from one.",
     "error[conform-shape] output 'C': the reference holds 256 lanes, the executor 255, the bodies 256"},
    {"cycles-missing", ErrorLayer::machines,
     "A committed cycle table has a run the bench did not run.",
     "error[cycles-missing] run 'gemm 8x8x8': held.txt commits 265 cycles for it, and bench did not run it"},
    {"cycles-moved", ErrorLayer::machines,
     "A run's simulated cycles differ from the committed cycle table's.",
     "error[cycles-moved] run 'gemm 4x4x4': simulated in 176 cycles, where held.txt commits 175 (+1)"},
    {"cycles-new", ErrorLayer::machines,
     "A run was simulated that the committed cycle table has no cycles for.",
     "error[cycles-new] run 'gemm 8x8x8 flat': simulated in 219 cycles, and ./machines/cycles/tinytpu.txt commits"
     " none for it"},
    {"cycles-table", ErrorLayer::machines,
     "A committed cycle table line is not BUILD<TAB>RUN<TAB>CYCLES, or commits a run twice.",
     "error[cycles-table] bad.txt:1: its cycles 'many' are not a count"},
    {"duplicate-extension", ErrorLayer::machines,
     "A machine registers one backend's data twice; the second is left out.",
     "error[duplicate-extension] machine 'matvec': registers N4loom3hls9ExtensionE twice; the second is left out"},
    {"duplicate-machine", ErrorLayer::machines,
     "Two registrations take one machine name; the second is left out.",
     "error[duplicate-machine] machine 'matvec': registered twice; the second is left out"},
    {"duplicate-verb", ErrorLayer::machines,
     "A machine offers one verb twice; the second is left out.",
     "error[duplicate-verb] verb 'bench': offered twice by machine 'matvec'; the second is left out"},
    {"exec-not-modelled", ErrorLayer::machines,
     "The machine's action model cannot be executed (it says why).",
     "error[exec-not-modelled] machine 'example': a tap pairs weight i with the sample i rows back: a delay line one"
     " row's actions do not carry"},
    {"exec-state", ErrorLayer::machines,
     "An input or state given to the action executor does not match the model's state.",
     "error[exec-state] state 'ar': the machine declares 64 rows of 4 lanes; the reference holds 255 lanes"},
    {"mismatch", ErrorLayer::machines,
     "A simulated argument differs from the reference's expected contents.",
     "error[mismatch] argument 'Y': 7 rows simulated, 8 expected"},
    {"sim-incomplete", ErrorLayer::machines,
     "A simulation that a gate or check needs did not complete (it deadlocked or hit a watchdog).",
     "error[sim-incomplete] run 'gemm 8x8x8 relu looped': DEADLOCK at cycle 95: 36 of 37 processes did not finish"},
    {"span-not-depth", ErrorLayer::machines,
     "An action model's span on a unit differs from the depth of its composed pipeline.",
     "error[span-not-depth] unit 'tree': reduce's actions span 5 cycles a row on it, but its composed pipeline is 6"
     " deep"},
    {"tap-too-narrow", ErrorLayer::machines,
     "DotTree's narrow tap outputs cannot hold the exact sum (SUM_BITS is too small).",
     "error[tap-too-narrow] argument 'H' row 3: holds -128, but the exact sum is 384: SUM_BITS is too narrow for it"},
    {"unknown-instruction", ErrorLayer::machines,
     "A model call names an instruction the machine does not have.",
     "error[unknown-instruction] call 2: names 'vmul', which is not an instruction of tinytpu"},
    {"unknown-machine", ErrorLayer::machines,
     "A machine name that the registry does not know.",
     "error[unknown-machine] machine 'nosuch': is not known; the machines are example, tinytpu, dottree, matvec. If it "
     "is registered, link its machine's library with alwayslink = True: the linker drops a registration in a library "
     "that is not alwayslinked"},
    // tinytpu
    {"after-halt", ErrorLayer::tinytpu,
     "An instruction follows the program's halt, so it never runs.",
     "error[after-halt] instruction 3 (dma_ld): follows the program's halt, so it never runs"},
    {"agu-budget", ErrorLayer::tinytpu,
     "An instruction has more address terms than the AGU prefix can carry.",
     "error[agu-budget] instruction 3 (mm): has 4 address terms; the AGU resolves at most 3 per instruction"},
    {"agu-not-before-data", ErrorLayer::tinytpu,
     "An AGU prefix word is not followed by the data instruction it addresses.",
     "error[agu-not-before-data] instruction 2 (dma_ld): address terms must precede a data instruction (outside any"
     " loop)"},
    {"ar-distance", ErrorLayer::tinytpu,
     "An instruction reads an ar row fewer accu iterations after its write than AR_RAW_DIST allows.",
     "error[ar-distance] instruction 3 (vrelu): reads ar row 0 3 accu iterations after the write it depends on;"
     " AR_RAW_DIST is 4 (outside any loop)"},
    {"bad-layout", ErrorLayer::tinytpu,
     "A matrix layout is named that TinyTPU's programs and testbench do not know.",
     "error[bad-layout] layout 'column-major': is neither row-major (the seed's) nor tile-major"},
    {"bad-shape", ErrorLayer::tinytpu,
     "A program generator is asked for a shape (GEMM sides, rows) the build cannot run.",
     "error[bad-shape] GEMM side M = 6: must be a positive multiple of T = 4 up to MAXDIM = 16"},
    {"bad-term-field", ErrorLayer::tinytpu,
     "An encoded address term names a field that does not exist.",
     "error[bad-term-field] instruction 2 (dma_ld): an address term names field 7, which does not exist (at"
     " iteration L0=0)"},
    {"bench-failed", ErrorLayer::tinytpu,
     "A bench run did not simulate exactly, so it has no cycles.",
     "error[bench-failed] run 'gemm 8x8x8 looped': did not simulate exactly, so it has no cycles to set beside:"
     " error[program-too-long] program: needs 22 imem words (headers included), but IMEM_WORDS is 16"},
    {"build-mismatch", ErrorLayer::tinytpu,
     "A program or initial state was made for another build (T, MAXDIM, AR_RAW_DIST) than the region.",
     "error[build-mismatch] program: the program was assembled for T=4, MAXDIM=32, AR_RAW_DIST=4, but the region is"
     " T=4, MAXDIM=16, AR_RAW_DIST=4"},
    {"closed-loop-term", ErrorLayer::tinytpu,
     "An address term names a loop level that is not open.",
     "error[closed-loop-term] instruction 0 (line 1: dma_ld): an address term on 'dst' names loop level 0, but only"
     " 0 loops are open (outside any loop)"},
    {"conform-uncovered", ErrorLayer::tinytpu,
     "Over the whole workload, some instruction's action never ran, so conformance cannot be claimed for it.",
     "error[conform-uncovered] machine 'tinytpu': 2 of 58 actions never ran over the whole workload (listed above),"
     " so nothing vouches for them"},
    {"control-accepted", ErrorLayer::tinytpu,
     "A control that must be refused was accepted: a validator's program, or one of a gate's own negative controls"
     " (its watchdogs, its triple loop, its text round trip).",
     "error[control-accepted] control 'valid': the assembler accepted it; it must be refused with row-out-of-range"},
    {"control-misnamed", ErrorLayer::tinytpu,
     "A validator control program was refused, but not with the kind it expects.",
     "error[control-misnamed] control 'past the end': refused, but not with zero-rows:"},
    {"cost-off-band", ErrorLayer::tinytpu,
     "A bench run's static cost estimate lies outside the band the static cost claims against simulation.",
     "error[cost-off-band] run 'gemm 8x8x8': the static estimate 190 is -7.3% from the simulated 205, past the 5% band"},
    {"csv-shape", ErrorLayer::tinytpu,
     "A CSV matrix is larger than MAXDIM x MAXDIM.",
     "error[csv-shape] big.csv: is 70 x 70, larger than MAXDIM x MAXDIM = 16 x 16"},
    {"duplicate-operand", ErrorLayer::tinytpu,
     "An instruction gives an operand twice.",
     "error[duplicate-operand] d.asm:1:44: rows is given twice"},
    {"empty-loop", ErrorLayer::tinytpu,
     "A loop holds no data instruction, so it would spin without bound.",
     "error[empty-loop] instruction 2 (loop): holds no data instruction"},
    {"engines-disagree", ErrorLayer::tinytpu,
     "The trace engine reports a bench run otherwise than the coupled simulator: its outcome, cycles, a process's"
     " finish or an argument's contents.",
     "error[engines-disagree] run 'gemm 4x4x4 looped': the cycles: the coupled simulator gives 184, the trace engine 180"},
    {"field-overflow", ErrorLayer::tinytpu,
     "An operand's value, driven by its address terms, resolves past the field limit.",
     "error[field-overflow] instruction 2 (loop): 'trips' resolves to 3000, past the field limit 2048 (outside any"
     " loop)"},
    {"field-too-wide", ErrorLayer::tinytpu,
     "An operand, or an address term's level or stride, does not fit its field.",
     "error[field-too-wide] instruction 2 (dma_ld): dst = 5000 does not fit its 12-bit field"},
    {"header-overflow", ErrorLayer::tinytpu,
     "A unit's trip count exceeds its header slice.",
     "error[header-overflow] instruction 7 (mm): takes accu's trip count to 32768, past the 15-bit header slice's"
     " 32767 (at iteration L0=14 L1=2)"},
    {"loop-too-deep", ErrorLayer::tinytpu,
     "Loops nest deeper than the ISA allows.",
     "error[loop-too-deep] instruction 5 (loop): opens a loop 4 deep; loops nest at most 3 deep (at iteration L0=0"
     " L1=0 L2=0)"},
    {"missing-halt", ErrorLayer::tinytpu,
     "The program ends without a halt.",
     "error[missing-halt] the program: ends without a halt"},
    {"missing-operand", ErrorLayer::tinytpu,
     "An instruction lacks an operand its opcode needs.",
     "error[missing-operand] a.asm:1:1: 'mm' needs wgt="},
    {"no-probe", ErrorLayer::tinytpu,
     "The conformance check has no probe program for a spec fact, so it cannot check it.",
     "error[no-probe] derived property 'mm.acc legal-trip frontier': conformance.cc has no probe program for this"
     " operand"},
    {"program-too-long", ErrorLayer::tinytpu,
     "The program needs more instruction memory words than IMEM_WORDS.",
     "error[program-too-long] program: needs 9 imem words (headers included), but IMEM_WORDS is 8"},
    {"reference-fault", ErrorLayer::tinytpu,
     "The reference model cannot run the program (it faults).",
     "error[reference-fault] word 5: the reference cannot run this program (fault 3); check_program rejects it"},
    {"reference-out-of-range", ErrorLayer::tinytpu,
     "The reference model finds an instruction reaching outside a memory.",
     "error[reference-out-of-range] word 0: dma_ld reaches row 64 of spad, which has 64 rows; check_program rejects"
     " such programs"},
    {"retired-opcode", ErrorLayer::tinytpu,
     "A program uses an opcode the ISA has retired.",
     "error[retired-opcode] t.s:1:3: 'dma_st' is retired; results leave the accumulator through mvout"},
    {"statistics-disagree", ErrorLayer::tinytpu,
     "A bench run's process counters (busy and stalled cycles) differ from the run's own timeline of its events.",
     "error[statistics-disagree] run 'gemm 4x4x4 looped' process 'accu': its counters say busy 120, stalled 10 empty,"
     " 4 full, 0 on DRAM; its timeline over [1, 135) says busy 116, stalled 10, 8, 0"},
    {"syntax", ErrorLayer::tinytpu,
     "An assembly line does not parse.",
     "error[syntax] t2.asm:2:6: halt takes no operands"},
    {"terms-on-control", ErrorLayer::tinytpu,
     "A control instruction (halt, loop) is given address terms.",
     "error[terms-on-control] instruction 2 (loop): only data instructions take address terms"},
    {"text-round-trip", ErrorLayer::tinytpu,
     "A program's assembly text does not assemble back to the same words.",
     "error[text-round-trip] program 'gemm' word 2: its text assembles to 19 words and the program to 19, first"
     " differing here"},
    {"triple-loop-mismatch", ErrorLayer::tinytpu,
     "The reference model's C differs from a plain triple-loop GEMM's.",
     "error[triple-loop-mismatch] run 'gemm 4x4x4 looped' C[0][4]: the reference model gives 62, the plain"
     " triple-loop GEMM of A and B 61: the program or the reference computes another GEMM"},
    {"unbalanced-loop", ErrorLayer::tinytpu,
     "A loop is closed that is not open, left open, or closed with another trip count.",
     "error[unbalanced-loop] c.asm:1:1: this loop is never closed with '}'"},
    {"unwritten-read", ErrorLayer::tinytpu,
     "An instruction reads a row that no earlier instruction wrote.",
     "error[unwritten-read] instruction 1 (mm): reads spad row 0, which no earlier instruction wrote (outside any"
     " loop)"},
    {"work-count", ErrorLayer::tinytpu,
     "The action model's step count for a unit differs from the one the program's header promises.",
     "error[work-count] unit 'accu': the action model counts 41 steps, the header promises 40"},
    {"zero-rows", ErrorLayer::tinytpu,
     "An instruction has 0 rows, which would hang the units.",
     "error[zero-rows] instruction 2 (dma_ld): has 0 rows; the units' flat row loops would lose step and hang the"
     " machine (outside any loop)"},
    {"zero-trips", ErrorLayer::tinytpu,
     "A loop has 0 iterations.",
     "error[zero-trips] instruction 2 (loop): a loop of 0 iterations (outside any loop)"},
    // cli
    {"fifo-unconfirmed", ErrorLayer::cli,
     "`loom fifo`'s depths, re-simulated on a testbench run, do not give what the search claims: the run does not"
     " complete, takes other cycles, or exceeds the tolerance.",
     "error[fifo-unconfirmed] run 1 of region 'example': takes 212 cycles at the depths found in simulation; the search"
     " claims 180"},
    {"hls-depth-mismatch", ErrorLayer::cli,
     "`loom hls` wrote a project whose stream pragma gives a channel another depth than the one asked for.",
     "error[hls-depth-mismatch] channel 'x_chain[3]': is asked depth 5, and the project's top.cpp gives it depth=2"},
    {"trace", ErrorLayer::cli,
     "A trace file cannot be written.",
     "error[trace] file '/nonexistent/dir/t.json': cannot be written"},
    {"usage", ErrorLayer::cli,
     "The command line is wrong: a missing or conflicting flag, or one the verb or machine does not take.",
     "error[usage] `loom hls`: --out is required (see `loom hls --help`)"},
    {"verb-not-offered", ErrorLayer::cli,
     "The machine does not offer the verb asked of it.",
     "error[verb-not-offered] machine 'example': does not offer `loom gen-isa`; the machines that do: tinytpu"},
};

// The whole catalogue, in table order.
std::span<const ErrorKind> error_kinds();

// The entry for `kind`, or nullptr when the catalogue has none.
const ErrorKind* find_error_kind(std::string_view kind);

// docs/errors.md: the catalogue as Markdown, by layer.
std::string error_kinds_markdown();

// How to regenerate docs/errors.md, for messages that ask for it.
inline constexpr std::string_view kErrorKindsRegenerate = "./bazelw run //common:errors_md > docs/errors.md";

}  // namespace loom
