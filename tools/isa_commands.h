// The TinyTPU ISA commands of `loom`: gen-isa, asm and ref.
#pragma once

#include <string>

#include "units/parameter_set.h"

namespace loom {

struct IsaOptions {
  bool check = false;
  bool bench = false;      // cost: the bench GEMMs beside their simulated cycles
  std::string gemm;        // cost: "MxKxN" instead of a FILE
  std::string root, spec;  // gen-isa
  std::string file;        // asm, ref: the program
  std::string a, b, out;   // ref
  Overrides overrides;     // asm, ref: the build
};

// Each returns the process's exit code: 0 on success, 1 on a named error.
int gen_isa_command(const IsaOptions& options);
int asm_command(const IsaOptions& options);
int ref_command(const IsaOptions& options);
int project_command(const IsaOptions& options);
int cost_command(const IsaOptions& options);

}  // namespace loom
