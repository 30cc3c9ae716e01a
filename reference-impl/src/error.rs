//! The library's one error type.

use std::fmt;

/// An error from the reference implementation. Parsing never fails; URLs can.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Error {
    kind: ErrorKind,
}

/// What went wrong.
#[derive(Clone, Debug, PartialEq, Eq)]
#[non_exhaustive]
pub enum ErrorKind {
    /// The text is neither an absolute URL nor a path starting with `/`.
    InvalidUrl {
        /// The text given.
        url: String,
        /// Why it was rejected.
        reason: String,
    },
    /// The URL has no host, so no robots.txt governs it.
    NoAuthority {
        /// The URL given.
        url: String,
    },
}

impl Error {
    pub(crate) fn new(kind: ErrorKind) -> Error {
        Error { kind }
    }

    /// What went wrong.
    pub fn kind(&self) -> &ErrorKind {
        &self.kind
    }
}

impl fmt::Display for Error {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match &self.kind {
            ErrorKind::InvalidUrl { url, reason } => write!(f, "invalid URL `{url}`: {reason}"),
            ErrorKind::NoAuthority { url } => {
                write!(f, "URL `{url}` has no host, so no robots.txt governs it")
            }
        }
    }
}

impl std::error::Error for Error {}
