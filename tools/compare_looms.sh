#!/bin/bash
# Runs one set of loom commands through two loom binaries and prints every
# difference in their output: how a change to the simulator was held to leave
# reports, JSON and traces as they were (issue 15). Lines ending in a time
# ("... 0.011 s)") are left out; everything else must match byte for byte.
#   tools/compare_looms.sh OLD_LOOM NEW_LOOM
OLD=$1 NEW=$2
fail=0; n=0
run() {
  local a b
  a=$($OLD "$@" 2>&1 | grep -v -E "[0-9.]+ s\)?$"); b=$($NEW "$@" 2>&1 | grep -v -E "[0-9.]+ s\)?$")
  n=$((n+1))
  if [[ "$a" != "$b" ]]; then echo "DIFF: $*"; diff <(echo "$a") <(echo "$b") | head -10; fail=1; fi
}
trace() {
  $OLD "$@" --trace "${TMPDIR:-/tmp}/compare-old.json" >/dev/null 2>&1; $NEW "$@" --trace "${TMPDIR:-/tmp}/compare-new.json" >/dev/null 2>&1
  n=$((n+1)); cmp -s "${TMPDIR:-/tmp}/compare-old.json" "${TMPDIR:-/tmp}/compare-new.json" || { echo "TRACE DIFF: $*"; fail=1; }
}
for m in example tinytpu dottree; do
  for s in 0 1 2; do run sim --machine $m --seed $s --json; trace sim --machine $m --seed $s; done
done
run sim --machine example --param N=64 --param K=500 --json
run sim --machine example --param QD=1 --param N=5 --json
run sim --machine example --param QD=3 --param T=8 --json
for T in 4 8 16 32; do run sim --machine tinytpu --param T=$T --param MAXDIM=$((T*2)) --json; done
run sim --machine tinytpu --param T=32 --param MAXDIM=32 --json
trace sim --machine tinytpu --param T=8 --param MAXDIM=16
for ms in 1 2 7 100 1000 5000 12345 40000; do
  run sim --machine example --max-steps $ms --json; run sim --machine tinytpu --max-steps $ms --json
  run sim --machine dottree --max-steps $ms --json; trace sim --machine tinytpu --max-steps $ms
done
for mc in 0 1 3 10 50 100 200 400; do
  run sim --machine example --max-cycles $mc --json; run sim --machine tinytpu --max-cycles $mc --json
  run sim --machine dottree --max-cycles $mc --json; trace sim --machine example --max-cycles $mc
done
run bench --json; run bench --machine dottree
run stress --json
echo "$n comparisons, $( ((fail)) && echo DIFFERENCES || echo all identical)"
