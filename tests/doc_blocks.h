// The code blocks of a document that say where they are from, held to those
// files: a block after a line `<!-- from PATH -->` must appear in PATH word for
// word, and one after `<!-- from PATH, whole -->` must be all of PATH, so a
// tutorial cannot drift from the code it shows, nor show part of a file as
// if it were the whole.
#pragma once

#include <fstream>
#include <sstream>
#include <string>
#include <vector>

namespace loom::test {

struct DocBlock {
  std::string from;  // the file the block says it is from
  std::string text;  // the block's lines, each with its newline
  int line;          // where the block starts in the document
  bool whole = false;  // the marker says the block is the whole file
};

inline std::string read_file(const std::string& path) {
  std::ifstream in(path, std::ios::binary);
  std::stringstream text;
  text << in.rdbuf();
  return text.str();
}

inline std::vector<DocBlock> doc_blocks(const std::string& document) {
  std::vector<DocBlock> out;
  std::istringstream in(document);
  std::string line, from;
  bool whole = false;
  int number = 0;
  while (std::getline(in, line)) {
    ++number;
    const std::string marker = "<!-- from ";
    if (line.rfind(marker, 0) == 0 && line.size() > marker.size() + 4) {
      from = line.substr(marker.size(), line.size() - marker.size() - 4);
      const std::string mark = ", whole";
      whole = from.size() > mark.size() && from.compare(from.size() - mark.size(), mark.size(), mark) == 0;
      if (whole) from.resize(from.size() - mark.size());
      continue;
    }
    if (line.rfind("```", 0) == 0 && !from.empty()) {
      DocBlock block{from, "", number + 1, whole};
      while (std::getline(in, line) && line.rfind("```", 0) != 0) {
        ++number;
        block.text += line + "\n";
      }
      ++number;
      out.push_back(block);
    }
    from.clear();
  }
  return out;
}

// The blocks of `document` that `path_of` maps to a file (an empty path skips
// a block), each held to that file's text (a whole block to all of it): how
// many were held, and where each that is not its file's text is ("line N,
// from PATH").
struct BlockCheck {
  int held = 0;
  std::vector<std::string> differing;
};

template <class PathOf>
BlockCheck check_blocks(const std::string& document, PathOf path_of) {
  BlockCheck out;
  for (const DocBlock& block : doc_blocks(document)) {
    const std::string path = path_of(block.from);
    if (path.empty()) continue;
    ++out.held;
    const std::string file = read_file(path);
    const bool held = block.whole ? file == block.text : file.find(block.text) != std::string::npos;
    if (file.empty() || !held)
      out.differing.push_back("line " + std::to_string(block.line) + ", from " + block.from +
                              (file.empty() ? " (no such file)" : block.whole && file.find(block.text) != std::string::npos ? " (only part of it)" : ""));
  }
  return out;
}

}  // namespace loom::test
