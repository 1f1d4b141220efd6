#!/usr/bin/env bash
# Proves the build enforces the layering (//layers): for each rule, a probe
# package inside the lower layer depends on a target of a layer it must not
# see, and the build must refuse it as "not visible"; and for each layer a
# probe that depends on what it may see must be accepted, so a refusal is the
# layering's and not a broken probe's. Each probe is one case of the count.
#   tools/check_layering.sh [BAZELW]   (prints "layering: N passed, M failed")
set -uo pipefail
bazelw=$(realpath "${1:-$(dirname "$0")/../bazelw}")
cd "$(dirname "$0")/.."
passed=0
failed=0
# The probe package being tried, removed however the script ends.
probing=""
trap '[[ -n $probing ]] && rm -rf "$probing"' EXIT INT TERM

# probe PACKAGE DEPENDENCY refused|accepted
probe() {
  local package=$1/layering_probe dependency=$2 expected=$3
  if [[ -e $package ]]; then
    echo "layering: $package exists; it is the probe's, so a run that was stopped left it: remove it"
    failed=$((failed + 1))
    return
  fi
  probing=$package
  mkdir -p "$package"
  printf 'cc_library(name = "probe", deps = ["%s"], tags = ["manual"])\n' "$dependency" > "$package/BUILD"
  local output
  output=$("$bazelw" build --nobuild "//$package:probe" 2>&1)
  local code=$?
  rm -rf "$package"
  probing=""
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

# Every layer against every layer above it, and the peers against each other.
probe common //units:vocabulary refused
probe common //tools:main refused
probe units //actions refused
probe units //spec:isa_spec refused
probe units //compose:region refused
probe units //machines:workload refused
probe units //tools:main refused
probe actions //compose:region refused
probe actions //spec:isa_spec refused
probe actions //machines:workload refused
probe actions //tools:main refused
probe spec //compose:region refused
probe spec //machines:workload refused
probe spec //tools:main refused
probe compose //spec:isa_spec refused
probe compose //machines:workload refused
probe compose/sim //machines:workload refused
probe compose //tools:main refused
probe machines //tools:main refused
# Files and aliases are targets too.
probe common //:loom refused
probe actions //tools:cli.cc refused
probe common //machines:registry.cc refused
probe units //machines/tinytpu:isa_encoding.h refused
probe spec //machines/tinytpu:isa_spec.json refused
probe units //compose/sim:simulator.h refused
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
