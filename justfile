# reptest recipes. Every recipe has a plain-cargo equivalent (see README.md).

# List the recipes.
default:
    @just --list

# Set up every adapter, then run the spec suite through the reference and every adapter.
suite *ARGS:
    cargo run --release --bin reptest -- run --setup {{ARGS}}

# Install external adapters (all, or the ones named) under target/adapters/.
setup *NAMES:
    cargo run --release --bin reptest -- setup {{NAMES}}

# Differential campaign against every installed adapter, setting them up first; findings go
# to reports/findings/. Default 10 minutes: just fuzz-diff --time 60s --seed 1
fuzz-diff *ARGS:
    cargo run --release --bin reptest -- fuzz-diff --setup --time 10m {{ARGS}}

# The compatibility report: set up, run every adapter and the real-world corpus, write reports/.
report *ARGS:
    cargo run --release --bin reptest -- report --setup {{ARGS}}

# A cargo-fuzz target (reference_invariants, diff_peers, diff_adapters) on the stable
# toolchain; installs cargo-fuzz when missing. Extra arguments go to libFuzzer.
fuzz TARGET *ARGS:
    command -v cargo-fuzz >/dev/null || cargo install cargo-fuzz --locked
    cd fuzz && RUSTC_BOOTSTRAP=1 cargo fuzz run -O {{TARGET}} -- -dict=robots.dict {{ARGS}}

# Print the reference's verdicts with explanations: just check --agent BOT FILE URL...
check *ARGS:
    cargo run --release --bin reptest -- check {{ARGS}}

# Serve the reference over protocol v1 on stdin/stdout.
adapter profile="rfc9309":
    cargo run --release --bin reptest -- adapter reference --profile {{profile}}

# The tests, as CI runs them.
test:
    cargo test

# Formatting and lints, as CI runs them.
lint:
    cargo fmt --all --check
    cargo clippy --workspace --all-targets -- -D warnings
