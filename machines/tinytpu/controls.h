// The validator's negative controls: crafted bad programs, each of which the
// assembler must refuse for its own reason, at any build. Stress runs them
// beside every generated program it accepts, so a validator that lets a bad
// program through, or refuses it for the wrong reason, fails the gate rather
// than only a unit test. Several sit exactly one row past the end of a memory;
// boundary_cases() (gates.h) runs the programs exactly at it.
#pragma once

#include <string>
#include <vector>

#include "machines/tinytpu/isa_encoding.h"
#include "machines/tinytpu/program.h"

namespace loom::tinytpu {

struct Control {
  std::string name;
  Program program;
  std::string kind;                   // the error it must be refused with
  std::vector<std::string> mentions;  // what that error's where or message names
};

// At least 30 controls, valid for any build with MAXDIM >= 2 T.
std::vector<Control> validator_controls(const isa::Params& p);

}  // namespace loom::tinytpu
