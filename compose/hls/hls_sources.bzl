"""loom_hls_sources: embeds source files for HLS emission (compose/hls/sources.h)."""

load("//layers:cc.bzl", "cc_library")

def loom_hls_sources(name, srcs, visibility = None, testonly = False):
    """A cc_library that embeds `srcs` and registers them when linked in.

    Link it into any binary that emits HLS for units declared in `srcs`: the
    emitter copies a unit's header, and the headers it includes, from here.
    """
    native.genrule(
        name = name + "_embed",
        srcs = srcs,
        outs = [name + "_embedded.cc"],
        cmd = "$(location %s) $@ $(SRCS)" % Label("//compose/hls:embed"),
        tools = [Label("//compose/hls:embed")],
        testonly = testonly,
    )
    cc_library(
        name = name,
        srcs = [name + "_embedded.cc"],
        deps = [Label("//compose/hls:sources")],
        alwayslink = True,
        visibility = visibility,
        testonly = testonly,
    )
