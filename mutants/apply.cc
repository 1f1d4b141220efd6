// Writes a mutant's sources: copies each source file under OUT_ROOT at its
// workspace path, with the one mutated file's anchor replaced. The anchor must
// occur exactly once, so a refactor that moves or duplicates it fails the
// mutant's build loudly instead of testing nothing. A mutated header gets a
// witness define at its end, and WITNESS is a translation unit that refuses to
// compile unless the mutated copy, not the tree's original, is the one its
// include path resolves to.
//
//   apply OUT_ROOT MUTATED_PATH ANCHOR_FILE REPLACEMENT_FILE WITNESS SRC...
#include <cstdio>
#include <filesystem>
#include <fstream>
#include <sstream>
#include <string>

namespace {

std::string slurp(const std::string& path) {
  std::ifstream in(path, std::ios::binary);
  std::ostringstream s;
  s << in.rdbuf();
  return s.str();
}

bool spit(const std::string& path, const std::string& text) {
  std::filesystem::create_directories(std::filesystem::path(path).parent_path());
  std::ofstream out(path, std::ios::binary);
  out << text;
  return static_cast<bool>(out);
}

int fail(const std::string& message) {
  std::fprintf(stderr, "loom mutant: %s\n", message.c_str());
  return 1;
}

bool is_header(const std::string& path) { return path.size() > 2 && path.compare(path.size() - 2, 2, ".h") == 0; }

}  // namespace

int main(int argc, char** argv) {
  if (argc < 7) return fail("usage: apply OUT_ROOT MUTATED_PATH ANCHOR_FILE REPLACEMENT_FILE WITNESS SRC...");
  const std::string root = argv[1], mutated = argv[2], anchor = slurp(argv[3]), replacement = slurp(argv[4]);
  bool found = false;
  for (int i = 6; i < argc; ++i) {
    const std::string src = argv[i];
    std::string text = slurp(src);
    if (src == mutated) {
      found = true;
      if (anchor.empty()) return fail(mutated + ": the anchor is empty");
      const size_t at = text.find(anchor);
      if (at == std::string::npos) return fail(mutated + ": the anchor does not occur: \"" + anchor + "\"");
      if (text.find(anchor, at + 1) != std::string::npos)
        return fail(mutated + ": the anchor occurs more than once: \"" + anchor + "\"");
      text.replace(at, anchor.size(), replacement);
      if (is_header(src)) text += "\n#define LOOM_MUTANT_APPLIED 1  // the witness: this copy, not the tree's\n";
    }
    if (!spit(root + "/" + src, text)) return fail("cannot write " + root + "/" + src);
  }
  if (!found) return fail(mutated + " is not among the mutant's sources");
  const std::string witness =
      is_header(mutated) ? "#include \"" + mutated +
                               "\"\n#ifndef LOOM_MUTANT_APPLIED\n#error \"the tree's " + mutated +
                               " was included instead of the mutant's: build the mutants sandboxed\"\n#endif\n"
                         : "// " + mutated + " is compiled from the mutant's copy directly.\n";
  if (!spit(argv[5], witness)) return fail(std::string("cannot write ") + argv[5]);
  return 0;
}
