# reptest recipes. Every recipe has a plain-cargo equivalent (see README.md).

# List the recipes.
default:
    @just --list

# Run the spec suite through the reference under every profile and print the scores.
suite *ARGS:
    cargo run --release --bin reptest -- run {{ARGS}}

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
