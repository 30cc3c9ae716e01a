//! The short, stable names of [`Reason`] and [`Diagnostic`], written by their `Display`, so
//! that tools print and key them the same way (`no-matching-rule`, `missing-colon`) instead
//! of each deriving its own.

use std::fmt;

use crate::check::Reason;
use crate::parse::Diagnostic;

impl Reason {
    /// `rule`, `no-matching-rule`, `no-group` or `robots-txt-exempt`.
    pub fn name(self) -> &'static str {
        match self {
            Reason::Rule => "rule",
            Reason::NoMatchingRule => "no-matching-rule",
            Reason::NoGroup => "no-group",
            Reason::RobotsTxtExempt => "robots-txt-exempt",
        }
    }
}

impl fmt::Display for Reason {
    /// The name ([`Reason::name`]).
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(self.name())
    }
}

impl Diagnostic {
    /// A short kebab-case name per kind, without the variant's data: `misspelling`,
    /// `accepted-missing-colon`, `missing-colon`, `unknown-field`, `non-standard-field`,
    /// `rule-outside-group`, `empty-value`, `no-leading-slash`, `invalid-agent`,
    /// `size-limit`, `long-line`, `invalid-utf8`.
    pub fn name(&self) -> &'static str {
        match self {
            Diagnostic::AcceptedMisspelling { .. } => "misspelling",
            Diagnostic::AcceptedMissingColon => "accepted-missing-colon",
            Diagnostic::MissingColon => "missing-colon",
            Diagnostic::UnknownField => "unknown-field",
            Diagnostic::NonStandardField => "non-standard-field",
            Diagnostic::RuleOutsideGroup => "rule-outside-group",
            Diagnostic::EmptyValue => "empty-value",
            Diagnostic::PathWithoutLeadingSlash { .. } => "no-leading-slash",
            Diagnostic::InvalidAgent => "invalid-agent",
            Diagnostic::CutBySizeLimit => "size-limit",
            Diagnostic::LineTooLong { .. } => "long-line",
            Diagnostic::InvalidUtf8 => "invalid-utf8",
        }
    }
}

impl fmt::Display for Diagnostic {
    /// The name ([`Diagnostic::name`]); with `{:#}`, the variant's data after it
    /// (`misspelling (read as disallow)`, `no-leading-slash (repaired)`,
    /// `long-line (limit 16664 bytes)`).
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(self.name())?;
        if !f.alternate() {
            return Ok(());
        }
        match self {
            Diagnostic::AcceptedMisspelling { canonical } => write!(f, " (read as {canonical})"),
            Diagnostic::PathWithoutLeadingSlash { repaired: true } => f.write_str(" (repaired)"),
            Diagnostic::PathWithoutLeadingSlash { repaired: false } => {
                f.write_str(" (not repaired)")
            }
            Diagnostic::LineTooLong { limit } => write!(f, " (limit {limit} bytes)"),
            _ => Ok(()),
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn names_are_distinct_kebab_case() {
        let diagnostics = [
            Diagnostic::AcceptedMisspelling { canonical: "allow" },
            Diagnostic::AcceptedMissingColon,
            Diagnostic::MissingColon,
            Diagnostic::UnknownField,
            Diagnostic::NonStandardField,
            Diagnostic::RuleOutsideGroup,
            Diagnostic::EmptyValue,
            Diagnostic::PathWithoutLeadingSlash { repaired: true },
            Diagnostic::InvalidAgent,
            Diagnostic::CutBySizeLimit,
            Diagnostic::LineTooLong { limit: 8 },
            Diagnostic::InvalidUtf8,
        ];
        let mut names: Vec<String> = diagnostics.iter().map(ToString::to_string).collect();
        names.extend(
            [
                Reason::Rule,
                Reason::NoMatchingRule,
                Reason::NoGroup,
                Reason::RobotsTxtExempt,
            ]
            .iter()
            .map(ToString::to_string),
        );
        for name in &names {
            assert!(
                name.bytes()
                    .all(|b| b.is_ascii_lowercase() || b.is_ascii_digit() || b == b'-'),
                "{name}"
            );
        }
        let count = names.len();
        names.sort();
        names.dedup();
        assert_eq!(names.len(), count, "names are distinct");
        assert_eq!(
            format!(
                "{:#}",
                Diagnostic::AcceptedMisspelling { canonical: "allow" }
            ),
            "misspelling (read as allow)"
        );
    }
}
