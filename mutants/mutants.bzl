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

_ACCU = "units/library/tinytpu/accu.h"
_DMA_LD = "units/library/tinytpu/dma_ld.h"
_DMA_ST = "units/library/tinytpu/dma_st.h"
_LOOP = "units/library/tinytpu/instruction_loop.h"
_PE = "units/library/tinytpu/pe.h"
_SEQ = "units/library/tinytpu/sequencer.h"
_SPM = "units/library/tinytpu/spm.h"
_VRU = "units/library/tinytpu/vru.h"
_WLD = "units/library/tinytpu/wld.h"
_WORDS = "units/library/tinytpu/words.h"
_DESIGN = "units/library/tinytpu/design.h"
_WALK = "spec/walk.h"
_ASM = "machines/tinytpu/assembler.cc"
_PROG = "machines/tinytpu/program.cc"
_CHECK = "machines/tinytpu/check_program.cc"
_REF = "machines/tinytpu/reference.cc"
_DSL = "machines/tinytpu/isa_dsl.cc"

_D_TREE = "units/library/dottree/tree.h"
_D_MUL = "units/library/dottree/multiply.h"
_D_NUM = "units/library/dottree/numerics.h"
_D_STORE = "units/library/dottree/store.h"
_D_REF = "machines/dottree/reference.h"
_D_MODEL = "machines/dottree/action_model.cc"
_D_MAIN = "machines/dottree/dottree.cc"

TINYTPU = [
    # ---- accu.h: the accumulator and the vector ALU ----
    struct(
        name = "accu_add_subtracts",
        breaks = "the accumulator's adder subtracts",
        file = _ACCU,
        anchor = "x.lane_signed(l) + y.lane_signed(l);  // the adder wraps",
        replacement = "x.lane_signed(l) - y.lane_signed(l);  // the adder wraps",
        gate = "bench",
    ),
    struct(
        name = "accu_add_saturates",
        breaks = "int32 wrap replaced by saturation before the ReLU",
        file = _ACCU,
        anchor = "const Int<d::kAccBits> s = x.lane_signed(l) + y.lane_signed(l);  // the adder wraps",
        replacement = "const int64_t wide = int64_t(x.lane_signed(l)) + int64_t(y.lane_signed(l));\n        const Int<d::kAccBits> s = wide > 2147483647 ? int64_t(2147483647) : wide < -2147483647 - 1 ? int64_t(-2147483647 - 1) : wide;",
        gate = "stress",
    ),
    struct(
        name = "accu_mm_never_accumulates",
        breaks = "mm's acc=1 overwrites instead of accumulating",
        file = _ACCU,
        anchor = "f[2] ? add(io.load(ar, f[3] + r), sums, false) : sums",
        replacement = "sums",
        gate = "bench",
    ),
    struct(
        name = "accu_vaddrelu_no_rectify",
        breaks = "vaddrelu loses its rectify",
        file = _ACCU,
        anchor = "ins.op == d::kVaddrelu));",
        replacement = "false));",
        gate = "stress",
    ),
    struct(
        name = "accu_vadd_reads_a_twice",
        breaks = "vadd reads operand a for b",
        file = _ACCU,
        anchor = "io.load(ar, f[1] + r), ins.op",
        replacement = "io.load(ar, f[0] + r), ins.op",
        gate = "bench",
    ),
    struct(
        name = "accu_vrelu_le_zero",
        breaks = "vrelu rectifies v <= 0 instead of v < 0",
        file = _ACCU,
        anchor = "y.set_lane(l, v < 0 ? Int<d::kAccBits>(0) : v);",
        replacement = "y.set_lane(l, v <= 0 ? Int<d::kAccBits>(0) : v);",
        gate = "none",
        equivalent = "the only value v <= 0 adds to v < 0 is v == 0, which both map to 0",
    ),
    struct(
        name = "accu_clip_hi_off_by_one",
        breaks = "mvout saturates high at 126",
        file = _ACCU,
        anchor = "v > d::kClipHi ? d::kClipHi : v",
        replacement = "v > d::kClipHi - 1 ? d::kClipHi - 1 : v",
        gate = "stress",
    ),
    struct(
        name = "accu_mvout_lanes_below_4",
        breaks = "mvout handles only lanes < 4 (a T=8 build sees it)",
        file = _ACCU,
        anchor = "const int64_t v = (x.lane_signed(l) * d::kScale) >> d::kShift;",
        replacement = "if (l >= 4) continue;\n              const int64_t v = (x.lane_signed(l) * d::kScale) >> d::kShift;",
        gate = "stress",
    ),
    # ---- dma_ld.h, dma_st.h ----
    struct(
        name = "dma_ld_route_swapped",
        breaks = "route 3 (B to vr) loads from A",
        file = _DMA_LD,
        anchor = "route == d::kASpad || route == d::kAVr ?",
        replacement = "route == d::kASpad || route == d::kBVr ?",
        gate = "bench",
    ),
    struct(
        name = "dma_ld_lands_one_short",
        breaks = "dma_ld's landing loop leaves the last word of A and B in DRAM",
        file = _DMA_LD,
        anchor = "for (int64_t w = 0; w < words; ++w) {",
        replacement = "for (int64_t w = 0; w + 1 < words; ++w) {",
        # 16x16x16 reads B's last word (row 15, columns 12 to 15).
        gate = "bench",
    ),
    struct(
        name = "dma_ld_serves_b_from_a",
        breaks = "dma_ld's rows of B come from A's landing buffer",
        file = _DMA_LD,
        anchor = ": io.load(b_onchip, word);",
        replacement = ": io.load(a_onchip, word);",
        gate = "bench",
    ),
    struct(
        name = "dma_st_stride_ignored",
        breaks = "dma_st steps C by 1, not by its stride",
        file = _DMA_ST,
        anchor = "rows.ins.f[1] + rows.t * rows.ins.f[2]",
        replacement = "rows.ins.f[1] + rows.t",
        # Every bench GEMM stores C row-major, at stride MAXDIM / T.
        gate = "bench",
    ),
    # ---- instruction_loop.h ----
    struct(
        name = "instruction_rows_stop_one_early",
        breaks = "every unit's flat instruction loop stops when one trip of its count is left",
        file = _LOOP,
        anchor = "return trips - done > 0;",
        replacement = "return trips - done > 1;",
        gate = "bench",
    ),
    struct(
        name = "instruction_loop_reads_trip_low_bits",
        breaks = "the header's trip count read from 14 of its 15 bits",
        file = _LOOP,
        anchor = "design::kTripCount.get(bits_of(io.read(ctrl)))",
        replacement = "(design::kTripCount.get(bits_of(io.read(ctrl))) & 0x3fff)",
        gate = "stress",
    ),
    # ---- pe.h ----
    struct(
        name = "pe_weight_not_sign_extended",
        breaks = "the PE takes its 16-bit weight unsigned (sign extension lost)",
        file = _PE,
        anchor = "const Int<2 * design::kOperandBits> weight = handed.lane_signed(0);",
        replacement = "const int64_t weight = handed.lane(0);",
        gate = "bench",
    ),
    struct(
        name = "pe_activation_read_unsigned",
        breaks = "activations east read unsigned",
        file = _PE,
        anchor = "a = io.read(a_in).lane_signed(0);",
        replacement = "a = static_cast<int64_t>(io.read(a_in).lane(0));",
        gate = "none",
        equivalent = "a is an Int<kOperandBits>, as wide as the lane: the unsigned 8-bit value wraps back to the same two's complement value on assignment",
    ),
    struct(
        name = "pe_lane_index_below_4",
        breaks = "column-0 PEs take lanes < 4 only (rows 4.. reuse lane 3; a T=8 build sees it)",
        file = _PE,
        anchor = "a = row.lane_signed(static_cast<unsigned>(i));",
        replacement = "a = row.lane_signed(static_cast<unsigned>(i < 4 ? i : 3));",
        gate = "stress",
    ),
    # ---- sequencer.h: the loop and the address walk ----
    struct(
        name = "prefetch_lane7_dup",
        breaks = "the 8-wide prefetch stores lane 6 again as lane 7 (the seed's mutant of the same name)",
        file = _SEQ,
        anchor = "io.store(program, b, beat);",
        replacement = "FetchBeat dup = beat;\n        dup.set_lane(7, beat.lane(6));\n        io.store(program, b, dup);",
        gate = "bench",
    ),
    struct(
        name = "seq_loop_extra_trip",
        breaks = "the sequencer's loop runs one trip too many",
        file = _SEQ,
        anchor = "if (++open[depth - 1].iv < ins.f[0])",
        replacement = "if (++open[depth - 1].iv <= ins.f[0])",
        gate = "bench",
    ),
    struct(
        name = "seq_terms_not_cleared",
        breaks = "address terms stay for the next instruction (a loop mixing termed and plain instructions)",
        file = _SEQ,
        anchor = "      terms = 0;\n      const Control out",
        replacement = "      const Control out",
        gate = "stress",
    ),
    struct(
        name = "seq_term_innermost_level",
        breaks = "every address term steps with the innermost loop, not its own level",
        file = _SEQ,
        anchor = "+= open[level].iv *",
        replacement = "+= open[depth - 1].iv *",
        gate = "bench",
    ),
    struct(
        name = "seq_b_spad_to_vru",
        breaks = "dma_ld B-to-spad dispatched to vru",
        file = _SEQ,
        anchor = "if (f[0] == d::kASpad || f[0] == d::kBSpad) io.write(c_spm, out);",
        replacement = "if (f[0] == d::kASpad) io.write(c_spm, out);",
        gate = "bench",
    ),
    # ---- spm.h, vru.h ----
    struct(
        name = "spm_mm_words_t",
        breaks = "spm counts T words per mm against its header, not T + 1",
        file = _SPM,
        anchor = "return d::spm_words_per_mm(T);",
        replacement = "return T;",
        gate = "bench",
    ),
    struct(
        name = "spm_vld_reads_dst",
        breaks = "vld reads spad at its destination row",
        file = _SPM,
        anchor = "io.write(to_vru, io.load(spad, ins.f[0] + r));",
        replacement = "io.write(to_vru, io.load(spad, ins.f[1] + r));",
        gate = "stress",
    ),
    struct(
        name = "vru_mm_ignores_act",
        breaks = "mm's activations read from vr row 0 on",
        file = _VRU,
        anchor = "io.write(act, io.load(vr, ins.f[1] + r));",
        replacement = "io.write(act, io.load(vr, r));",
        gate = "bench",
    ),
    # ---- wld.h ----
    struct(
        name = "wld_weight_not_sign_extended",
        breaks = "the weight loader hands its 8-bit weight unsigned",
        file = _WLD,
        anchor = "handed.set_lane(0, word.lane_signed(static_cast<unsigned>(j)));",
        replacement = "handed.set_lane(0, word.lane(static_cast<unsigned>(j)));",
        gate = "bench",
    ),
    struct(
        name = "wld_lane_index_below_4",
        breaks = "weight loaders in columns 4.. keep lane 3 (a T=8 build sees it)",
        file = _WLD,
        anchor = "word.lane_signed(static_cast<unsigned>(j))",
        replacement = "word.lane_signed(static_cast<unsigned>(j < 4 ? j : 3))",
        gate = "stress",
    ),
    # ---- words.h ----
    struct(
        name = "words_chain_rows_11_bits",
        breaks = "the weight chain's row count read from 11 of its 12 bits",
        file = _WORDS,
        anchor = "h.field(design::kWeightChainRows.lo, design::kWeightChainRows.bits)",
        replacement = "h.field(design::kWeightChainRows.lo, design::kWeightChainRows.bits - 1)",
        gate = "none",
        equivalent = "the header carries an mm's row count, which comes from the 11-bit rows field (at most 2047), so bit 11 of the 12-bit slice is always 0",
    ),
    struct(
        name = "wld_rows_mod_256",
        breaks = "the weight loader hands its PE an mm's row count mod 256 (an mm of 256+ rows)",
        file = _WLD,
        anchor = "handed.set_lane(1, rows);",
        replacement = "handed.set_lane(1, rows & 0xff);",
        gate = "stress",
    ),
    struct(
        name = "pe_psum_in_16_bits",
        breaks = "a PE reads the partial sum from the north narrowed to 16 bits",
        file = _PE,
        anchor = "if (i > 0) in = io.read(p_in).lane_signed(0);",
        replacement = "if (i > 0) in = static_cast<int16_t>(static_cast<int64_t>(io.read(p_in).lane_signed(0)));",
        gate = "stress",
    ),
    # ---- design.h: the constants ----
    struct(
        name = "design_clip_hi_126",
        breaks = "the design's clip high bound 126",
        file = _DESIGN,
        anchor = "kClipHi = 127;",
        replacement = "kClipHi = 126;",
        gate = "stress",
    ),
    struct(
        name = "design_scale_2",
        breaks = "the design's output scale 2",
        file = _DESIGN,
        anchor = "constexpr int64_t kScale = 1;",
        replacement = "constexpr int64_t kScale = 2;",
        gate = "bench",
    ),
    struct(
        name = "design_ar_latency_2",
        breaks = "ar's declared write latency 2 (the hardware's is 3)",
        file = _DESIGN,
        anchor = "constexpr int kArWriteLatency = 3;",
        replacement = "constexpr int kArWriteLatency = 2;",
        gate = "tests",
    ),
    struct(
        name = "design_agu_stride_9_bits",
        breaks = "the design's agu stride slice 9 bits",
        file = _DESIGN,
        anchor = "kAguStride{5, 10}",
        replacement = "kAguStride{5, 9}",
        gate = "check",
    ),
    struct(
        name = "design_loop_depth_2",
        breaks = "the sequencer's loop stack 2 deep",
        file = _DESIGN,
        anchor = "constexpr int kLoopDepth = 3;",
        replacement = "constexpr int kLoopDepth = 2;",
        gate = "check",
    ),
    struct(
        name = "design_vaddrelu_one_a_row",
        breaks = "accu's vaddrelu share 1 iteration a row",
        file = _DESIGN,
        anchor = "kAccuPerRowVaddrelu = 2,",
        replacement = "kAccuPerRowVaddrelu = 1,",
        gate = "stress",
    ),
    # ---- spec/walk.h: resolve, the walk the reference and validator share ----
    struct(
        name = "resolve_term_uses_outer_iv",
        breaks = "resolve applies every term with L0's iv (mixed-level terms inside a nested loop)",
        file = _WALK,
        anchor = "+= r.iv[static_cast<size_t>(t.level)] * t.stride;",
        replacement = "+= r.iv[0] * t.stride;",
        gate = "bench",
    ),
    struct(
        name = "resolve_field_limit_inclusive",
        breaks = "a field resolving to exactly kFieldLimit is accepted",
        file = _WALK,
        anchor = "if (v >= E::kFieldLimit) {",
        replacement = "if (v > E::kFieldLimit) {",
        gate = "stress",
    ),
    # ---- assembler.cc, program.cc ----
    struct(
        name = "asm_terms_dropped",
        breaks = "the text assembler drops address terms",
        file = _ASM,
        anchor = "terms.push_back({std::string(name), static_cast<int>(level), stride});",
        replacement = "(void)level;",
        gate = "bench",
    ),
    struct(
        name = "asm_header_count_plus_one",
        breaks = "the assembled header words promise one more iteration",
        file = _ASM,
        anchor = "isa::header_word(static_cast<int>(h), a.walk.counts[h]);",
        replacement = "isa::header_word(static_cast<int>(h), a.walk.counts[h] + 1);",
        gate = "bench",
    ),
    struct(
        name = "program_agu_budget_off_by_one",
        breaks = "four address terms pass the AGU budget (the fourth silently dropped)",
        file = _PROG,
        anchor = "if (st.terms.size() > static_cast<size_t>(isa::kAguTerms))",
        replacement = "if (st.terms.size() > static_cast<size_t>(isa::kAguTerms) + 1)",
        gate = "stress",
    ),
    # ---- check_program.cc: the validator ----
    struct(
        name = "check_row_range_one_lenient",
        breaks = "the validator lets a run of rows end one past a memory's last row",
        file = _CHECK,
        anchor = "first + n <= m.count",
        replacement = "first + n <= m.count + 1",
        gate = "stress",
    ),
    struct(
        name = "check_ar_distance_one_short",
        breaks = "the ar distance contract enforced one iteration short",
        file = _CHECK,
        anchor = "< isa::ar_raw_distance(p_)) {",
        replacement = "< isa::ar_raw_distance(p_) - 1) {",
        gate = "stress",
    ),
    struct(
        name = "check_zero_rows_removed",
        breaks = "the zero-rows rule removed",
        file = _CHECK,
        anchor = "if (i.nr == 0)",
        replacement = "if (false)",
        gate = "stress",
    ),
    struct(
        name = "check_vld_copy_written",
        breaks = "a vld's copy of an unwritten spad row counts as written",
        file = _CHECK,
        anchor = "vr_.written[static_cast<size_t>(f[1] + r)] = written;",
        replacement = "vr_.written[static_cast<size_t>(f[1] + r)] = 1;",
        gate = "stress",
    ),
    struct(
        name = "check_accumulate_read_unchecked",
        breaks = "mm's accumulate read of ar no longer checked",
        file = _CHECK,
        anchor = "if (f[2] == 1 && !read(ar_, f[3] + r, w, at))",
        replacement = "if (f[2] == 2 && !read(ar_, f[3] + r, w, at))",
        gate = "stress",
    ),
    # ---- reference.cc ----
    struct(
        name = "ref_mm_never_accumulates",
        breaks = "the reference's mm ignores acc",
        file = _REF,
        anchor = "int64_t sum = o.acc ? s.lane(s.ar, o.dst + row, n) : 0;",
        replacement = "int64_t sum = 0;",
        gate = "bench",
    ),
    struct(
        name = "ref_vaddrelu_no_wrap",
        breaks = "the reference's vaddrelu rectifies the unwrapped sum",
        file = _REF,
        anchor = "std::max<int64_t>(isa::acc(s.lane(s.ar, o.a + row, l) + s.lane(s.ar, o.b + row, l)), 0);",
        replacement = "isa::acc(std::max<int64_t>(s.lane(s.ar, o.a + row, l) + s.lane(s.ar, o.b + row, l), 0));",
        gate = "stress",
    ),
    struct(
        name = "ref_vrelu_lanes_below_4",
        breaks = "the reference's vrelu handles lanes < 4 only (a T=8 build sees it)",
        file = _REF,
        anchor = "for (int64_t l = 0; l < T; ++l) s.lane(s.ar, o.dst + row, l) = std::max<int64_t>(s.lane(s.ar, o.a + row, l), 0);",
        replacement = "for (int64_t l = 0; l < T && l < 4; ++l) s.lane(s.ar, o.dst + row, l) = std::max<int64_t>(s.lane(s.ar, o.a + row, l), 0);",
        gate = "stress",
    ),
    struct(
        name = "ref_triple_loop_no_relu",
        breaks = "the plain triple-loop GEMM forgets the ReLU",
        file = _REF,
        anchor = "if (relu) sum = std::max<int64_t>(sum, 0);",
        replacement = "(void)relu;",
        gate = "bench",
    ),
    # ---- isa_dsl.cc: the program generator ----
    struct(
        name = "dsl_gemm_act_not_stepped",
        breaks = "the looped GEMM's accumulating mm reads the same k-tile of activations every trip",
        file = _DSL,
        anchor = "{\"act\", 1, M}",
        replacement = "{\"act\", 1, 0}",
        gate = "bench",
    ),
    struct(
        name = "dsl_random_distance_short",
        breaks = "the random generator reads ar one iteration inside AR_RAW_DIST",
        file = _DSL,
        anchor = "at - written_at < p_.AR_RAW_DIST",
        replacement = "at - written_at < p_.AR_RAW_DIST - 1",
        gate = "stress",
    ),
]

DOTTREE = [
    struct(
        name = "dt_tree_half_reads_node_1",
        breaks = "the half tap's second lane reads node 1",
        file = _D_TREE,
        anchor = "N::put(half, 1, N::get(io.load(node, 2), 0));",
        replacement = "N::put(half, 1, N::get(io.load(node, 1), 0));",
        gate = "bench",
    ),
    struct(
        name = "dt_tree_leaves_reversed",
        breaks = "the leaves enter the tree in reverse order (the root's sum is the same)",
        file = _D_TREE,
        anchor = "io.store(node, N::first_leaf + l, leaf);",
        replacement = "io.store(node, N::first_leaf + (N::lanes - 1 - l), leaf);",
        gate = "bench",
    ),
    struct(
        name = "dt_exact_sum_narrowed",
        breaks = "EXACT sums a bit narrower than a bit a level",
        file = _D_NUM,
        anchor = "sum_bits = LeafBits + levels(Lanes);",
        replacement = "sum_bits = LeafBits + levels(Lanes) - 1;",
        gate = "bench",
    ),
    struct(
        name = "dt_multiply_wrong_lane",
        breaks = "EXACT multiplies every lane by W's lane 0",
        file = _D_NUM,
        anchor = "return Value(x.lane_signed(lane) * w.lane_signed(lane));",
        replacement = "return Value(x.lane_signed(lane) * w.lane_signed(0));",
        gate = "bench",
    ),
    struct(
        name = "dt_rounding_add_via_double",
        breaks = "ROUNDING adds in double, then rounds to float",
        file = _D_NUM,
        anchor = "static Value add(Value a, Value b) { return a + b; }",
        replacement = "static Value add(Value a, Value b) { return static_cast<float>(static_cast<double>(a) + static_cast<double>(b)); }",
        gate = "none",
        equivalent = "double has 53 >= 2 * 24 + 2 significand bits, so the double sum of two floats rounded to float is the correctly rounded float sum (double rounding is innocuous for +); overflow, subnormals, signed zeros and NaN-ness agree",
    ),
    struct(
        name = "dt_multiply_x_lane_shifted",
        breaks = "the multiply stage rotates its products a lane",
        file = _D_MUL,
        anchor = "N::put(products, l, N::product(x, w, l));",
        replacement = "N::put(products, (l + 1) % N::lanes, N::product(x, w, l));",
        gate = "bench",
    ),
    struct(
        name = "dt_store_half_rows_reversed",
        breaks = "the store writes H's rows in reverse",
        file = _D_STORE,
        anchor = "io.store(H, r, io.read(tap_half));",
        replacement = "io.store(H, io.param(rows) - 1 - r, io.read(tap_half));",
        gate = "bench",
    ),
    struct(
        name = "dt_ref_root_sequential",
        breaks = "the reference's root sums left to right, not in the tree's order",
        file = _D_REF,
        anchor = "const Plain<N> sums[] = {tree_sum(p, 0, N::lanes),",
        replacement = "const Plain<N> sums[] = {sequential_sum(p),",
        gate = "exec",
    ),
    struct(
        name = "dt_model_taps_leave_later",
        breaks = "the action model's calendar: taps leave a cycle later",
        file = _D_MODEL,
        anchor = "kFoldLands = 2, kTapsLeave = 2;",
        replacement = "kFoldLands = 2, kTapsLeave = 3;",
        gate = "rule",
    ),
    struct(
        name = "dt_model_fold_earlier_taps_later",
        breaks = "the action model's calendar: the fold lands a cycle sooner and the taps leave one later (same span)",
        file = _D_MODEL,
        anchor = "kFoldLands = 2, kTapsLeave = 2;",
        replacement = "kFoldLands = 1, kTapsLeave = 3;",
        gate = "check",
    ),
    struct(
        name = "dt_model_tap_reads_two",
        breaks = "the action model books one read of the half tap's two nodes, not two",
        file = _D_MODEL,
        anchor = "rows(\"node\", 1, 2, 0), {\"sums\"}).times(2);",
        replacement = "rows(\"node\", 1, 2, 0), {\"sums\"}).times(1);",
        gate = "check",
    ),
    struct(
        name = "dt_widest_never_drawn",
        breaks = "the EXACT workload never draws the widest sums",
        file = _D_MAIN,
        anchor = "const bool widest = N::exact && seed % 2 == 1;",
        replacement = "const bool widest = N::exact && seed % 2 == 7;",
        gate = "tests",
    ),
]

_MATVEC = "machines/tutorial/matvec.cc"

# Action-model mutants of the machines whose models are C++ beside their
# registrations: DotTree's (machines/dottree/action_model.cc) and the
# tutorial's matvec (machines/tutorial/matvec.cc). Each is caught without
# running a unit body: refused by `loom project` (rule), or by the executor
# against the reference (exec, `loom conform --model-only`).
MODELS = [
    struct(
        name = "dt_act_mul_as_add",
        breaks = "DotTree's multiply declared as an add",
        file = _D_MODEL,
        anchor = "b.compute(\"multiply\", \"mul\", \"mul\", {\"x\", \"w\"}, \"p\");",
        replacement = "b.compute(\"multiply\", \"mul\", \"add\", {\"x\", \"w\"}, \"p\");",
        gate = "rule",
    ),
    struct(
        name = "dt_act_x_row_fixed",
        breaks = "DotTree's multiply reads X's first row every row",
        file = _D_MODEL,
        anchor = "b.load(\"multiply\", \"X.read\", \"x\", rows(\"X\"));",
        replacement = "b.load(\"multiply\", \"X.read\", \"x\", rows(\"X\", 0, 1, 0));",
        gate = "exec",
    ),
    struct(
        name = "dt_act_leaves_one_node_on",
        breaks = "DotTree's leaves stored a node past where the tree reads them",
        file = _D_MODEL,
        anchor = "rows(\"node\", lanes - 1, lanes, 0)",
        replacement = "rows(\"node\", lanes, lanes, 0)",
        gate = "exec",
    ),
    struct(
        name = "dt_act_root_reads_node_1",
        breaks = "DotTree's root tap reads node 1, not the root",
        file = _D_MODEL,
        anchor = "b.load(\"tree\", \"node.read\", \"root\", rows(\"node\", 0, 1, 0), {\"sums\"});",
        replacement = "b.load(\"tree\", \"node.read\", \"root\", rows(\"node\", 1, 1, 0), {\"sums\"});",
        gate = "exec",
    ),
    struct(
        name = "dt_act_half_sent_on_root",
        breaks = "DotTree's half tap sent down the root's channel",
        file = _D_MODEL,
        anchor = "b.send(\"tree\", \"tap_half\", \"half\")",
        replacement = "b.send(\"tree\", \"tap_root\", \"half\")",
        gate = "rule",
    ),
    struct(
        name = "dt_act_h_stores_s",
        breaks = "DotTree's store writes the root into H",
        file = _D_MODEL,
        anchor = "b.store(\"store\", \"H.write\", {\"h\"}, rows(\"H\"));",
        replacement = "b.store(\"store\", \"H.write\", {\"s\"}, rows(\"H\"));",
        gate = "rule",
    ),
    struct(
        name = "dt_act_fold_half_the_leaves",
        breaks = "DotTree's fold declared over half the lanes",
        file = _D_MODEL,
        anchor = ".leaves(lanes)",
        replacement = ".leaves(lanes / 2)",
        gate = "rule",
    ),
    struct(
        name = "dt_act_products_leave_later",
        breaks = "DotTree's products declared to leave two cycles after the operands",
        file = _D_MODEL,
        anchor = "kProductsLeave = 1,",
        replacement = "kProductsLeave = 2,",
        gate = "rule",
    ),
    struct(
        name = "mv_act_w_row_fixed",
        breaks = "matvec's loader reads W's first row for every row",
        file = _MATVEC,
        anchor = "rows(\"W\", 0, words, words)",
        replacement = "rows(\"W\", 0, words, 0)",
        gate = "exec",
    ),
    struct(
        name = "mv_act_mac_as_mul",
        breaks = "matvec's dot product declared as a lane multiply",
        file = _MATVEC,
        anchor = "b.compute(\"pe\", \"mac\", \"mac\",",
        replacement = "b.compute(\"pe\", \"mac\", \"mul\",",
        gate = "rule",
    ),
    struct(
        name = "mv_act_y_on_x_down",
        breaks = "matvec's PE sends its partial sum down its column, not east",
        file = _MATVEC,
        anchor = "b.send(\"pe\", \"p\", \"y\");",
        replacement = "b.send(\"pe\", \"x_down\", \"y\");",
        gate = "exec",
    ),
    struct(
        name = "mv_act_store_on_x_down",
        breaks = "matvec's store receives from the grid's columns",
        file = _MATVEC,
        anchor = "b.receive(\"store\", \"p\", \"result\");",
        replacement = "b.receive(\"store\", \"x_down\", \"result\");",
        gate = "rule",
    ),
    struct(
        name = "mv_act_x_every_row",
        breaks = "matvec's loader loads x every row, not once",
        file = _MATVEC,
        anchor = "rows(\"X\", 0, words, 0)).times(words).once();",
        replacement = "rows(\"X\", 0, words, 0)).times(words);",
        gate = "exec",
    ),
    struct(
        name = "mv_act_y_into_first_row",
        breaks = "matvec's store writes every result to Y's first row",
        file = _MATVEC,
        anchor = "b.store(\"store\", \"Y.write\", {\"result\"}, rows(\"Y\"));",
        replacement = "b.store(\"store\", \"Y.write\", {\"result\"}, rows(\"Y\", 0, 1, 0));",
        gate = "exec",
    ),
    struct(
        name = "mv_act_mac_x_by_x",
        breaks = "matvec's PE multiplies x by itself, not by W's row",
        file = _MATVEC,
        anchor = "{\"vector\", \"matrix_row\"}, \"y\")",
        replacement = "{\"vector\", \"vector\"}, \"y\")",
        gate = "rule",
    ),
]

DESIGN = TINYTPU + DOTTREE + MODELS

ACTIONS = [
    struct(
        name = "act_vadd_loads_b_for_a",
        breaks = "vadd's first operand declared as a load of b",
        anchor = "\"base\": \"a\"}, \"produces\": \"x\"},\n       {\"unit\": \"accu\", \"port\": \"ar.read\", \"op\": \"load\", \"reads\": {\"state\": \"ar\", \"base\": \"b\"}, \"produces\": \"y\"},\n       {\"unit\": \"accu\", \"port\": \"alu\", \"op\": \"add\", \"bits\": 32, \"takes\": [\"x\", \"y\"], \"produces\": \"s\"},\n       {\"unit\": \"accu\", \"port\": \"ar.write\", \"op\": \"store\", \"takes\": [\"s\"]",
        replacement = "\"base\": \"b\"}, \"produces\": \"x\"},\n       {\"unit\": \"accu\", \"port\": \"ar.read\", \"op\": \"load\", \"reads\": {\"state\": \"ar\", \"base\": \"b\"}, \"produces\": \"y\"},\n       {\"unit\": \"accu\", \"port\": \"alu\", \"op\": \"add\", \"bits\": 32, \"takes\": [\"x\", \"y\"], \"produces\": \"s\"},\n       {\"unit\": \"accu\", \"port\": \"ar.write\", \"op\": \"store\", \"takes\": [\"s\"]",
        gate = "exec",
    ),
    struct(
        name = "act_vadd_subtracts",
        breaks = "vadd's add declared as a subtract",
        anchor = "\"op\": \"add\", \"bits\": 32, \"takes\": [\"x\", \"y\"], \"produces\": \"s\"},\n       {\"unit\": \"accu\", \"port\": \"ar.write\", \"op\": \"store\", \"takes\": [\"s\"]",
        replacement = "\"op\": \"sub\", \"bits\": 32, \"takes\": [\"x\", \"y\"], \"produces\": \"s\"},\n       {\"unit\": \"accu\", \"port\": \"ar.write\", \"op\": \"store\", \"takes\": [\"s\"]",
        gate = "rule",
    ),
    struct(
        name = "act_vaddrelu_no_rectify",
        breaks = "vaddrelu loses its rectify action",
        anchor = "{\"unit\": \"accu\", \"port\": \"alu\", \"op\": \"rectify\", \"takes\": [\"s\"], \"produces\": \"r\"},\n       {\"unit\": \"accu\", \"port\": \"ar.write\", \"op\": \"store\", \"takes\": [\"r\"]",
        replacement = "{\"unit\": \"accu\", \"port\": \"ar.write\", \"op\": \"store\", \"takes\": [\"s\"]",
        gate = "exec",
    ),
    struct(
        name = "act_mm_old_read_unpredicated",
        breaks = "mm's accumulate read of ar loses its when",
        anchor = "\"produces\": \"old\", \"when\": {\"operand\": \"acc\", \"in\": [1]}}",
        replacement = "\"produces\": \"old\"}",
        gate = "rule",
    ),
    struct(
        name = "act_dma_ld_b_ignores_src",
        breaks = "dma_ld's load of B ignores its column block (src)",
        anchor = "\"reads\": {\"state\": \"B\", \"base\": \"src\", \"stride\": \"stride\"}",
        replacement = "\"reads\": {\"state\": \"B\", \"base\": \"dst\", \"stride\": \"stride\"}",
        gate = "exec",
    ),
    struct(
        name = "act_mvout_store_wrong_row",
        breaks = "mvout stores to C at src, not dst",
        anchor = "\"writes\": {\"state\": \"C\", \"base\": \"dst\", \"stride\": \"stride\"}",
        replacement = "\"writes\": {\"state\": \"C\", \"base\": \"src\", \"stride\": \"stride\"}",
        gate = "exec",
    ),
    struct(
        name = "act_alu_capacity_1",
        breaks = "the vector ALU's capacity halved to one lane operation a cycle",
        anchor = "\"capacity\": 2,",
        replacement = "\"capacity\": 1,",
        gate = "none",
    ),
    struct(
        name = "act_cw_lanes_8_bits",
        breaks = "the cw channel's lanes declared 8 bits",
        anchor = "{\"name\": \"cw\", \"lanes\": \"T\", \"lane_bits\": \"32\"}",
        replacement = "{\"name\": \"cw\", \"lanes\": \"T\", \"lane_bits\": \"8\"}",
        gate = "rule",
    ),
    struct(
        name = "act_vld_store_removed",
        breaks = "vld's store into vr removed",
        anchor = ",\n       {\"unit\": \"vru\", \"port\": \"vr.write\", \"op\": \"store\", \"takes\": [\"copy\"], \"writes\": {\"state\": \"vr\", \"base\": \"dst\"}}]",
        replacement = "]",
        gate = "rule",
    ),
    struct(
        name = "act_vld_read_duplicated",
        breaks = "vld's spad read duplicated",
        anchor = "{\"unit\": \"spm\", \"port\": \"spad.read\", \"op\": \"load\", \"reads\": {\"state\": \"spad\", \"base\": \"src\"}, \"produces\": \"row\"},",
        replacement = "{\"unit\": \"spm\", \"port\": \"spad.read\", \"op\": \"load\", \"reads\": {\"state\": \"spad\", \"base\": \"src\"}, \"produces\": \"row\"},\n       {\"unit\": \"spm\", \"port\": \"spad.read\", \"op\": \"load\", \"reads\": {\"state\": \"spad\", \"base\": \"src\"}, \"produces\": \"row\"},",
        gate = "work",
    ),
    struct(
        name = "act_vld_wrong_via",
        breaks = "vld's send goes via dma2vr, not sp2vr",
        anchor = "{\"unit\": \"spm\", \"port\": \"sp2vr\", \"op\": \"send\", \"takes\": [\"row\"], \"via\": \"sp2vr\"}",
        replacement = "{\"unit\": \"spm\", \"port\": \"sp2vr\", \"op\": \"send\", \"takes\": [\"row\"], \"via\": \"dma2vr\"}",
        gate = "rule",
    ),
    struct(
        name = "act_mvout_via_no_channel",
        breaks = "mvout's send names a channel nothing composes",
        anchor = "{\"unit\": \"accu\", \"port\": \"ac2st\", \"op\": \"send\", \"takes\": [\"c\"], \"via\": \"ac2st\"}",
        replacement = "{\"unit\": \"accu\", \"port\": \"ac2st\", \"op\": \"send\", \"takes\": [\"c\"], \"via\": \"ac2dst\"}",
        gate = "rule",
    ),
    struct(
        name = "act_mvout_unknown_port",
        breaks = "mvout's store names a port dma_st does not have",
        anchor = "\"port\": \"C.write\", \"op\": \"store\"",
        replacement = "\"port\": \"C.store\", \"op\": \"store\"",
        gate = "rule",
    ),
    struct(
        name = "act_vrelu_rectify_before_load",
        breaks = "vrelu rectifies x before the load produces it",
        anchor = "{\"unit\": \"accu\", \"port\": \"ar.read\", \"op\": \"load\", \"reads\": {\"state\": \"ar\", \"base\": \"a\"}, \"produces\": \"x\"},\n       {\"unit\": \"accu\", \"port\": \"alu\", \"op\": \"rectify\", \"takes\": [\"x\"], \"produces\": \"r\"},",
        replacement = "{\"unit\": \"accu\", \"port\": \"alu\", \"op\": \"rectify\", \"takes\": [\"x\"], \"produces\": \"r\"},\n       {\"unit\": \"accu\", \"port\": \"ar.read\", \"op\": \"load\", \"reads\": {\"state\": \"ar\", \"base\": \"a\"}, \"produces\": \"x\"},",
        gate = "rule",
    ),
    struct(
        name = "act_mm_wcol_times_t_plus_2",
        breaks = "spm sends T + 2 words per mm down wcol",
        anchor = "\"takes\": [\"w\"], \"via\": \"wcol\", \"times\": \"T + 1\"",
        replacement = "\"takes\": [\"w\"], \"via\": \"wcol\", \"times\": \"T + 2\"",
        gate = "work",
    ),
    struct(
        name = "act_dma_ld_b_when_wrong",
        breaks = "dma_ld loads B for routes 1 and 2",
        anchor = "\"reads\": {\"state\": \"B\", \"base\": \"src\", \"stride\": \"stride\"}, \"produces\": \"row\", \"when\": {\"operand\": \"route\", \"in\": [1, 3]}}",
        replacement = "\"reads\": {\"state\": \"B\", \"base\": \"src\", \"stride\": \"stride\"}, \"produces\": \"row\", \"when\": {\"operand\": \"route\", \"in\": [1, 2]}}",
        gate = "work",
    ),
    struct(
        name = "act_dispatch_alias_lacks_c_dst",
        breaks = "the dispatch port no longer stands for c_dst",
        anchor = "\"alias\": [\"c_dld\", \"c_spm\", \"c_vru\", \"c_acc\", \"c_dst\"]",
        replacement = "\"alias\": [\"c_dld\", \"c_spm\", \"c_vru\", \"c_acc\"]",
        gate = "rule",
    ),
    struct(
        name = "act_mm_overwrite_to_act",
        breaks = "mm's overwrite stores ar at act, not dst",
        anchor = "\"takes\": [\"s\"], \"writes\": {\"state\": \"ar\", \"base\": \"dst\"}, \"when\": {\"operand\": \"acc\", \"in\": [0]}}",
        replacement = "\"takes\": [\"s\"], \"writes\": {\"state\": \"ar\", \"base\": \"act\"}, \"when\": {\"operand\": \"acc\", \"in\": [0]}}",
        gate = "exec",
    ),
    struct(
        name = "act_machine_rounding",
        breaks = "the machine's numerics declared rounding",
        anchor = "\"numerics\": \"exact\",",
        replacement = "\"numerics\": \"rounding\",",
        gate = "check",
    ),
    struct(
        name = "act_vrelu_reads_dst",
        breaks = "vrelu loads ar at dst, not a",
        anchor = "\"reads\": {\"state\": \"ar\", \"base\": \"a\"}, \"produces\": \"x\"},\n       {\"unit\": \"accu\", \"port\": \"alu\", \"op\": \"rectify\"",
        replacement = "\"reads\": {\"state\": \"ar\", \"base\": \"dst\"}, \"produces\": \"x\"},\n       {\"unit\": \"accu\", \"port\": \"alu\", \"op\": \"rectify\"",
        gate = "exec",
    ),
]

# Core mutants: single-point changes outside any machine's zone (the emitter,
# the simulator's clock, parameter resolution, the spec readers, the Action
# layer's booking, the gates' own checks, the float rule, a design constant,
# a unit's timing), one per class of escape the issue-26 campaign found. Each
# names the tests expected to fail on it; //mutants:core_campaign builds and
# runs them in a scratch clone of the tree, one mutant at a time. gate is
# "tests" (a test fails) or "build" (the tree refuses to compile it).
_EMIT_TESTBENCH = "compose/hls/emit_testbench.cc"
_EMIT_TOP = "compose/hls/emit_top.cc"
_CLOCK = "compose/sim/process_clock.h"

CORE = [
    struct(
        name = "hls_tb_skips_last_row",
        breaks = "the emitted testbench compares every element but the last",
        file = _EMIT_TESTBENCH,
        anchor = "  for (int64_t r = 0; r < rows; ++r)\n    for (int c = 0; c < chunks; ++c) {",
        replacement = "  for (int64_t r = 0; r + 1 < rows; ++r)\n    for (int c = 0; c < chunks; ++c) {",
        gate = "tests",
        tests = ["//tests/hls:csim_test"],
    ),
    struct(
        name = "hls_tb_first_limb_only",
        breaks = "the emitted testbench compares only the first 64 bits of each word",
        file = _EMIT_TESTBENCH,
        anchor = "  for (int64_t r = 0; r < rows; ++r)\n    for (int c = 0; c < chunks; ++c) {",
        replacement = "  for (int64_t r = 0; r < rows; ++r)\n    for (int c = 0; c < 1; ++c) {",
        gate = "tests",
        tests = ["//tests/hls:csim_test"],
    ),
    struct(
        name = "hls_tb_nan_matches_anything",
        breaks = "the testbench lets an expected NaN, or a NaN got, match any value",
        file = _EMIT_TESTBENCH,
        anchor = "if (loom_nan32(want >> (32 * half)) && loom_nan32(got >> (32 * half)))",
        replacement = "if (loom_nan32(want >> (32 * half)) || loom_nan32(got >> (32 * half)))",
        gate = "tests",
        tests = ["//tests/hls:csim_test"],
    ),
    struct(
        name = "hls_axi_depth_plus_one",
        breaks = "an m_axi depth= one larger than the testbench's array",
        file = _EMIT_TOP,
        anchor = "{\"depth\", std::to_string(arg.size)}",
        replacement = "{\"depth\", std::to_string(arg.size + 1)}",
        gate = "tests",
        tests = ["//tests/hls:emitted_values_test"],
    ),
    struct(
        name = "compare_rows_skips_last_row",
        breaks = "the simulator's check against the reference skips the last row",
        file = "machines/workload.h",
        anchor = "for (size_t r = 0; r < expected.size() && r < simulated.size(); ++r)",
        replacement = "for (size_t r = 0; r + 1 < expected.size() && r < simulated.size(); ++r)",
        gate = "tests",
        tests = ["//tests:every_machine_test"],
    ),
    struct(
        name = "param_accepts_max_plus_one",
        breaks = "a parameter's declared range accepts its maximum plus one",
        file = "units/parameter_set.cc",
        anchor = "if (value < target->min || value > target->max)",
        replacement = "if (value < target->min || value > target->max + 1)",
        gate = "tests",
        tests = ["//tests:every_machine_test"],
    ),
    struct(
        name = "walk_loop_one_deeper",
        breaks = "the spec walk lets loops nest one past the declared depth",
        file = "spec/walk.h",
        anchor = "if (r.depth == E::kLoopDepth) return fault(Fault::loop_too_deep, pc);",
        replacement = "if (r.depth == E::kLoopDepth + 1) return fault(Fault::loop_too_deep, pc);",
        gate = "tests",
        tests = ["//tests/tinytpu:limits_test"],
    ),
    struct(
        name = "spec_param_window_min_off",
        breaks = "a spec parameter's min one below the window is accepted",
        file = "spec/isa_spec.cc",
        anchor = "if (p.min < -kWidestParameter)",
        replacement = "if (p.min < -kWidestParameter - 1)",
        gate = "tests",
        tests = ["//tests/spec:limits_test"],
    ),
    struct(
        name = "expr_one_level_deeper",
        breaks = "an expression nests one level past its declared depth",
        file = "spec/expr.cc",
        anchor = "static constexpr int kMaxDepth = 2 + 2 * Expr::kMaxParentheses;",
        replacement = "static constexpr int kMaxDepth = 3 + 2 * Expr::kMaxParentheses;",
        gate = "build",  # the static_assert that one bound serves both
        tests = ["//tests/spec:limits_test"],
    ),
    struct(
        name = "watchdog_cycles_disarmed",
        breaks = "the clock's cycle alarm is never set: only a process that blocks meets the cycle bound",
        file = _CLOCK,
        anchor = "    bound_ = bound;",
        replacement = "    bound_ = bound < 0 ? bound : INT64_MAX;",
        gate = "tests",
        tests = ["//tests/tinytpu:region_test"],  # bench: its gate controls (gates.cc Gate::controls)
    ),
    struct(
        name = "busy_absorbs_write_stalls",
        breaks = "a process's busy count absorbs its write-blocked stalls",
        file = _CLOCK,
        anchor = "int64_t busy() const { return finish() - start_ - stalled_empty() - stalled_full() - stalled_dram(); }",
        replacement = "int64_t busy() const { return finish() - start_ - stalled_empty() - stalled_dram(); }",
        gate = "tests",
        tests = ["//tests/tinytpu:region_test"],  # bench: each run's counters against its timeline
    ),
    struct(
        name = "book_initiation_floors",
        breaks = "an initiation on a non-integral rate rounds down",
        file = "actions/book.cc",
        anchor = "b.initiation = std::max(b.initiation, (n + capacity - 1) / capacity);",
        replacement = "b.initiation = std::max(b.initiation, n / capacity);",
        gate = "tests",
        tests = ["//tests/actions:actions_test"],
    ),
    struct(
        name = "cost_argument_read_latency_zero",
        breaks = "the static cost lands the DRAM image with read latency 0: an argument's m_axi read costs nothing",
        file = "machines/tinytpu/action_model.cc",
        anchor = "c.landing = loop_cycles(program.params.DRAM_WORDS, landed_from->read_latency, dma_ld->depth);",
        replacement = "c.landing = loop_cycles(program.params.DRAM_WORDS, 0, dma_ld->depth);",
        gate = "tests",
        tests = ["//tests:cli_verbs_test"],  # `loom cost --bench`, the 5% band a user runs
    ),
    struct(
        name = "trace_timer_ignores_depths",
        breaks = "the trace timer times every FIFO at its declared depth, whatever depths it is asked",
        file = "compose/sim/trace_timer.cc",
        anchor = "options_.depths.empty() ? region_.channels[c].depth : options_.depths[c]);",
        replacement = "region_.channels[c].depth);",
        gate = "tests",
        tests = ["//tests:cli_test"],  # `loom fifo` re-simulates its depths and names the run
    ),
    struct(
        name = "fifo_search_checks_critical_runs_only",
        breaks = "the FIFO search holds its result only to the critical runs, not to every run",
        file = "compose/sim/fifo_search.cc",
        anchor = "const std::vector<size_t> failing = failing_runs(depths, all_runs());",
        replacement = "const std::vector<size_t> failing = failing_runs(depths, critical_);",
        gate = "tests",
        tests = ["//tests:cli_test"],  # `loom fifo --machine tinytpu`: a run the search never timed there
    ),
    struct(
        name = "hls_depths_never_applied",
        breaks = "`loom hls --depths` never hands the depths asked to the project",
        file = "tools/cli.cc",
        anchor = "h.depths = settings.value();",
        replacement = "h.depths = {};",
        gate = "tests",
        tests = ["//tests:cli_test"],  # the stream pragmas read back: hls-depth-mismatch
    ),
    struct(
        name = "axi_read_never_splits_at_page",
        breaks = "a read burst runs on across a 4 KiB boundary: only burst_beats splits it",
        file = "compose/sim/internal/sim_axi.h",
        anchor = "if (at % kAxiBurstBoundaryBytes == 0 || (new_beat && beats == timing.burst_beats)) {",
        replacement = "if (new_beat && beats == timing.burst_beats) {",
        gate = "tests",
        # TinyTPU's bench lands A and B from word 0 in 16-beat pieces of 64 bytes, so
        # every page boundary is a piece boundary too and no bench run can see it.
        tests = ["//tests:sim_timing_test"],
    ),
    struct(
        name = "conform_never_compares_bodies",
        breaks = "conformance compares the reference with the action executor only: the unit bodies go unread",
        file = "machines/conform.cc",
        anchor = "if (same(r, e) && same(e, b)) continue;",
        replacement = "if (same(r, e)) continue;",
        gate = "tests",
        tests = ["//tests/tinytpu:region_test"],  # bench: its gate controls (gates.cc Gate::controls)
    ),
    struct(
        name = "ii_budget_one_access_more",
        breaks = "a stream port may be used II + 1 times in one trip of a pipelined loop",
        file = _CLOCK,
        anchor = "if (k >= pipeline_.ii && kind != kMemory) over_ = true;",
        replacement = "if (k > pipeline_.ii && kind != kMemory) over_ = true;",
        gate = "tests",
        tests = ["//tests:sim_timing_test"],
    ),
    struct(
        name = "ii_budget_last_trip_unchecked",
        breaks = "a body's last trip is never held to its II budget",
        file = "compose/sim/process.h",
        anchor = "  void finish_body() {\n    if (over_budget_ || clock_.over_budget()) over_budget();",
        replacement = "  void finish_body() {",
        gate = "tests",
        tests = ["//tests:sim_timing_test"],
    ),
    struct(
        name = "parked_horizon_at_parked_access",
        breaks = "a parked process's horizon is its parked access's cycle, though a later access of its iteration may take an earlier stage",
        file = "compose/sim/simulator.cc",
        anchor = "int64_t horizon(const SimProcess& q) override { return horizon(static_cast<const Task&>(q), false); }",
        replacement = "int64_t horizon(const SimProcess& q) override { return horizon(static_cast<const Task&>(q), true); }",
        gate = "tests",
        tests = ["//tests:nonblocking_test"],
    ),
    struct(
        name = "broken_promise_unchecked",
        breaks = "an access that breaks a promise given on trust is let stand",
        file = "compose/sim/process.h",
        anchor = "    if (at < p.before) [[unlikely]]\n      broken_promise(p, port, at);",
        replacement = "    (void)p, (void)port, (void)at;",
        gate = "tests",
        tests = ["//tests:nonblocking_test"],
    ),
    struct(
        name = "nested_pipeline_runs",
        breaks = "a pipelined loop inside a trip of another is timed instead of refused",
        file = "compose/sim/process.h",
        anchor = "    if (clock_.in_trip()) [[unlikely]]\n      nested_trip(line);",
        replacement = "",
        gate = "tests",
        tests = ["//tests:sim_timing_test"],
    ),
    struct(
        name = "gate_triple_loop_ignored",
        breaks = "the gate no longer holds a GEMM to the plain triple loop",
        file = "machines/tinytpu/gates.cc",
        anchor = "if (at < c_after.size() && c_after[at] == expected[at]) continue;",
        replacement = "continue;",
        gate = "tests",
        tests = ["//tests/tinytpu:region_test"],  # bench: its gate controls (gates.cc Gate::controls)
    ),
    struct(
        name = "gate_text_round_trip_ignored",
        breaks = "the gate no longer holds a program's text to its words",
        file = "machines/tinytpu/gates.cc",
        anchor = "if (w >= got.size() || w >= want.size() || got[w] != want[w])",
        replacement = "if (false)",
        gate = "tests",
        tests = ["//tests/tinytpu:region_test"],  # bench: its gate controls (gates.cc Gate::controls)
    ),
    struct(
        name = "float_nan_matches_any",
        breaks = "a NaN on either side matches any value",
        file = "common/binary32.h",
        anchor = "return binary32_nan(a) ? binary32_nan(b) : static_cast<uint32_t>(a) == static_cast<uint32_t>(b);",
        replacement = "return binary32_nan(a) || binary32_nan(b) || static_cast<uint32_t>(a) == static_cast<uint32_t>(b);",
        gate = "tests",
        tests = ["//tests/dottree:gate_checks_test"],  # dottree's bench: its NaN controls
    ),
    struct(
        name = "design_header_words_plus_one",
        breaks = "design.h counts one header word more than the spec",
        file = _DESIGN,
        anchor = "kHeaderDmaSt, kHeaderWords };",
        replacement = "kHeaderDmaSt, kHeaderPad, kHeaderWords };",
        gate = "build",  # the workload's static_assert, before gen-isa --check's headers.count
        tests = ["//tests/tinytpu:isa_check_test"],
    ),
    struct(
        name = "example_tap_one_stage_deeper",
        breaks = "the example's FIR tap is pipelined one stage deeper: only its cycles move",
        file = "machines/example/fir_tap.h",
        anchor = "static constexpr Pipeline pipeline{/*ii=*/1, /*depth=*/3};",
        replacement = "static constexpr Pipeline pipeline{/*ii=*/1, /*depth=*/4};",
        gate = "tests",
        tests = ["//tests:cli_verbs_test"],
    ),
    struct(
        name = "dottree_fifo_shallower",
        breaks = "DotTree's FIFOs one word shallower: only its cycles move",
        file = "machines/dottree/dottree.cc",
        anchor = "p.param(\"QD\", 2,",
        replacement = "p.param(\"QD\", 1,",
        gate = "tests",
        tests = ["//tests:cli_verbs_test"],
    ),
]
