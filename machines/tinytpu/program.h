// A TinyTPU program as written: statements in order, each an instruction with
// its address terms, a loop bound or halt, and where it was written. Text
// assembly (assembler.h) and the C++ builder below both produce one; encode()
// turns it into the machine words the sequencer fetches.
#pragma once

#include <cstdint>
#include <initializer_list>
#include <string>
#include <string_view>
#include <vector>

#include "common/status.h"
#include "machines/tinytpu/isa_encoding.h"

namespace loom::tinytpu {

// An address term by the operand's name: operand += iv(level) * stride.
struct Addr {
  std::string operand;
  int level = 0;
  int64_t stride = 1;
};

struct Statement {
  isa::Instruction ins;    // a data instruction, loop, endloop or halt
  std::vector<Addr> terms;  // data instructions only
  int line = 0, column = 0;  // where the text put it; 0 for the builder

  // "instruction 3 (line 7: mm)", or "instruction 3 (mm)" without a line.
  std::string describe(size_t index) const;
};

class Program {
 public:
  // The builder: loops open and close like blocks; end() repeats the trip count.
  Program& loop(int64_t trips);
  Program& end();
  Program& add(const isa::Instruction& ins, std::initializer_list<Addr> terms = {});
  Program& halt();
  // A statement exactly as given, for programs the builder would not make.
  Program& raw(Statement s);
  // Where the last statement was written, for errors to point at.
  Program& at(int line, int column);

  const std::vector<Statement>& statements() const { return statements_; }
  bool empty() const { return statements_.empty(); }

 private:
  std::vector<Statement> statements_;
  std::vector<int64_t> open_;  // the trip counts of the loops still open
};

// Machine words, with the statement each came from.
struct Encoded {
  std::vector<uint64_t> words;
  std::vector<size_t> statement_of_word;
};

// Each statement's word, an agu word first where it has terms. Errors, naming the
// statement: unknown-operand (a term names no operand of its opcode),
// agu-budget (more terms than the AGU has), terms-on-control, field-too-wide
// (a value that does not fit its slice, or is negative).
Result<Encoded> encode(const Program& program);

// The program as assembly text, one statement a line, loops as blocks; the
// assembler reads it back to the same program.
std::string to_text(const Program& program);

}  // namespace loom::tinytpu
