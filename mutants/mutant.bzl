"""Mutants as data, each built into its own loom.

A design mutant names a file, an anchor that must occur in it exactly once, its
replacement, what it breaks and the gate expected to catch it (or, for an
equivalent mutant, why nothing can). loom_design_mutant() copies the mutated
machine's zone (its machine package, its unit library and the registry) with
the one change, compiles the zone as a library whose include path resolves to
the copies, and links it into a loom of its own. Everything outside the zone is
the tree's, shared and cached, so a mutant rebuilds only its machine, and
mutants build in parallel and remotely like any other target.

An action-model mutant changes the ISA spec, which is data: its mutated spec is
generated the same way and no loom is rebuilt.
"""

load("//layers:cc.bzl", "cc_binary", "cc_library")

def _mutated_sources_impl(ctx):
    anchor = ctx.actions.declare_file(ctx.label.name + ".anchor")
    ctx.actions.write(anchor, ctx.attr.anchor)
    replacement = ctx.actions.declare_file(ctx.label.name + ".replacement")
    ctx.actions.write(replacement, ctx.attr.replacement)
    witness = ctx.actions.declare_file(ctx.label.name + "/loom_mutant_witness.cc")
    outs = [ctx.actions.declare_file(ctx.label.name + "/" + f.short_path) for f in ctx.files.srcs]
    root = witness.dirname
    ctx.actions.run(
        executable = ctx.executable._apply,
        arguments = [root, ctx.attr.file, anchor.path, replacement.path, witness.path] + [f.path for f in ctx.files.srcs],
        inputs = ctx.files.srcs + [anchor, replacement],
        outputs = outs + [witness],
        mnemonic = "LoomMutant",
        progress_message = "Writing mutant " + ctx.label.name,
    )
    headers = [f for f in outs if f.extension == "h"]
    sources = [f for f in outs if f.extension == "cc"] + [witness]
    others = [f for f in outs if f.extension not in ("h", "cc")]
    return [
        DefaultInfo(files = depset(outs + [witness]), runfiles = ctx.runfiles(files = outs)),
        OutputGroupInfo(hdrs = depset(headers), srcs = depset(sources), data = depset(others)),
    ]

mutated_sources = rule(
    implementation = _mutated_sources_impl,
    attrs = {
        "srcs": attr.label_list(allow_files = True, doc = "the zone's files; `file` among them"),
        "file": attr.string(mandatory = True, doc = "the mutated file's workspace path"),
        "anchor": attr.string(mandatory = True),
        "replacement": attr.string(mandatory = True),
        "_apply": attr.label(default = "//mutants:apply", executable = True, cfg = "exec"),
    },
)

# Each machine's zone: what a mutant of it recompiles, and what the zone links against.
ZONES = {
    "tinytpu": struct(
        # spec/walk.h is the format's, but only TinyTPU's encoding walks it.
        prefixes = ["machines/tinytpu/", "units/library/tinytpu/", "spec/walk.h"],
        files = ["//machines/tinytpu:zone", "//units/library/tinytpu:headers", "//machines:registry.cc", "//spec:walk.h"],
        tests = ["//tests/tinytpu:" + t for t in [
            "action_model_test.cc",
            "assembler_test.cc",
            "encoding_test.cc",
            "isa_check_test.cc",
            "programs_test.cc",
            "region_test.cc",
            "validator_test.cc",
        ]],
        deps = [
            "//actions",
            "//common:csv",
            "//common:files",
            "//common:report",
            "//common:status",
            "//compose:action_view",
            "//compose:architecture",
            "//compose:place",
            "//compose:region",
            "//compose/hls",
            "//compose/sim:sim_report",
            "//compose/sim:simulator",
            "//machines:registry_api",
            "//third_party:cli11",
            "//common:settings_line",
            "//machines:workload",
            "//machines:workload_run",
            "//machines/dottree",
            "//machines/dottree:commands",
            "//machines/example",
            "//spec:action_machine",
            "//spec:constants",
            "//spec:derived_properties",
            "//spec:generate",
            "//spec:isa_spec",
            "//third_party:fmt",
            "//third_party:nlohmann_json",
            "//units:unit",
            "//units:vocabulary",
            "//units/library/tinytpu:hls_sources",
        ],
    ),
    "dottree": struct(
        prefixes = ["machines/dottree/", "units/library/dottree/"],
        files = ["//machines/dottree:zone", "//units/library/dottree:headers", "//machines:registry.cc"],
        tests = ["//tests/dottree:dottree_test.cc"],
        deps = [
            "//actions",
            "//common:report",
            "//common:status",
            "//compose:action_view",
            "//compose:architecture",
            "//compose:place",
            "//compose:region",
            "//compose/hls",
            "//machines:registry_api",
            "//third_party:cli11",
            "//common:settings_line",
            "//machines:workload",
            "//machines:workload_run",
            "//machines/example",
            "//machines/tinytpu",
            "//machines/tinytpu:commands",
            "//machines/tinytpu:hls",
            "//third_party:fmt",
            "//third_party:nlohmann_json",
            "//units:unit",
            "//units:vocabulary",
            "//units/library/dottree:hls_sources",
        ],
    ),
}

ZONES["matvec"] = struct(
    prefixes = ["machines/tutorial/"],
    files = ["//machines/tutorial:sources", "//machines:registry.cc"],
    tests = ["//tests/tutorial:matvec_test.cc"],
    deps = [
        "//actions",
        "//compose:place",
        "//compose:wiring",
        "//machines:registry_api",
        "//machines/dottree",
        "//machines/dottree:action_model",
        "//machines/dottree:commands",
        "//machines/example",
        "//machines/tinytpu",
        "//machines/tinytpu:commands",
        "//machines/tinytpu:hls",
        "//machines/tutorial:units_hls_sources",
        "//units:unit",
        "//units:vocabulary",
    ],
)

def zone_of(file):
    for name, zone in ZONES.items():
        for prefix in zone.prefixes:
            if file.startswith(prefix):
                return name
    fail("no mutant zone holds " + file + "; the zones are " + ", ".join(ZONES.keys()))

def loom_design_mutant(m):
    """A mutant's sources, its zone library and its loom, `<name>_loom`."""
    zone = zone_of(m.file)
    mutated_sources(
        name = m.name,
        srcs = ZONES[zone].files,
        file = m.file,
        anchor = m.anchor,
        replacement = m.replacement,
        tags = ["manual"],
    )
    for group in ["hdrs", "srcs"]:
        native.filegroup(name = m.name + "_" + group, srcs = [":" + m.name], output_group = group, tags = ["manual"])
    cc_library(
        name = m.name + "_zone",
        srcs = [":" + m.name + "_srcs"],
        hdrs = [":" + m.name + "_hdrs"],
        includes = [m.name],
        alwayslink = True,  # the machines the command line reaches only through the registry
        deps = ZONES[zone].deps,
        tags = ["manual"],
    )
    cc_binary(
        name = m.name + "_loom",
        deps = [":" + m.name + "_zone", "//tools:main"],
        tags = ["manual"],
    )

    # The machine's unit tests, compiled against the mutant: the tests gate.
    cc_binary(
        name = m.name + "_tests",
        srcs = ZONES[zone].tests,
        deps = [":" + m.name + "_zone", "//third_party:catch2_main"],
        tags = ["manual"],
    )

def loom_spec_mutant(m):
    """An action-model mutant's spec, `<name>/machines/tinytpu/isa_spec.json`."""
    mutated_sources(
        name = m.name,
        srcs = ["//machines/tinytpu:isa_spec.json"],
        file = "machines/tinytpu/isa_spec.json",
        anchor = m.anchor,
        replacement = m.replacement,
        tags = ["manual"],
    )

def mutant_manifest(name, design, actions):
    """Every mutant as JSON, for the campaign and the anchors' self-test."""
    entries = []
    for m in design:
        entries.append({
            "kind": "design",
            "name": m.name,
            "breaks": m.breaks,
            "file": m.file,
            "anchor": m.anchor,
            "replacement": m.replacement,
            "gate": m.gate,
            "equivalent": getattr(m, "equivalent", ""),
            "machine": zone_of(m.file),
        })
    for m in actions:
        entries.append({
            "kind": "action",
            "name": m.name,
            "breaks": m.breaks,
            "file": "machines/tinytpu/isa_spec.json",
            "anchor": m.anchor,
            "replacement": m.replacement,
            "gate": m.gate,
            "equivalent": "",
            "machine": "tinytpu",
        })
    native.genrule(
        name = name,
        outs = [name + ".json"],
        cmd = "cat > $@ <<'LOOM_MANIFEST_END'\n" + json.encode_indent(entries, indent = "  ").replace("$", "$$") + "\nLOOM_MANIFEST_END",
    )

def core_manifest(name, core):
    """The core mutants as JSON, for //mutants:core_campaign and the anchors' self-test."""
    entries = [{
        "kind": "core",
        "name": m.name,
        "breaks": m.breaks,
        "file": m.file,
        "anchor": m.anchor,
        "replacement": m.replacement,
        "gate": m.gate,
        "tests": m.tests,
    } for m in core]
    native.genrule(
        name = name,
        outs = [name + ".json"],
        cmd = "cat > $@ <<'LOOM_MANIFEST_END'\n" + json.encode_indent(entries, indent = "  ").replace("$", "$$") + "\nLOOM_MANIFEST_END",
    )
