"""loom_dependencies(): the repositories Loom's BUILD files load, declared once.

Loom's own WORKSPACE calls it, and so does a workspace of one's own that maps
Loom (docs/tutorial.md, section 7):

    local_repository(name = "loom", path = "path/to/loom")
    load("@loom//:deps.bzl", "loom_dependencies")
    loom_dependencies()

A repository already declared keeps its declaration, so a workspace may bring
its own before calling this.
"""

def _loom_directory_impl(ctx):
    # `_root` is a label in the repository this file is loaded from: Loom's main
    # repository when Loom builds itself, @loom (wherever its clone is) when a
    # user's workspace does. Its path is resolved only here, in a repository
    # rule: a WORKSPACE macro sees labels but no paths.
    directory = ctx.path(str(ctx.path(ctx.attr._root).dirname) + "/" + ctx.attr.path)
    if not directory.exists:
        fail("Loom has no directory " + ctx.attr.path)
    for child in directory.readdir():
        ctx.symlink(child, child.basename)

# local_repository of a directory of Loom's, by its path in Loom rather than in
# the workspace that declares it (local_repository's own path is the latter's).
_loom_directory = repository_rule(
    implementation = _loom_directory_impl,
    attrs = {
        "path": attr.string(mandatory = True, doc = "the directory, relative to Loom's top"),
        "_root": attr.label(default = Label("//:WORKSPACE"), allow_single_file = True),
    },
    local = True,
)

def loom_dependencies():
    """Declares rules_cc, rules_java, platforms and remote_coverage_tools, unless declared."""

    # Everything is local: the machines reach Debian's archive and nothing else.
    # Bazel 4's bazel_tools loads @rules_cc; Debian's bazel-rules-cc 0.0.4 is too
    # new for it (it fails on use_cpp_toolchain), so a shim re-exports the native
    # rules. `bazel test` resolves @remote_coverage_tools even with coverage off.
    if not native.existing_rule("rules_cc"):
        _loom_directory(name = "rules_cc", path = "third_party/rules_cc")
    if not native.existing_rule("remote_coverage_tools"):
        _loom_directory(name = "remote_coverage_tools", path = "third_party/remote_coverage_tools")

    # Debian's packages (bazel-rules-java, bazel-platforms), which ./bazelw installs.
    if not native.existing_rule("rules_java"):
        native.local_repository(name = "rules_java", path = "/usr/share/bazel/rules/java")
    if not native.existing_rule("platforms"):
        native.local_repository(name = "platforms", path = "/usr/share/bazel/tools/platforms")
