// Running a program without a shell (spawn.h): the PATH search, and
// posix_spawn with the file actions that put the child in its directory and
// send its output to the log.
#include "compose/hls/spawn.h"

#include <fcntl.h>
#include <spawn.h>
#include <sys/stat.h>
#include <sys/wait.h>
#include <unistd.h>

#include <cctype>
#include <cerrno>
#include <cstdlib>
#include <cstring>

extern char** environ;

namespace loom::hls {
namespace {

bool executable_file(const std::string& path) {
  struct stat st;
  return stat(path.c_str(), &st) == 0 && S_ISREG(st.st_mode) && access(path.c_str(), X_OK) == 0;
}

// $PATH, or the system's default when it is unset.
std::string search_path() {
  if (const char* path = std::getenv("PATH"); path != nullptr) return path;
  const size_t size = confstr(_CS_PATH, nullptr, 0);
  if (size == 0) return "/bin:/usr/bin";
  std::string out(size, '\0');
  confstr(_CS_PATH, out.data(), size);
  out.resize(size - 1);  // less the terminating NUL
  return out;
}

// The file actions that give the child its directory, its input and its output.
// 0 or the errno of the first that could not be added.
int child_files(posix_spawn_file_actions_t& actions, const std::string& dir, const std::string& log) {
  if (int e = posix_spawn_file_actions_addchdir_np(&actions, dir.c_str())) return e;
  if (int e = posix_spawn_file_actions_addopen(&actions, STDIN_FILENO, "/dev/null", O_RDONLY, 0)) return e;
  // Opened after the chdir: an absolute `log` is the same file either way.
  if (int e = posix_spawn_file_actions_addopen(&actions, STDOUT_FILENO, log.c_str(), O_WRONLY | O_CREAT | O_APPEND, 0600))
    return e;
  return posix_spawn_file_actions_adddup2(&actions, STDOUT_FILENO, STDERR_FILENO);
}

}  // namespace

std::vector<std::string> split_words(std::string_view command) {
  std::vector<std::string> out;
  size_t i = 0;
  while (i < command.size()) {
    while (i < command.size() && std::isspace(static_cast<unsigned char>(command[i]))) ++i;
    const size_t start = i;
    while (i < command.size() && !std::isspace(static_cast<unsigned char>(command[i]))) ++i;
    if (i > start) out.emplace_back(command.substr(start, i - start));
  }
  return out;
}

std::string find_program(const std::string& program) {
  if (program.empty()) return "";
  if (program.find('/') != std::string::npos) return executable_file(program) ? program : "";
  const std::string path = search_path();
  size_t start = 0;
  while (start <= path.size()) {
    size_t end = path.find(':', start);
    if (end == std::string::npos) end = path.size();
    const std::string dir = path.substr(start, end - start);
    const std::string candidate = (dir.empty() ? "." : dir) + "/" + program;
    if (executable_file(candidate)) return candidate;
    start = end + 1;
  }
  return "";
}

Spawned spawn(const std::string& path, const std::vector<std::string>& argv, const std::string& dir,
              const std::string& log) {
  Spawned out;
  std::vector<char*> args;
  for (const std::string& a : argv) args.push_back(const_cast<char*>(a.c_str()));  // posix_spawn does not write them
  args.push_back(nullptr);
  posix_spawn_file_actions_t actions;
  if (int e = posix_spawn_file_actions_init(&actions)) {
    out.error = std::strerror(e);
    return out;
  }
  pid_t pid = 0;
  int e = child_files(actions, dir, log);
  if (e == 0) e = posix_spawn(&pid, path.c_str(), &actions, nullptr, args.data(), environ);
  posix_spawn_file_actions_destroy(&actions);
  if (e != 0) {
    out.error = std::strerror(e);
    return out;
  }
  out.started = true;
  int status = 0;
  while (waitpid(pid, &status, 0) < 0)
    if (errno != EINTR) {
      out.error = std::strerror(errno);
      return out;
    }
  out.exit_code = WIFEXITED(status) ? WEXITSTATUS(status) : -1;
  return out;
}

}  // namespace loom::hls
