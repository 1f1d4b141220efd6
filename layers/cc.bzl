"""Loom's C++ rules: rules_cc's, each compiling C++20 of itself.

Every Loom BUILD file loads cc_library, cc_binary and cc_test from here, so the
standard comes with the targets and not from a .bazelrc: a workspace of one's
own that maps Loom (examples/external) never reads Loom's .bazelrc, and builds
Loom's targets, and the tools genrules run (the exec configuration), with what
the targets say. The standard goes first, so a target's own copts come after it
and can name another.
"""

load("@rules_cc//cc:defs.bzl", _cc_binary = "cc_binary", _cc_library = "cc_library", _cc_test = "cc_test")

# What every Loom target compiles with. Loom has no C sources; the emitted HLS
# code is C++14, but `loom hls` and its tests compile it with words of their own.
LOOM_COPTS = ["-std=c++20"]

def cc_library(copts = [], **kwargs):
    _cc_library(copts = LOOM_COPTS + copts, **kwargs)

def cc_binary(copts = [], **kwargs):
    _cc_binary(copts = LOOM_COPTS + copts, **kwargs)

def cc_test(copts = [], **kwargs):
    _cc_test(copts = LOOM_COPTS + copts, **kwargs)
