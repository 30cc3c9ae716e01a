#!/bin/bash -eu
# ClusterFuzzLite / OSS-Fuzz build (also run locally by fuzz/check-build-sh): every cargo-fuzz
# target of fuzz/ that runs in process goes to $OUT with the robots.txt dictionary
# (<target>.dict) and a seed corpus (<target>_seed_corpus.zip) of the spec cases' bodies and,
# when present, the real-world corpus's robots.txt files.
#
# Environment: $SRC (the checkout is $SRC/reptest, or REPTEST_SRC), $OUT, $WORK (scratch);
# REPTEST_CORPUS overrides where the real-world corpus is looked for (by default where the
# harness looks: ../shared/corpus/top-sites-2019 beside the checkout).

project="${REPTEST_SRC:-$SRC/reptest}"
corpus="${REPTEST_CORPUS:-$project/../shared/corpus/top-sites-2019}"
cd "$project"

# Targets that need the installed subprocess adapters (their language runtimes under
# target/adapters/): an OSS-Fuzz style runner has neither the adapters nor their runtimes, and
# libFuzzer's coverage cannot see into a child process. They run with `cargo fuzz run` on a
# machine where `reptest setup` was done.
subprocess_targets=" diff_adapters "

# cargo-fuzz needs nightly features: the base builder has nightly; a stable toolchain is let
# use them. Installed when missing (the base builder has it).
export RUSTC_BOOTSTRAP=1
command -v cargo-fuzz >/dev/null || cargo install cargo-fuzz --locked

triple="${CARGO_BUILD_TARGET:-x86_64-unknown-linux-gnu}"
built=()
for target in $(cd fuzz && cargo fuzz list); do
  if [[ "$subprocess_targets" == *" $target "* ]]; then
    echo "build.sh: $target left out (needs the subprocess adapters)"
    continue
  fi
  (cd fuzz && cargo fuzz build -O "$target")
  cp "fuzz/target/$triple/release/$target" "$OUT/"
  built+=("$target")
done
if [ ${#built[@]} -eq 0 ]; then
  echo "build.sh: no fuzz target built" >&2
  exit 1
fi

# Seeds: one file per distinct body (the spec cases', then the real corpus's when present).
seeds="$WORK/reptest-seeds"
rm -rf "$seeds"
cargo run --release --quiet -p reptest --example seed_corpus -- spec-cases "$corpus" "$seeds"
for target in "${built[@]}"; do
  cp fuzz/robots.dict "$OUT/$target.dict"
  rm -f "$OUT/${target}_seed_corpus.zip"
  (cd "$seeds" && zip -q -r "$OUT/${target}_seed_corpus.zip" .)
done
echo "build.sh: built ${built[*]} into $OUT"
