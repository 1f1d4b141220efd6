#include "machines/tinytpu/program_files.h"

#include <fmt/format.h>

#include "common/csv.h"
#include "common/files.h"
#include "machines/tinytpu/build.h"

namespace loom::tinytpu {

Result<Assembled> assemble_file(const std::string& file, const isa::Params& p) {
  auto text = read_file(file);
  if (!text.ok()) return text.status();
  auto assembled = assemble_text(text.value(), file, p);
  if (!assembled.ok()) return assembled.status();
  if (Status fits = check_fits(static_cast<int64_t>(assembled.value().encoded.words.size()), p); !fits.ok()) return fits;
  return assembled;
}

Status read_matrix(const std::string& path, const isa::Params& p, Layout layout, std::vector<int64_t>& into) {
  const int64_t maxdim = p.MAXDIM;
  auto text = read_file(path);
  if (!text.ok()) return text.status();
  auto rows = parse_csv(text.value(), path, -128, 127);
  if (!rows.ok()) return rows.status();
  const auto& m = rows.value();
  if (static_cast<int64_t>(m.size()) > maxdim || static_cast<int64_t>(m[0].size()) > maxdim)
    return Error{"csv-shape", path, fmt::format("is {} x {}, larger than MAXDIM x MAXDIM = {} x {}", m.size(),
                                                m[0].size(), maxdim, maxdim)};
  for (size_t r = 0; r < m.size(); ++r)
    for (size_t c = 0; c < m[r].size(); ++c)
      into[static_cast<size_t>(matrix_index(p, layout, static_cast<int64_t>(r), static_cast<int64_t>(c)))] = m[r][c];
  return {};
}

std::string matrix_csv(const isa::Params& p, Layout layout, const std::vector<int64_t>& cells) {
  std::string csv;
  const int64_t side = p.MAXDIM;
  for (int64_t r = 0; r < side; ++r) {
    for (int64_t c = 0; c < side; ++c)
      csv += (c ? "," : "") + std::to_string(cells[static_cast<size_t>(matrix_index(p, layout, r, c))]);
    csv += "\n";
  }
  return csv;
}

CLI::Option* add_layout_option(CLI::App& cmd, std::string& layout) {
  layout = std::string(to_string(Layout::row_major));
  return cmd
      .add_option("--layout", layout,
                  "how the matrices lie in DRAM, as the program addresses them: row-major (the seed's, row * MAXDIM + col) "
                  "or tile-major")
      ->type_name("LAYOUT")
      ->check(CLI::IsMember({std::string(to_string(Layout::row_major)), std::string(to_string(Layout::tile_major))}))
      ->capture_default_str();
}

}  // namespace loom::tinytpu
