#!/usr/bin/env bash
# Proves the build enforces the layering (//layers): for each rule, a probe
# package inside the lower layer depends on a target of a layer it must not
# see, and the build must refuse it as "not visible"; and for each layer a
# probe that depends on what it may see must be accepted, so a refusal is the
# layering's and not a broken probe's. Each probe is one case of the count.
#   tools/check_layering.sh [BAZELW]   (prints "layering: N passed, M failed")
set -uo pipefail
cd "$(dirname "$0")/.."
bazelw=${1:-./bazelw}
passed=0
failed=0

# probe PACKAGE DEPENDENCY refused|accepted
probe() {
  local package=$1/layering_probe dependency=$2 expected=$3
  mkdir -p "$package"
  printf 'cc_library(name = "probe", deps = ["%s"], tags = ["manual"])\n' "$dependency" > "$package/BUILD"
  local output
  output=$("$bazelw" build --nobuild "//$package:probe" 2>&1)
  local code=$?
  rm -rf "$package"
  local got=accepted
  if ((code != 0)); then
    if grep -q "is not visible from target '//$package:probe'" <<< "$output"; then got=refused; else got="failed otherwise"; fi
  fi
  if [[ $got == "$expected" ]]; then
    passed=$((passed + 1))
  else
    failed=$((failed + 1))
    echo "layering: //$1 depending on $dependency was $got, not $expected"
    [[ $got == "failed otherwise" ]] && echo "$output" | tail -n 5
  fi
}

probe common //units:vocabulary refused
probe units //actions refused
probe units //compose:region refused
probe actions //compose:region refused
probe actions //spec:isa_spec refused
probe spec //compose:region refused
probe spec //machines:workload refused
probe compose //spec:isa_spec refused
probe compose //machines:workload refused
probe compose/sim //machines:workload refused
probe machines //tools:main refused
probe units/library/tinytpu //compose/hls:sources accepted
probe units //common:status accepted
probe actions //units:vocabulary accepted
probe spec //actions accepted
probe compose //actions accepted
probe machines //spec:isa_spec accepted
probe machines //compose:region accepted
probe tools //machines:workload accepted

echo "layering: $passed passed, $failed failed"
((failed == 0))
