"""Loom's BUILD macros for a workspace of one's own (docs/tutorial.md, section 7).

    load("@loom//:defs.bzl", "loom_binary", "loom_machine", "loom_test", "loom_units")

Each is a cc_ rule with what Loom needs built in: the C++ standard Loom's
headers are written in (layers/cc.bzl), and the Loom targets that kind of
target always depends on. A target of Loom's that is named in `deps` anyway is
not named twice.
"""

load("//compose/hls:hls_sources.bzl", "loom_hls_sources")
load("//layers:cc.bzl", "cc_binary", "cc_library", "cc_test")

def _label_key(label):
    return "//" + label.package + ":" + label.name

def _key(dep):
    # "@loom//actions" is "@loom//actions:actions".
    if type(dep) != "string":
        return "@" + dep.workspace_name + _label_key(dep)
    if ":" not in dep.split("//")[-1]:
        dep = dep + ":" + dep.split("/")[-1]
    return dep

def _with(deps, builtins):
    named = [_key(d) for d in deps]
    return deps + [
        b
        for b in builtins
        if str(b) not in named and "@" + b.workspace_name + _label_key(b) not in named
    ]

def loom_units(name, hdrs, deps = [], testonly = False, **kwargs):
    """A unit library: `hdrs` declare units, and are embedded for `loom hls`.

    `name` is a cc_library of the headers over Loom's unit vocabulary
    (//units:unit); `name_hls_sources` embeds their text, and links into every
    binary that links `name`, so that `loom hls` can copy the headers into the
    projects it writes (compose/hls/hls_sources.bzl).
    """
    loom_hls_sources(
        name = name + "_hls_sources",
        srcs = hdrs,
        testonly = testonly,
    )
    cc_library(
        name = name,
        hdrs = hdrs,
        testonly = testonly,
        deps = _with(deps + [":" + name + "_hls_sources"], [Label("//units:unit")]),
        **kwargs
    )

def loom_machine(name, srcs, deps = [], **kwargs):
    """A machine library: `srcs` register one or more machines with Loom's registry.

    Always linked whole (alwayslink), since nothing calls a machine but its
    registration; it depends on what a machine is written with: actions (its
    action model), composition and wiring, the registry and the units.
    """
    cc_library(
        name = name,
        srcs = srcs,
        alwayslink = True,
        deps = _with(deps, [
            Label("//actions:actions"),
            Label("//compose:place"),
            Label("//compose:wiring"),
            Label("//machines:registry_api"),
            Label("//units:unit"),
        ]),
        **kwargs
    )

def loom_binary(name, machines, deps = [], **kwargs):
    """Loom's command line (tools/loom.cc), offering `machines` beside Loom's own."""
    cc_binary(
        name = name,
        deps = _with(machines + deps, [
            Label("//machines:registry"),
            Label("//tools:main"),
        ]),
        **kwargs
    )

def loom_test(name, srcs, deps = [], size = "small", **kwargs):
    """A Catch2 test (catch2 v2's main), with Loom's simulator and model checks to call."""
    cc_test(
        name = name,
        srcs = srcs,
        size = size,
        deps = _with(deps, [
            Label("//compose/sim:simulator"),
            Label("//machines:model"),
            Label("//third_party:catch2_main"),
        ]),
        **kwargs
    )
