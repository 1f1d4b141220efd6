#include "units/standalone.h"

#include <algorithm>
#include <cassert>
#include <utility>

namespace loom {
namespace {

// Carries an error out of a body; bodies themselves never throw or catch.
struct Stop {
  Error error;
};

}  // namespace

Standalone::Standalone(UnitModel unit, Index index, ParamValues params)
    : unit_(std::move(unit)), index_(index), params_(std::move(params)) {
  Result<UnitModel> slots = with_port_slots(unit_, params_, "unit '" + unit_.name + index_.to_string() + "'");
  if (slots.ok())
    unit_ = std::move(slots).value();
  else
    setup_ = slots.status();
}

int Standalone::checked_port(std::string_view port) const {
  for (size_t i = 0; i < unit_.ports.size(); ++i)
    if (unit_.ports[i].label() == port) return static_cast<int>(i);
  assert(false && "a standalone test names a port its unit declares (an element of an array as 'y[3]')");
  return -1;
}

int Standalone::slot(int port, int64_t element) {
  const int at = unit_.slot(port, element);
  if (at < 0) {
    const int first = unit_.slot(port, 0);
    const int count = unit_.first_slot.empty() ? 1 : unit_.first_slot[static_cast<size_t>(port) + 1] - first;
    throw Stop{{"element-out-of-range", "unit '" + unit_.name + index_.to_string() + "'",
                "uses element " + std::to_string(element) + " of port array '" +
                    unit_.ports[static_cast<size_t>(first)].name + "', outside its " + std::to_string(count) +
                    " elements"}};
  }
  return at;
}

void Standalone::allocate(std::string_view port, int64_t rows) {
  const int i = checked_port(port);
  storage_[i] = Buffer(unit_.ports[static_cast<size_t>(i)].word, rows);
}

std::string Standalone::where(int port) const {
  return "unit '" + unit_.name + index_.to_string() + "' port '" +
         unit_.ports[static_cast<size_t>(port)].label() + "'";
}

void Standalone::fail(std::string kind, int port, std::string message) {
  throw Stop{{std::move(kind), where(port), std::move(message)}};
}

Status Standalone::run() {
  assert(unit_.run != nullptr);
  if (!setup_.ok()) return setup_;
  try {
    unit_.run(*this, index_);
  } catch (const Stop& stop) {
    return stop.error;
  }
  return {};
}

void Standalone::read(int port, uint64_t* limbs, int limb_count) {
  std::deque<Limbs>& q = fifos_[port];
  if (q.empty()) fail("starved", port, "read with no word left to read");
  for (int l = 0; l < limb_count; ++l) limbs[l] = q.front()[static_cast<size_t>(l)];
  q.pop_front();
}

bool Standalone::empty(int port) {
  if (!fifos_[port].empty()) return failed_polls_ = 0, false;
  if (++failed_polls_ >= kPollLimit)
    fail("starved", port,
         "polled " + std::to_string(kPollLimit) + " times in a row with no word left to read, and nothing else feeds it");
  return true;
}

bool Standalone::read_nb(int port, uint64_t* limbs, int limb_count) {
  if (empty(port)) return false;
  read(port, limbs, limb_count);
  return true;
}

bool Standalone::write_nb(int port, const uint64_t* limbs, int limb_count) {
  write(port, limbs, limb_count);
  return true;
}

bool Standalone::full(int) { return false; }

void Standalone::write(int port, const uint64_t* limbs, int limb_count) {
  fifos_[port].emplace_back(limbs, limbs + limb_count);
}

void Standalone::load(int port, int64_t row, uint64_t* limbs, int limb_count) {
  const Buffer& rows = storage_[port];
  if (row < 0 || row >= rows.rows())
    fail("row-out-of-range", port, "load of row " + std::to_string(row) + " of " + std::to_string(rows.rows()) + " rows");
  std::copy_n(rows.row(row), limb_count, limbs);
}

void Standalone::store(int port, int64_t row, const uint64_t* limbs, int limb_count) {
  Buffer& rows = storage_[port];
  if (row < 0 || row >= rows.rows())
    fail("row-out-of-range", port, "store to row " + std::to_string(row) + " of " + std::to_string(rows.rows()) + " rows");
  std::copy_n(limbs, limb_count, rows.row(row));
}

int64_t Standalone::param(int which) {
  const std::string& name = unit_.params[static_cast<size_t>(which)];
  std::optional<int64_t> v = params_.find(name);
  if (!v) throw Stop{{"unknown-parameter", "unit '" + unit_.name + "' parameter '" + name + "'", "has no value in this run"}};
  return *v;
}

}  // namespace loom
