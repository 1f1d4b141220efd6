"""The mutants: each a single-point change to the design or to its action model.

Design mutants (loom_design_mutant): name, breaks (what it breaks, in a
phrase), file, anchor (text that occurs in the file exactly once), replacement,
gate (the first gate expected to catch it: bench, stress, check or tests), and
for an equivalent mutant, equivalent (why no gate can catch it).

Action-model mutants (loom_spec_mutant) change machines/tinytpu/isa_spec.json;
gate is the level expected to notice: rule (refused when the machine is
built), work (a work count the check holds to the headers), run (only a run
shows it: the value the model states changes) or none (nothing shows it).
"""

DESIGN = [
    struct(
        name = "accu_add_subtracts",
        breaks = "the accumulator's adder subtracts",
        file = "units/library/tinytpu/accu.h",
        anchor = "x.lane_signed(l) + y.lane_signed(l);  // the adder wraps",
        replacement = "x.lane_signed(l) - y.lane_signed(l);  // the adder wraps",
        gate = "bench",
    ),
]

ACTIONS = []
