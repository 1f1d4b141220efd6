#!/usr/bin/env bash
# Fuzzes each target with clang's libFuzzer under ASan and UBSan:
#   fuzz/run.sh [SECONDS_PER_TARGET] [TARGET...]     (default 600 s, every target)
# Each target starts from its corpus in fuzz/corpus/TARGET; new inputs that
# reach new code are kept in fuzz/out/TARGET (minimise and add the useful ones
# to the corpus), and a crash is written to fuzz/out/TARGET/crash-*.
set -euo pipefail
cd "$(dirname "$0")/.."
seconds=${1:-600}
shift || true
targets=("$@")
((${#targets[@]})) || targets=(assembler spec csv options depths)

output_base="$HOME/.cache/loom/bazel-fuzz-output-base"
./bazelw --output_base="$output_base" build --config=fuzz $(printf '//fuzz:%s_fuzzer ' "${targets[@]}")
bin=$(./bazelw --output_base="$output_base" info --config=fuzz bazel-bin 2>/dev/null)
for t in "${targets[@]}"; do
  mkdir -p "fuzz/out/$t"
  echo "fuzz: $t for ${seconds}s (log: fuzz/out/$t.log)" >&2
  code=0
  "$bin/fuzz/${t}_fuzzer" -max_total_time="$seconds" -max_len=65536 -timeout=10 -rss_limit_mb=4096 \
    -artifact_prefix="fuzz/out/$t/" "fuzz/out/$t" "fuzz/corpus/$t" > "fuzz/out/$t.log" 2>&1 || code=$?
  # The target's own output (the CLI's errors and help) shares the log; these lines are libFuzzer's.
  grep -aE '^(Done [0-9]+ runs|#[0-9]+[[:space:]]+DONE|==[0-9]+==ERROR|SUMMARY|artifact_prefix|Test unit written)' \
    "fuzz/out/$t.log" >&2 || true
  ((code == 0)) || { echo "fuzz: $t failed (exit $code); see fuzz/out/$t.log" >&2; exit "$code"; }
done
