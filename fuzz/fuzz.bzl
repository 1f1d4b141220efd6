"""loom_fuzz_target: a fuzz target, its corpus replay test and its fuzzer."""

load("//layers:cc.bzl", "cc_binary", "cc_library", "cc_test")

def loom_fuzz_target(name, deps):
    """NAME_fuzz.cc, replayed over corpus/NAME by NAME_replay; NAME_fuzzer for fuzz/run.sh."""
    cc_library(
        name = name + "_target",
        srcs = [name + "_fuzz.cc"],
        deps = deps,
        alwayslink = True,
        testonly = True,
    )
    cc_test(
        name = name + "_replay",
        size = "small",
        srcs = ["replay.cc"],
        data = native.glob(["corpus/" + name + "/*"]),
        local_defines = ["LOOM_FUZZ_CORPUS=\\\"fuzz/corpus/" + name + "\\\""],
        deps = [
            ":" + name + "_target",
            "//third_party:catch2_main",
        ],
    )

    # Built only by fuzz/run.sh, with clang and -fsanitize=fuzzer.
    cc_binary(
        name = name + "_fuzzer",
        testonly = True,
        linkopts = ["-fsanitize=fuzzer"],
        tags = ["manual"],
        deps = [":" + name + "_target"],
    )
