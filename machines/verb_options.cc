#include "machines/verb_options.h"

#include <charconv>
#include <climits>
#include <cstdlib>

namespace loom {

std::string user_path(const std::string& path) {
  const char* cwd = std::getenv("BUILD_WORKING_DIRECTORY");
  return path.empty() || path[0] == '/' || cwd == nullptr ? path : std::string(cwd) + "/" + path;
}

CLI::Validator nonempty() {
  return CLI::Validator([](std::string& v) { return v.empty() ? std::string("an empty value") : std::string(); },
                        "", "NONEMPTY");
}

CLI::Validator integer_at_least(int64_t min) {
  return CLI::Validator(
      [min](std::string& v) -> std::string {
        int64_t value = 0;
        auto [end, ec] = std::from_chars(v.data(), v.data() + v.size(), value);
        if (v.empty() || ec != std::errc() || end != v.data() + v.size() || value < min)
          return "'" + v + "' is not a decimal integer from " + std::to_string(min) + " to " +
                 std::to_string(INT64_MAX);
        return "";
      },
      "", "");
}

CLI::Validator from_user() {
  return CLI::Validator(
      [](std::string& v) {
        v = user_path(v);
        return std::string();
      },
      "", "");
}

CLI::Option* once(CLI::Option* o) { return o->multi_option_policy(CLI::MultiOptionPolicy::Throw); }

void add_json(CLI::App& cmd, bool& json) { once(cmd.add_flag("--json", json, "one JSON document (docs/cli.md)")); }

void add_seed(CLI::App& cmd, uint64_t& seed, const std::string& what) {
  once(cmd.add_option("--seed", seed, what + " (default 0)"))->type_name("N")->check(integer_at_least(0));
}

CLI::Option* add_path(CLI::App& cmd, const std::string& name, std::string& path, const std::string& help) {
  CLI::Option* o = cmd.add_option(name, path, help)->check(nonempty())->transform(from_user());
  return name[0] == '-' ? once(o)->type_name("FILE") : o;
}

void add_root(CLI::App& cmd, std::string& root, const std::string& what) {
  once(cmd.add_option("--root", root, what))->type_name("DIR")->check(nonempty())->transform(from_user());
}

void add_spec_paths(CLI::App& cmd, std::string& root, std::string& spec) {
  add_root(cmd, root, "the workspace holding the machine's spec (default: the workspace)");
  add_path(cmd, "--spec", spec, "the spec itself (default: ROOT's)");
}

void add_rewrite_cycles(CLI::App& cmd, bool& rewrite) {
  once(cmd.add_flag("--rewrite-cycles", rewrite,
                    "write the cycles measured into the committed table instead of holding them to it; say in the "
                    "commit why each row moved"));
}

void add_pipeline_style(CLI::App& cmd, SimOptions::PipelineStyle& style) {
  once(cmd.add_option_function<std::string>(
           "--pipeline-style",
           [&style](const std::string& v) {
             style = v == "stp" ? SimOptions::PipelineStyle::stp : SimOptions::PipelineStyle::flushable;
           },
           "flushable (a stalled trip holds back the later ones; the trips ahead go on) or stp (every trip in flight "
           "waits: UG1399 pipeline style=stp; coupled engine only; docs/timing.md)"))
      ->type_name("STYLE")
      ->check(CLI::IsMember({"flushable", "stp"}))
      ->default_str("flushable");
}

void add_model_only(CLI::App& cmd, bool& model_only) {
  once(cmd.add_flag("--model-only", model_only,
                    "two ways: the reference and the action executor, with no unit body simulated"));
}

}  // namespace loom
