"""The sources of a package, for the tests that read the code."""

def source_files():
    """`:source_files`: every .h and .cc of the package, for tests/error_kinds_test.cc."""
    native.filegroup(
        name = "source_files",
        srcs = native.glob([
            "**/*.h",
            "**/*.cc",
        ]),
        visibility = ["//tests:__pkg__"],
    )
