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
