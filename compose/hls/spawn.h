// Running a program without a shell, for the HLS check's compiles: the
// program is looked up in PATH here, started with its argument words as they
// are (posix_spawn), and what it prints is captured in a file and read back.
// No word is ever parsed by a shell, so a name holding a space, a quote, a ';'
// or a '$(...)' is passed on as it is, and nothing in it runs.
#pragma once

#include <string>
#include <string_view>
#include <vector>

namespace loom::hls {

// `command` split on white space into words: "g++ -m64" is {"g++", "-m64"}.
// There is no quoting, so no word holds white space. This is how $CXX, which
// may carry flags after the compiler's name, becomes an argument vector.
std::vector<std::string> split_words(std::string_view command);

// The executable file `program` names, or "" when there is none: `program`
// itself when it holds a '/', else the first directory of $PATH (the
// system's default path when PATH is unset) holding an executable regular
// file of that name. An empty PATH entry is the current directory, as POSIX
// has it.
std::string find_program(const std::string& program);

// How a program run went.
struct Spawned {
  bool started = false;  // false: it could not be started, `error` says why
  int exit_code = -1;    // its exit status; -1 when it was killed by a signal
  std::string error;     // why it could not be started (strerror)
};

// Runs the executable at `path` (find_program's answer) with the argument
// vector `argv` (argv[0] first, by convention the name it was asked for) in
// directory `dir`, with standard input from /dev/null and standard output and
// error appended, in the order written, to the file `log` (created if it does
// not exist), and waits for it to end. The environment is this process's.
Spawned spawn(const std::string& path, const std::vector<std::string>& argv, const std::string& dir,
              const std::string& log);

}  // namespace loom::hls
