//! What a library may do wrong on a construct, as data: the readings the reference can be
//! asked to take, the misbehaviours each construct can show (titled in the library's
//! terms), and the canonical inputs and controls that confirm a title on a library.

use crate::answer::Answer;
use crate::fuzz::clauses::*;

/// How a library may read an input, written as a change of the input after which the reference
/// reads it so: where the reference, asked about the changed input, gives the library's answer
/// under every profile the library contradicts, the library's answer is what that reading gives
/// (see [`crate::fuzz::ablation::reads_as`]). Each changes only what it names, and changes
/// nothing (so shows nothing) on an input without it.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Reading {
    /// The construct's lines (those its neutralisation changes or takes out) end the group:
    /// each becomes a rule that matches nothing and a `user-agent` line no crawler has, so that
    /// the names before it keep no rule after it, and the rules after it belong to no crawler.
    EndsGroup,
    /// The construct's lines whose value is a path (`/…`, `*…`) are read as a `Disallow` rule
    /// with that value.
    AsDisallow,
    /// The construct's lines whose value is a path are read as an `Allow` rule with it.
    AsAllow,
    /// The construct's lines are ignored (taken out).
    Ignored,
    /// A comment line holding a rule (`#Disallow: /`) is read as the rule.
    Uncommented,
    /// A comment after a rule's path is kept in the path (its `#` compared as `%23`).
    CommentKept,
    /// A rule holding `*` that does not match the URL's path from its start is looked for
    /// anywhere in the path (a `*` put before it).
    Anywhere,
    /// A rule holding `*` that matches the URL's path counts as long as the text it matches
    /// there (the longest match), not as its own length: it is written out as that text.
    MatchedLength,
    /// A CRLF line end leaves its CR in the line's value: each rule and `user-agent` line
    /// ending in CRLF has `%0D` put after its value.
    CrKept,
    /// An empty `user-agent` line names every crawler: it is written with the crawler's name.
    EmptyAgentNamesCrawler,
    /// A rule's `*` is compared as the character itself (`%2A`).
    StarLiteral,
    /// A rule's final `$` is left out.
    AnchorIgnored,
    /// A rule's final `$` is compared as the character itself (`%24`).
    AnchorLiteral,
    /// A rule holding non-ASCII characters matches nothing.
    NonAsciiUnmatched,
    /// The escapes of reserved characters (`%2F`, `%3F`, `%2A`, `%24`, …) in the rules and the
    /// URL's path are decoded before comparing.
    EscapesDecoded,
    /// Of the rules that match the URL's path, the first in each group decides (the later
    /// ones taken out).
    FirstMatch,
    /// A byte order mark at the start of the file is read as part of the first line's field
    /// name (a letter in its place).
    BomKept,
}

/// The evidence a misbehaviour is read from.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Evidence {
    /// The library answers this where the reference answers the other way, and the construct
    /// leaves one way to err so (a `Disallow` winning an equal `Allow`: the library disallows).
    Answers(Answer),
    /// The reference, reading the input as [`Reading`] says, gives the library's answer.
    ReadsAs(Reading),
    /// Nothing in a root cause's own inputs: the library answers the misbehaviour's canonical
    /// input ([`CONFIRMATIONS`]) as a library with it does. Such a title is given only where
    /// no misbehaviour read from the inputs titles the entry, and the entry shows the canonical
    /// input beside its own.
    Confirmed,
    /// As [`Evidence::Confirmed`], for a library that ignores the whole file on the construct
    /// (its root causes say so): the title says that, and only such a root cause takes it.
    ConfirmedWholeFile,
}

/// What a library does wrong on a construct, in its maintainer's words, and the evidence that
/// shows it. A report titles an entry so only where the evidence of every one of its root
/// causes (both verdict directions) shows one title; otherwise it keeps the construct's phrase,
/// saying only that the library reads it differently.
#[derive(Clone, Copy, Debug)]
pub struct Misbehaviour {
    /// The construct.
    pub construct: &'static str,
    /// What shows it.
    pub evidence: Evidence,
    /// The title.
    pub title: &'static str,
    /// The sentence the misbehaviour contradicts, where it is another than the construct's
    /// ([`crate::fuzz::constructs::Construct::clause`]): a rule looked for anywhere breaks where matching starts, not
    /// what `*` means.
    pub clause: Option<&'static Clause>,
}

use Evidence::{Answers, Confirmed, ConfirmedWholeFile, ReadsAs};
use Reading::*;

/// The title of a library whose parser gives up on the whole file at any line it cannot
/// read: one behaviour, whichever line shows it.
const UNREADABLE_LINE: &str = "a line its parser cannot read makes the library ignore the whole file, where it should skip that line: a line without a colon (`Disallow /archive/`), a field name outside HTTP's token set (`a(b): x`), a rule before the first `user-agent` line, a line starting with a lone CR, a last `Disallow:` without a line end";

/// A canonical input on which a library with a misbehaviour answers `answer` and the
/// reference (every profile) the other way: `reptest fuzz-report` asks it of each library, and
/// a library that answers there as the reference does is not given the title, whatever a
/// root cause's own inputs show (on those, another fault can give the same answers: a `*`
/// that stops at the first match of what follows it looks, on `/*bv` and `/bbv`, like a `*`
/// read as the character). Asked as the crawler `FooBot`.
#[derive(Clone, Copy, Debug)]
pub struct Confirmation {
    /// The misbehaviour's title ([`Misbehaviour::title`]).
    pub title: &'static str,
    /// The robots.txt.
    pub robots: &'static str,
    /// The URL asked.
    pub url: &'static str,
    /// What a library with the misbehaviour answers.
    pub answer: Answer,
}

/// The misbehaviours confirmed on a canonical input, one row each.
#[rustfmt::skip]
pub const CONFIRMATIONS: &[Confirmation] = &[
    Confirmation { title: "a line of one word without a colon (`Disallow`) ends the group",
        robots: "User-agent: FooBot\nfoo\nUser-agent: BarBot\nDisallow: /private/\n",
        url: "http://example.com/private/page.html", answer: Answer::Allow },
    Confirmation { title: "a bare field name without a colon (`Disallow`) is read as that field with an empty value, so a `User-agent` line after it starts a new group",
        robots: "User-agent: FooBot\nDisallow\nUser-agent: BarBot\nDisallow: /private/\n",
        url: "http://example.com/private/page.html", answer: Answer::Allow },
    Confirmation { title: "the names of a group with several `user-agent` lines share the first name's rules: a crawler listed after another name gets that name's rules from its other groups, and loses its own earlier groups' rules",
        robots: "User-agent: BarBot\nDisallow: /private/\n\nUser-agent: BarBot\nUser-agent: FooBot\nDisallow: /archive/\n", url: "http://example.com/private/page.html",
        answer: Answer::Disallow },
    Confirmation { title: "a crawler listed after another name in a group loses the rules of its own earlier group",
        robots: "User-agent: FooBot\nDisallow: /private/\n\nUser-agent: BarBot\nUser-agent: FooBot\nDisallow: /archive/\n", url: "http://example.com/private/page.html",
        answer: Answer::Allow },
    Confirmation { title: "a crawler listed in a group with another name also gets the rules of that name's other groups (its later ones, and its earlier ones where that name is listed first)",
        robots: "User-agent: BarBot\nDisallow: /private/\n\nUser-agent: BarBot\nUser-agent: FooBot\nDisallow: /archive/\n", url: "http://example.com/private/page.html",
        answer: Answer::Disallow },
    Confirmation { title: "of several groups naming the crawler, the first one holding a matching rule decides, not the longest matching rule of them all",
        robots: "User-agent: FooBot\nDisallow: /\n\nUser-agent: FooBot\nAllow: /page\n", url: "http://example.com/page",
        answer: Answer::Disallow },
    Confirmation { title: "a rule ending inside a percent-encoded character (`Disallow: /caf%C3`) matches nothing, not even its own path (`/caf%C3`)",
        robots: "User-agent: *\nDisallow: /caf%C3\n", url: "http://example.com/caf%C3",
        answer: Answer::Allow },
    Confirmation { title: "a URL holding a percent-encoding that decodes to no UTF-8 character matches no rule (`Disallow: /` leaves `/caf%E9` allowed)",
        robots: "User-agent: *\nDisallow: /\n", url: "http://example.com/caf%E9",
        answer: Answer::Allow },
    Confirmation { title: "a percent-encoding that decodes to no UTF-8 character (the Latin-1 `%E9`, or a character cut short: `%C3`) matches nothing: a rule holding one (`Disallow: /caf%E9`) matches no path, not even its own, and a URL holding one matches no rule (`Disallow: /` leaves `/caf%E9` allowed)",
        robots: "User-agent: *\nDisallow: /caf%E9\n", url: "http://example.com/caf%E9",
        answer: Answer::Allow },
    Confirmation { title: "a file of at most one line holding no `field: value` pair (an empty file, comments only, a one-line HTML page) makes the call throw an error",
        robots: "", url: "http://example.com/page.html",
        answer: Answer::Error },
    Confirmation { title: "a rule starting with `///` (`Disallow: ///`) is read as `/`, and so blocks every path",
        robots: "User-agent: *\nDisallow: ///\n", url: "http://example.com/page.html",
        answer: Answer::Disallow },
    Confirmation { title: "a percent-encoded reserved character other than `/` is decoded before comparing: `Disallow: /a=b` blocks `/a%3Db`",
        robots: "User-agent: *\nDisallow: /a=b\n", url: "http://example.com/a%3Db",
        answer: Answer::Disallow },
    Confirmation { title: "an empty `Disallow:` line is read as `Allow: /`, so beside `Disallow: /` it allows everything",
        robots: "User-agent: *\nDisallow: /\nDisallow:\n", url: "http://example.com/page.html",
        answer: Answer::Allow },
    Confirmation { title: "rules before the first `user-agent` line are obeyed by every crawler without a group of its own, as a `*` group would be",
        robots: "Disallow: /private/\n\nUser-agent: BarBot\nDisallow: /archive/\n",
        url: "http://example.com/private/page.html", answer: Answer::Disallow },
    Confirmation { title: "in a file with no `user-agent` line, its rules apply to every crawler",
        robots: "Disallow: /private/\n", url: "http://example.com/private/page.html",
        answer: Answer::Disallow },
    Confirmation { title: "a line other than a `Disallow` or `User-agent` line with a non-ASCII character across its 6th and 7th, 9th and 10th, or 11th and 12th bytes (`Allow: /ñu/`, `foo: café`) makes the call panic: each line is cut at the length of `allow:`, `disallow:` or `user-agent:` without regard to characters",
        robots: "User-agent: *\nDisallow: /private/\nAllow: /ñu/\n", url: "http://example.com/private/page.html",
        answer: Answer::Error },
    Confirmation { title: "a `Disallow` beats an `Allow` of equal length (the `Allow` should win)",
        robots: "User-agent: *\nAllow: /page\nDisallow: /page\n", url: "http://example.com/page",
        answer: Answer::Disallow },
    Confirmation { title: "of two matching rules of equal length the one listed first wins, so a `Disallow` listed before an `Allow` of the same length beats it",
        robots: "User-agent: *\nDisallow: /page\nAllow: /page\n", url: "http://example.com/page",
        answer: Answer::Disallow },
    Confirmation { title: "a query parameter with an empty value (`?q=`) is dropped from the URL before matching, so `Disallow: /search?q=` does not block `/search?q=`",
        robots: "User-agent: *\nDisallow: /search?q=\n", url: "http://example.com/search?q=",
        answer: Answer::Allow },
    Confirmation { title: "a line whose field name ends in a known one (`sallow: /a`, `xdisallow: /a`) is read as that field",
        robots: "User-agent: *\nsallow: /private/\nDisallow: /\n",
        url: "http://example.com/private/page.html", answer: Answer::Allow },
    Confirmation { title: "a rule ending in `**` (`Disallow: /private/**`) matches nothing",
        robots: "User-agent: *\nDisallow: /private/**\n", url: "http://example.com/private/page.html",
        answer: Answer::Allow },
    Confirmation { title: "a rule holding both a non-ASCII character and a percent-encoding (`Disallow: /café/a%20b`) does not match the URL's path (`/caf%C3%A9/a%20b`)",
        robots: "User-agent: *\nDisallow: /café/a%20b\n", url: "http://example.com/caf%C3%A9/a%20b",
        answer: Answer::Allow },
    Confirmation { title: "a non-ASCII space (U+00A0, U+2002, …) before a field name or around a value is trimmed as whitespace, so `Disallow: /private/` followed by U+2002 blocks `/private/page.html`",
        robots: "User-agent: *\nDisallow: /private/\u{2002}\n", url: "http://example.com/private/page.html",
        answer: Answer::Disallow },
    Confirmation { title: "a `*` in a rule is compared as the character `*`, not as a wildcard",
        robots: "User-agent: *\nDisallow: /*.php\n", url: "http://example.com/index.php",
        answer: Answer::Allow },
    Confirmation { title: "the first matching rule decides, not the most specific (longest) one",
        robots: "User-agent: *\nDisallow: /shop\nAllow: /shop/help\n",
        url: "http://example.com/shop/help/page.html", answer: Answer::Disallow },
    Confirmation { title: "a rule holding `*` counts as long as the path it matches, so `Allow: /*` outranks a longer `Disallow: /private/`",
        robots: "User-agent: *\nDisallow: /private/\nAllow: /*\n",
        url: "http://example.com/private/page.html", answer: Answer::Allow },
    Confirmation { title: "in a rule holding `*`, a final `$` is compared as the character `$`",
        robots: "User-agent: *\nDisallow: /*.pdf$\n", url: "http://example.com/files/a.pdf",
        answer: Answer::Allow },
    Confirmation { title: "a final `$` is compared as the character `$`, not as the end of the path",
        robots: "User-agent: *\nDisallow: /private$\n", url: "http://example.com/private",
        answer: Answer::Allow },
    Confirmation { title: "a CRLF line end leaves its CR in the line's value, so a rule or `user-agent` line ending in CRLF matches nothing",
        robots: "User-agent: *\r\nDisallow: /private/\r\n",
        url: "http://example.com/private/page.html", answer: Answer::Allow },
    Confirmation { title: "a commented-out rule (`#Disallow: /`) is obeyed",
        robots: "User-agent: *\n# Disallow: /\nDisallow: /private/\n",
        url: "http://example.com/page.html", answer: Answer::Disallow },
    Confirmation { title: "a blank line ends the group",
        robots: "User-agent: *\nDisallow: /archive/\n\nDisallow: /private/\n",
        url: "http://example.com/private/page.html", answer: Answer::Allow },
    Confirmation { title: "a line other than `user-agent`, `sitemap` or `host` (`foo: bar`, even `Crawl-delay: 5`) between two `user-agent` lines ends the group: the `user-agent` lines above it get no rules",
        robots: "User-agent: FooBot\nfoo: bar\nUser-agent: BarBot\nDisallow: /private/\n",
        url: "http://example.com/private/page.html", answer: Answer::Allow },
    Confirmation { title: "an unknown line (`foo: bar`) between two `user-agent` lines ends the group: the `user-agent` lines above it get no rules",
        robots: "User-agent: FooBot\nfoo: bar\nUser-agent: BarBot\nDisallow: /private/\n",
        url: "http://example.com/private/page.html", answer: Answer::Allow },
    Confirmation { title: "a rule holding non-ASCII characters (`Disallow: /café/`) does not match the URL's percent-encoded path (`/caf%C3%A9/`)",
        robots: "User-agent: *\nDisallow: /café/\n", url: "http://example.com/caf%C3%A9/menu",
        answer: Answer::Allow },
    Confirmation { title: "an empty `User-agent:` line is read as naming every crawler",
        robots: "User-agent:\nDisallow: /private/\n\nUser-agent: *\nAllow: /\n",
        url: "http://example.com/private/page.html", answer: Answer::Disallow },
    Confirmation { title: "a lone CR (`\\r`) is not read as a line end, so `User-agent: *` CR `Disallow: /private/` blocks nothing",
        robots: "User-agent: *\rDisallow: /private/\r", url: "http://example.com/private/page.html",
        answer: Answer::Allow },
    Confirmation { title: "a rule starting with `//` (`Disallow: //private/`) does not block the path it names (`//private/page`)",
        robots: "User-agent: *\nDisallow: //private/\n", url: "http://example.com//private/page",
        answer: Answer::Allow },
    Confirmation { title: "a rule starting with `////` (`Disallow: ////private/`) blocks the path starting with `//` (`//private/page`)",
        robots: "User-agent: *\nDisallow: ////private/\n", url: "http://example.com//private/page",
        answer: Answer::Disallow },
    Confirmation { title: "a rule starting with `//` is read as a URL naming a host (`//host/path`), so `Disallow: //` blocks every path",
        robots: "User-agent: *\nDisallow: //\n", url: "http://example.com/page.html",
        answer: Answer::Disallow },
    Confirmation { title: "a URL whose path starts with `//` is matched as if it started with `////`, so `Disallow: //private/` does not block `//private/page` (and `Disallow: ////private/` does)",
        robots: "User-agent: *\nDisallow: //private/\n", url: "http://example.com//private/page",
        answer: Answer::Allow },
    Confirmation { title: "a URL's empty query is dropped, so `Disallow: /search?` does not block `/search?`",
        robots: "User-agent: *\nDisallow: /search?\n", url: "http://example.com/search?",
        answer: Answer::Allow },
    Confirmation { title: "a rule ending inside a percent-encoded character (`/caf%C3`) does not match the paths that complete that character (`/caf%C3%A9`): it neither blocks nor allows them",
        robots: "User-agent: *\nDisallow: /caf%C3\n", url: "http://example.com/caf%C3%A9",
        answer: Answer::Allow },
    Confirmation { title: "a `*` is tried only up to the first occurrence of the character after it, so `Disallow: /*.pdf` misses `/a.b.pdf`",
        robots: "User-agent: *\nDisallow: /*.pdf\n", url: "http://example.com/a.b.pdf",
        answer: Answer::Allow },
    Confirmation { title: "of several groups naming the crawler, only the first is obeyed",
        robots: "User-agent: FooBot\nDisallow: /archive/\n\nUser-agent: FooBot\nDisallow: /private/\n",
        url: "http://example.com/private/page.html", answer: Answer::Allow },
    Confirmation { title: "of several groups naming the crawler, only the last is obeyed",
        robots: "User-agent: FooBot\nDisallow: /private/\n\nUser-agent: FooBot\nDisallow: /archive/\n",
        url: "http://example.com/private/page.html", answer: Answer::Allow },
    Confirmation { title: "a field name run into its path without a colon (`Disallow/private/`) is read as a rule",
        robots: "User-agent: *\nDisallow/private/\n", url: "http://example.com/private/page.html",
        answer: Answer::Disallow },
    Confirmation { title: "a `user-agent` line followed by another gets none of the group's rules",
        robots: "User-agent: FooBot\nUser-agent: BarBot\nDisallow: /private/\n",
        url: "http://example.com/private/page.html", answer: Answer::Allow },
    Confirmation { title: "a percent-encoded reserved character (`%2F`, `%3F`) is decoded before comparing",
        robots: "User-agent: *\nDisallow: /a%2Fb\n", url: "http://example.com/a/b",
        answer: Answer::Disallow },
    Confirmation { title: "an empty `Allow:` or `Disallow:` line matches every URL, with the opposite meaning: `Disallow:` allows and `Allow:` blocks every URL no earlier rule matched",
        robots: "User-agent: *\nAllow:\n", url: "http://example.com/page.html",
        answer: Answer::Disallow },
    Confirmation { title: "an empty `Allow:` or `Disallow:` line is read as `Allow: /`, and as the first matching rule decides, no rule after it is obeyed",
        robots: "User-agent: FooBot\nDisallow:\nDisallow: /private/\n",
        url: "http://example.com/private/page.html", answer: Answer::Allow },
    Confirmation { title: "an empty `Allow:` line ends the group's rules",
        robots: "User-agent: FooBot\nAllow:\nDisallow: /private/\n",
        url: "http://example.com/private/page.html", answer: Answer::Allow },
    Confirmation { title: "an empty `Disallow:` line ends the group's rules",
        robots: "User-agent: FooBot\nDisallow:\nDisallow: /private/\n",
        url: "http://example.com/private/page.html", answer: Answer::Allow },
    Confirmation { title: "a `user-agent` value found anywhere in the crawler's name selects its group, even one that does not begin the name (`Bot` in `FooBot`) or an empty one",
        robots: "User-agent: Bot\nDisallow: /private/\n", url: "http://example.com/private/page.html",
        answer: Answer::Disallow },
    Confirmation { title: "a `user-agent` value found anywhere in the crawler's name (`Bot` in `FooBot`) selects its group",
        robots: "User-agent: Bot\nDisallow: /private/\n", url: "http://example.com/private/page.html",
        answer: Answer::Disallow },
    Confirmation { title: "a `user-agent` value that begins the crawler's name (`Foo` for `FooBot`) selects its group",
        robots: "User-agent: Foo\nDisallow: /private/\n", url: "http://example.com/private/page.html",
        answer: Answer::Disallow },
    Confirmation { title: "a field name followed only by whitespace, without a colon (`User-agent `), is read as that field: a `User-agent ` line ends the group before it",
        robots: "User-agent: FooBot\nDisallow: /\nUser-agent \nAllow: /private/\n", url: "http://example.com/private/page.html",
        answer: Answer::Disallow },
    Confirmation { title: "an escaped tab, LF or CR (`%09`, `%0A`, `%0D`) breaks the match: `Disallow: /file%09.txt` does not block `/file%09.txt`",
        robots: "User-agent: *\nDisallow: /file%09.txt\n", url: "http://example.com/file%09.txt",
        answer: Answer::Allow },
    Confirmation { title: "a rule line before the first `user-agent` line makes the library ignore the group after it",
        robots: "Disallow: /archive/\nUser-agent: *\nDisallow: /private/\n",
        url: "http://example.com/private/page.html", answer: Answer::Allow },
    Confirmation { title: "the URL's query is dropped before matching, so no rule holding `?` (`Disallow: /search?q=`) blocks anything",
        robots: "User-agent: *\nDisallow: /search?q=\n", url: "http://example.com/search?q=shoes",
        answer: Answer::Allow },
    Confirmation { title: "a colon-less `User-agent ` line (the field name and a space) is read as a `user-agent` line, starting a new group",
        robots: "User-agent: FooBot\nDisallow: /archive/\nUser-agent \nDisallow: /private/\n", url: "http://example.com/private/page.html",
        answer: Answer::Allow },
    Confirmation { title: "a field name followed only by whitespace, without a colon (`Disallow `, `Allow `), is read as that field with an empty value: a `Disallow ` line ends the group's `user-agent` lines",
        robots: "User-agent: FooBot\nDisallow \nUser-agent: BarBot\nDisallow: /private/\n", url: "http://example.com/private/page.html",
        answer: Answer::Allow },
    Confirmation { title: "a `crawl-delay` line whose value is no number (`Crawl-delay: abc`) makes the whole file fail to parse",
        robots: "User-agent: *\nCrawl-delay: abc\nDisallow: /private/\n", url: "http://example.com/private/page.html",
        answer: Answer::Error },
    Confirmation { title: "a line of one word and trailing whitespace (`Useragent `) ends the group",
        robots: "User-agent: FooBot\nUseragent \nUser-agent: BarBot\nDisallow: /private/\n", url: "http://example.com/private/page.html",
        answer: Answer::Allow },
    Confirmation { title: "whitespace before a line's colon keeps the colon in the value (`Disallow :/a` is a rule for `/:/a`, `User-agent :FooBot` names `:FooBot`), so the line never applies as meant",
        robots: "User-agent: *\nDisallow :/a\n", url: "http://example.com/:/a",
        answer: Answer::Disallow },
    Confirmation { title: "a line with whitespace before its colon (`Disallow :/a`) is ignored",
        robots: "User-agent: *\nDisallow :/private/\n", url: "http://example.com/private/page.html",
        answer: Answer::Allow },
    Confirmation { title: "a `Crawl-delay` or `Request-rate` line between two `user-agent` lines ends the group",
        robots: "User-agent: FooBot\nCrawl-delay: 5\nUser-agent: BarBot\nDisallow: /private/\n", url: "http://example.com/private/page.html",
        answer: Answer::Allow },
    Confirmation { title: "a `Request-rate` line between two `user-agent` lines ends the group",
        robots: "User-agent: FooBot\nRequest-rate: 1/5\nUser-agent: BarBot\nDisallow: /private/\n", url: "http://example.com/private/page.html",
        answer: Answer::Allow },
    Confirmation { title: "a `Crawl-delay` line between two `user-agent` lines ends the group",
        robots: "User-agent: FooBot\nCrawl-delay: 5\nUser-agent: BarBot\nDisallow: /private/\n", url: "http://example.com/private/page.html",
        answer: Answer::Allow },
    Confirmation { title: "a `Sitemap` line inside a group ends the group",
        robots: "User-agent: FooBot\nSitemap: http://example.com/sitemap.xml\nUser-agent: BarBot\nDisallow: /private/\n", url: "http://example.com/private/page.html",
        answer: Answer::Allow },
    Confirmation { title: "a `Crawl-delay` line, or one the library takes for it (`Crawldelay: 5`), between two `user-agent` lines ends the group",
        robots: "User-agent: FooBot\nCrawl-delay: 5\nUser-agent: BarBot\nDisallow: /private/\n", url: "http://example.com/private/page.html",
        answer: Answer::Allow },
    Confirmation { title: "a `Crawldelay: 5` line between two `user-agent` lines ends the group",
        robots: "User-agent: FooBot\nCrawldelay: 5\nUser-agent: BarBot\nDisallow: /private/\n", url: "http://example.com/private/page.html",
        answer: Answer::Allow },
    Confirmation { title: "an unknown line whose name holds a known one (`sallow: /a`) ends the group",
        robots: "User-agent: FooBot\nsallow: /a\nUser-agent: BarBot\nDisallow: /private/\n", url: "http://example.com/private/page.html",
        answer: Answer::Allow },
    Confirmation { title: "a misspelled `allow` line (`alow: /a`) is read as an `Allow` rule",
        robots: "User-agent: *\nDisallow: /\nalow: /page.html\n", url: "http://example.com/page.html",
        answer: Answer::Allow },
    Confirmation { title: "a comment after a value is kept in it, in a `user-agent` line as in a rule (`User-agent: FooBot # mine` does not name `FooBot`): only a line starting with `#` is a comment",
        robots: "User-agent: FooBot # mine\nDisallow: /private/\n", url: "http://example.com/private/page.html",
        answer: Answer::Allow },
    Confirmation { title: "a comment after a rule's path is kept in the path",
        robots: "User-agent: *\nDisallow: /private/ # keep out\n", url: "http://example.com/private/page.html",
        answer: Answer::Allow },
    Confirmation { title: "a final `$` is ignored: the rule also matches longer paths",
        robots: "User-agent: *\nDisallow: /private$\n", url: "http://example.com/private/page.html",
        answer: Answer::Disallow },
    Confirmation { title: "an escaped `*` or `$` (`%2A`, `%24`) in a rule is read as the wildcard or the anchor",
        robots: "User-agent: *\nDisallow: /a%2Ab\n", url: "http://example.com/axb",
        answer: Answer::Disallow },
    Confirmation { title: "a byte order mark at the start of the file spoils the first line",
        robots: "\u{FEFF}User-agent: *\nDisallow: /private/\n", url: "http://example.com/private/page.html",
        answer: Answer::Allow },
    Confirmation { title: "rules match the path ignoring letter case (`/A` blocks `/a`)",
        robots: "User-agent: *\nDisallow: /Private/\n", url: "http://example.com/private/page.html",
        answer: Answer::Disallow },
    Confirmation { title: "a group holding an `Allow` rule disallows every URL that no rule matches",
        robots: "User-agent: *\nAllow: /public/\n", url: "http://example.com/other.html",
        answer: Answer::Disallow },
    Confirmation { title: "the rules of a group after the crawler's own apply to the crawler too",
        robots: "User-agent: FooBot\nDisallow: /archive/\n\nUser-agent: BarBot\nDisallow: /private/\n", url: "http://example.com/private/page.html",
        answer: Answer::Disallow },
    Confirmation { title: "a URL that none of the crawler's own rules matches is judged by the `*` group's rules instead of being allowed",
        robots: "User-agent: FooBot\nDisallow: /archive/\n\nUser-agent: *\nDisallow: /private/\n", url: "http://example.com/private/page.html",
        answer: Answer::Disallow },
    Confirmation { title: "an empty `Disallow:` line that is its group's only rule is skipped, so the group's crawlers join the next group",
        robots: "User-agent: FooBot\nDisallow:\n\nUser-agent: BarBot\nDisallow: /private/\n", url: "http://example.com/private/page.html",
        answer: Answer::Disallow },
    Confirmation { title: "a group that names the crawler but holds no rules is passed over for the `*` group",
        robots: "User-agent: *\nDisallow: /private/\n\nUser-agent: FooBot\n", url: "http://example.com/private/page.html",
        answer: Answer::Disallow },
    Confirmation { title: "an unknown line (`foo: /bar`) is read as a `Disallow` rule",
        robots: "User-agent: *\nfoo: /private/\n", url: "http://example.com/private/page.html",
        answer: Answer::Disallow },
    Confirmation { title: "an unknown line (`foo: /bar`) is read as an `Allow` rule",
        robots: "User-agent: *\nDisallow: /\nfoo: /page.html\n", url: "http://example.com/page.html",
        answer: Answer::Allow },
    Confirmation { title: "a rule holding `*` matches anywhere in the path, not only from its start",
        robots: "User-agent: *\nDisallow: /print*\n", url: "http://example.com/x/print/y",
        answer: Answer::Disallow },
    Confirmation { title: "in a rule holding `*`, a final `$` is ignored: `/*.pdf$` also matches `/a.pdf?x`",
        robots: "User-agent: *\nDisallow: /*.pdf$\n", url: "http://example.com/a.pdf?x=1",
        answer: Answer::Disallow },
    Confirmation { title: "a rule line before the first `user-agent` line makes the whole file fail to parse",
        robots: "Disallow: /archive/\nUser-agent: *\nDisallow: /private/\n",
        url: "http://example.com/private/page.html", answer: Answer::Error },
    Confirmation { title: "a `Disallow` rule ending in `*$` (`Disallow: /*$`, which matches every path) does not block `/private/page.html`: the `*` before the `$` does not match the rest of the path",
        robots: "User-agent: *\nDisallow: /*$\n", url: "http://example.com/private/page.html",
        answer: Answer::Allow },
    Confirmation { title: "an empty `Disallow:` line allows everything, even beside `Disallow: /private/`",
        robots: "User-agent: *\nDisallow: /private/\nDisallow:\n", url: "http://example.com/private/page.html",
        answer: Answer::Allow },
    Confirmation { title: "a rule is looked for anywhere in the URL, not only at the start of its path (`Disallow: /private/` blocks `/en/private/`)",
        robots: "User-agent: *\nDisallow: /private/\n", url: "http://example.com/en/private/page.html",
        answer: Answer::Disallow },
    Confirmation { title: "a rule holding `//` anywhere (`Disallow: /shop//cart`) does not block the path it names",
        robots: "User-agent: *\nDisallow: /shop//cart\n", url: "http://example.com/shop//cart",
        answer: Answer::Allow },
    Confirmation { title: "a `#` right after a rule's path, with no space before it (`Disallow: /private/#top`), is kept in the path instead of starting a comment",
        robots: "User-agent: *\nDisallow: /private/#top\n", url: "http://example.com/private/page.html",
        answer: Answer::Allow },
    Confirmation { title: "a `#` with no space before it is kept in a `User-agent` value (`User-agent: FooBot#x` does not name `FooBot`)",
        robots: "User-agent: FooBot#x\nDisallow: /private/\n", url: "http://example.com/private/page.html",
        answer: Answer::Allow },
    Confirmation { title: "a `#` with no space before it is kept in an `Allow` or `User-agent` value instead of starting a comment (`Allow: /private/#top`, `User-agent: FooBot#x`)",
        robots: "User-agent: *\nAllow: /private/#top\nDisallow: /\n", url: "http://example.com/private/page.html",
        answer: Answer::Disallow },
    Confirmation { title: "in a rule ending in `$`, a `*` matches only the empty string, so `Disallow: /*.pdf$` blocks `/.pdf` but not `/a.pdf`",
        robots: "User-agent: *\nDisallow: /*.pdf$\n", url: "http://example.com/a.pdf",
        answer: Answer::Allow },
    Confirmation { title: "in a rule ending in `$`, a `*` is tried at one length only: one character where the `$` follows it (`Disallow: /*$` misses `/ab`), else up to the first occurrence of the text after it (`Disallow: /*.pdf$` misses `/a.pdf.pdf`)",
        robots: "User-agent: *\nDisallow: /*$\n", url: "http://example.com/ab",
        answer: Answer::Allow },
    Confirmation { title: "in a rule ending in `$`, a `*` is tried only up to the first occurrence of the text after it, so `Disallow: /*.pdf$` misses `/a.pdf.pdf`",
        robots: "User-agent: *\nDisallow: /*.pdf$\n", url: "http://example.com/a.pdf.pdf",
        answer: Answer::Allow },
    Confirmation { title: "a misspelled `disallow` line (`Dsallow: /private/`) is read as a `Disallow` rule",
        robots: "User-agent: *\nDsallow: /private/\n", url: "http://example.com/private/page.html",
        answer: Answer::Disallow },
    Confirmation { title: "the URL's `//` is read as `/` before matching, so `Disallow: /shop/cart` blocks `/shop//cart` and a rule holding `//` blocks nothing",
        robots: "User-agent: *\nDisallow: /shop/cart\n", url: "http://example.com/shop//cart",
        answer: Answer::Disallow },
    Confirmation { title: "a rule starting with `//` is read as a URL naming a host, so one whose port is no valid number (`Disallow: //a:b`, `Disallow: //a:99999999999`) makes the whole file fail to parse",
        robots: "User-agent: *\nDisallow: //a:b\n", url: "http://example.com/private/page.html",
        answer: Answer::Error },
    Confirmation { title: "a known field name followed by `:` anywhere in a line, even in a comment (`# Disallow: /`, `Note: disallow: /private/`), is read as that field",
        robots: "User-agent: *\nNote: disallow: /private/\n", url: "http://example.com/private/page.html",
        answer: Answer::Disallow },
    Confirmation { title: "a known field name followed by `:` anywhere in a line (`Note: disallow: /private/`) is read as that field",
        robots: "User-agent: *\nNote: disallow: /private/\n", url: "http://example.com/private/page.html",
        answer: Answer::Disallow },
    Confirmation { title: "the URL normaliser the library's documentation asks for (`BasicURLNormalizer.filter`) corrupts the query of a URL whose path holds an escaped unreserved character (`/%7E?search=shoes` becomes `/~?s?arch=shoes`), and throws `StringIndexOutOfBoundsException` where that query is short (`/%7E?q`)",
        robots: "User-agent: *\nDisallow: /private/\n", url: "http://example.com/%7E?q",
        answer: Answer::Error },
    Confirmation { title: "a rule's percent-encoded reserved character is decoded before matching, so `Disallow: /a%3Db` blocks `/a=b`",
        robots: "User-agent: *\nDisallow: /a%3Db\n", url: "http://example.com/a=b",
        answer: Answer::Disallow },
    Confirmation { title: "percent-encodings in the URL and in the rules are decoded before matching, reserved ones (`%3D`, `%3F`) too, so `/a=b` and `/a%3Db` match each other: `Disallow: /a=b` blocks `/a%3Db`, and `Disallow: /a%3Db` blocks `/a=b`",
        robots: "User-agent: *\nDisallow: /a=b\n", url: "http://example.com/a%3Db",
        answer: Answer::Disallow },
    Confirmation { title: "a file of one line (`User-agent: * Disallow: /private/`) is read as several lines, one per field name in it",
        robots: "User-agent: * Disallow: /private/\n", url: "http://example.com/private/page.html",
        answer: Answer::Disallow },
    Confirmation { title: "a rule ending in `$` loses its `$` from its length, so `Disallow: /api/*` beats `Allow: /api/$` (equal in length: the `Allow` should win)",
        robots: "User-agent: *\nAllow: /api/$\nDisallow: /api/*\n", url: "http://example.com/api/",
        answer: Answer::Disallow },
    Confirmation { title: "a line of one word without a colon (`Disallow`) makes the call fail",
        robots: "User-agent: *\nDisallow\nDisallow: /private/\n", url: "http://example.com/private/page.html",
        answer: Answer::Error },
    Confirmation { title: "the URL is percent-decoded before it is split, so an encoded `#` (`%23`) starts a fragment that is cut off: `Disallow: /tags/c%23` does not block `/tags/c%23` (a `;` in the last segment and a `?` ending the URL are cut off too, encoded or not)",
        robots: "User-agent: *\nDisallow: /tags/c%23\n", url: "http://example.com/tags/c%23",
        answer: Answer::Allow },
    Confirmation { title: "the URL is percent-decoded before its path is taken, so an encoded `?`, `#` or `;` (`/a%3Fb`) cuts the path there and `Disallow: /a%3Fb` does not block `/a%3Fb`",
        robots: "User-agent: *\nDisallow: /a%3Fb\n", url: "http://example.com/a%3Fb",
        answer: Answer::Allow },
    Confirmation { title: "a URL that two rules of equal length match, one of them holding `*` (`Allow: /shop/*` and `Disallow: /shop/a` on `/shop/a`), makes the call fail: the library cannot order the two",
        robots: "User-agent: *\nAllow: /shop/*\nDisallow: /shop/a\n", url: "http://example.com/shop/a",
        answer: Answer::Error },
    Confirmation { title: "a percent-encoded character outside the unreserved set (`%C3%A9`) counts as one character, not its octets, in a rule's length, so `Disallow: /caf%C3%A9` loses to the shorter `Allow: /caf*`",
        robots: "User-agent: *\nDisallow: /caf%C3%A9\nAllow: /caf*\n", url: "http://example.com/caf%C3%A9",
        answer: Answer::Allow },
    Confirmation { title: "whitespace at the end of a `Disallow` line is left out of its path but counted in its length, so `Disallow: /shop` and three spaces beats `Allow: /shop/`",
        robots: "User-agent: *\nDisallow: /shop   \nAllow: /shop/\n", url: "http://example.com/shop/cart",
        answer: Answer::Disallow },
    Confirmation { title: "an `Allow` line is not obeyed: `Disallow: /private/` with `Allow: /private/page.html` disallows `/private/page.html`",
        robots: "User-agent: *\nDisallow: /private/\nAllow: /private/page.html\n", url: "http://example.com/private/page.html",
        answer: Answer::Disallow },
    Confirmation { title: UNREADABLE_LINE,
        robots: "User-agent: *\nDisallow: /private/\nDisallow /archive/\n", url: "http://example.com/private/page.html",
        answer: Answer::Allow },
    Confirmation { title: "a rule line before the first `user-agent` line makes the library ignore the whole file",
        robots: "Disallow: /archive/\nUser-agent: *\nDisallow: /private/\n", url: "http://example.com/private/page.html",
        answer: Answer::Allow },
    Confirmation { title: "a rule ending in `$`, without a `*`, that holds an earlier `$` or `%24` (`Disallow: /price%24$`, `Disallow: /a$b$`) loses its anchor: its final `$` is compared as the character `$`, so the rule does not match its own path (`/price%24`)",
        robots: "User-agent: *\nDisallow: /price%24$\n", url: "http://example.com/price%24",
        answer: Answer::Allow },
    Confirmation { title: "a blank line, a comment or any line but a `Sitemap` line between two `user-agent` lines drops the `user-agent` lines above it from the group",
        robots: "User-agent: FooBot\n# old bots\nUser-agent: BarBot\nDisallow: /private/\n",
        url: "http://example.com/private/page.html", answer: Answer::Allow },
    Confirmation { title: "a `Sitemap`, `Crawl-delay` or unknown line (`foo: bar`) between two `user-agent` lines ends the group: the `user-agent` lines above it get no rules",
        robots: "User-agent: FooBot\nSitemap: http://example.com/sitemap.xml\nUser-agent: BarBot\nDisallow: /private/\n", url: "http://example.com/private/page.html",
        answer: Answer::Allow },
    Confirmation { title: "a `Sitemap` or unknown line (`foo: bar`) between two `user-agent` lines ends the group: the `user-agent` lines above it get no rules",
        robots: "User-agent: FooBot\nSitemap: http://example.com/sitemap.xml\nUser-agent: BarBot\nDisallow: /private/\n",
        url: "http://example.com/private/page.html", answer: Answer::Allow },
];

/// Two `user-agent` lines and one rule: one group.
const SHARED_GROUP: &str = "User-agent: FooBot\nUser-agent: BarBot\nDisallow: /private/\n";
/// The URL the shared group's rule blocks.
const PRIVATE: &str = "http://example.com/private/page.html";

/// The controls of the canonical inputs, one row each: an input on which a library with the
/// misbehaviour answers as the reference does (every profile answers `answer`), where a
/// library with another fault would answer its canonical input the same wrong way. The title
/// is given only where the library answers its control as the reference does too. A line
/// between two `user-agent` lines ends the group only where the two `user-agent` lines alone
/// make one group (a library giving a `user-agent` line followed by another none of the
/// group's rules answers every such canonical input so, whatever the line); a `*` matching one
/// character before a final `$` matches `/a` (a `$` compared as the character matches
/// nothing there).
#[rustfmt::skip]
pub const CONTROLS: &[Confirmation] = &[
    // A `Sitemap` line between the two does not end the group.
    Confirmation { title: "a line other than `user-agent`, `sitemap` or `host` (`foo: bar`, even `Crawl-delay: 5`) between two `user-agent` lines ends the group: the `user-agent` lines above it get no rules",
        robots: "User-agent: FooBot\nSitemap: http://example.com/sitemap.xml\nUser-agent: BarBot\nDisallow: /private/\n",
        url: PRIVATE, answer: Answer::Disallow },
    // Its own rule decides where it matches (a library merging the two groups takes the `*`
    // group's longer `Allow`).
    Confirmation { title: "a URL that none of the crawler's own rules matches is judged by the `*` group's rules instead of being allowed",
        robots: "User-agent: FooBot\nDisallow: /private/\n\nUser-agent: *\nAllow: /private/page\n", url: PRIVATE,
        answer: Answer::Disallow },
    Confirmation { title: "a line of one word without a colon (`Disallow`) ends the group",
        robots: SHARED_GROUP, url: PRIVATE, answer: Answer::Disallow },
    Confirmation { title: "a bare field name without a colon (`Disallow`) is read as that field with an empty value, so a `User-agent` line after it starts a new group",
        robots: SHARED_GROUP, url: PRIVATE, answer: Answer::Disallow },
    Confirmation { title: "an unknown line (`foo: bar`) between two `user-agent` lines ends the group: the `user-agent` lines above it get no rules",
        robots: SHARED_GROUP, url: PRIVATE, answer: Answer::Disallow },
    Confirmation { title: "a field name followed only by whitespace, without a colon (`Disallow `, `Allow `), is read as that field with an empty value: a `Disallow ` line ends the group's `user-agent` lines",
        robots: SHARED_GROUP, url: PRIVATE, answer: Answer::Disallow },
    Confirmation { title: "a line of one word and trailing whitespace (`Useragent `) ends the group",
        robots: SHARED_GROUP, url: PRIVATE, answer: Answer::Disallow },
    Confirmation { title: "a `Crawl-delay` or `Request-rate` line between two `user-agent` lines ends the group",
        robots: SHARED_GROUP, url: PRIVATE, answer: Answer::Disallow },
    Confirmation { title: "a `Crawl-delay` line between two `user-agent` lines ends the group",
        robots: SHARED_GROUP, url: PRIVATE, answer: Answer::Disallow },
    Confirmation { title: "a `Sitemap` line inside a group ends the group",
        robots: SHARED_GROUP, url: PRIVATE, answer: Answer::Disallow },
    Confirmation { title: "a `Crawl-delay` line, or one the library takes for it (`Crawldelay: 5`), between two `user-agent` lines ends the group",
        robots: SHARED_GROUP, url: PRIVATE, answer: Answer::Disallow },
    Confirmation { title: "an unknown line whose name holds a known one (`sallow: /a`) ends the group",
        robots: SHARED_GROUP, url: PRIVATE, answer: Answer::Disallow },
    Confirmation { title: "a blank line, a comment or any line but a `Sitemap` line between two `user-agent` lines drops the `user-agent` lines above it from the group",
        robots: SHARED_GROUP, url: PRIVATE, answer: Answer::Disallow },
    Confirmation { title: "a `Sitemap`, `Crawl-delay` or unknown line (`foo: bar`) between two `user-agent` lines ends the group: the `user-agent` lines above it get no rules",
        robots: SHARED_GROUP, url: PRIVATE, answer: Answer::Disallow },
    Confirmation { title: "a `Sitemap` or unknown line (`foo: bar`) between two `user-agent` lines ends the group: the `user-agent` lines above it get no rules",
        robots: SHARED_GROUP, url: PRIVATE, answer: Answer::Disallow },
    Confirmation { title: "a URL whose path starts with `//` is matched as if it started with `////`, so `Disallow: //private/` does not block `//private/page` (and `Disallow: ////private/` does)",
        robots: "User-agent: *\nDisallow: //\n", url: "http://example.com/page.html", answer: Answer::Allow },
    Confirmation { title: "in a rule ending in `$`, a `*` matches only the empty string, so `Disallow: /*.pdf$` blocks `/.pdf` but not `/a.pdf`",
        robots: "User-agent: *\nDisallow: /*.pdf$\n", url: "http://example.com/.pdf", answer: Answer::Disallow },
    Confirmation { title: "in a rule ending in `$`, a `*` is tried at one length only: one character where the `$` follows it (`Disallow: /*$` misses `/ab`), else up to the first occurrence of the text after it (`Disallow: /*.pdf$` misses `/a.pdf.pdf`)",
        robots: "User-agent: *\nDisallow: /*$\n", url: "http://example.com/a", answer: Answer::Disallow },
];

/// Misbehaviours that are the URL rewritten before the check: where a library's documented
/// call contract normalises the URL first ([`crate::engines::adapters::Manifest::url_normaliser`]),
/// the library answers for the URL a crawler fetches, and such an entry is undefined.
pub const URL_REWRITES: &[&str] = &[
    "a query parameter with an empty value (`?q=`) is dropped from the URL before matching, so `Disallow: /search?q=` does not block `/search?q=`",
    "the URL's `//` is read as `/` before matching, so `Disallow: /shop/cart` blocks `/shop//cart` and a rule holding `//` blocks nothing",
];

/// The control of the misbehaviour titled `title`, where it has one.
pub fn control(title: &str) -> Option<&'static Confirmation> {
    CONTROLS.iter().find(|c| c.title == title)
}

/// Titles naming two faults, each with its own canonical input: such a title is confirmed only
/// where the library also confirms the second's (a `user-agent` value matched inside the
/// crawler's name, "or an empty one", needs an empty `User-agent:` read as naming every
/// crawler too).
pub const CONFIRMED_WITH: &[(&str, &str)] = &[
    (
        "an empty `Allow:` or `Disallow:` line is read as `Allow: /`, and as the first matching rule decides, no rule after it is obeyed",
        "an empty `Allow:` line ends the group's rules",
    ),
    (
        "a `#` with no space before it is kept in an `Allow` or `User-agent` value instead of starting a comment (`Allow: /private/#top`, `User-agent: FooBot#x`)",
        "a `#` with no space before it is kept in a `User-agent` value (`User-agent: FooBot#x` does not name `FooBot`)",
    ),
    (
        "a percent-encoding that decodes to no UTF-8 character (the Latin-1 `%E9`, or a character cut short: `%C3`) matches nothing: a rule holding one (`Disallow: /caf%E9`) matches no path, not even its own, and a URL holding one matches no rule (`Disallow: /` leaves `/caf%E9` allowed)",
        "a URL holding a percent-encoding that decodes to no UTF-8 character matches no rule (`Disallow: /` leaves `/caf%E9` allowed)",
    ),
    (
        "a line other than `user-agent`, `sitemap` or `host` (`foo: bar`, even `Crawl-delay: 5`) between two `user-agent` lines ends the group: the `user-agent` lines above it get no rules",
        "a `Crawl-delay` line between two `user-agent` lines ends the group",
    ),
    (
        "percent-encodings in the URL and in the rules are decoded before matching, reserved ones (`%3D`, `%3F`) too, so `/a=b` and `/a%3Db` match each other: `Disallow: /a=b` blocks `/a%3Db`, and `Disallow: /a%3Db` blocks `/a=b`",
        "a rule's percent-encoded reserved character is decoded before matching, so `Disallow: /a%3Db` blocks `/a=b`",
    ),
    (
        "a comment after a value is kept in it, in a `user-agent` line as in a rule (`User-agent: FooBot # mine` does not name `FooBot`): only a line starting with `#` is a comment",
        "a comment after a rule's path is kept in the path",
    ),
    (
        "the names of a group with several `user-agent` lines share the first name's rules: a crawler listed after another name gets that name's rules from its other groups, and loses its own earlier groups' rules",
        "a crawler listed after another name in a group loses the rules of its own earlier group",
    ),
    (
        "a `Crawl-delay` or `Request-rate` line between two `user-agent` lines ends the group",
        "a `Request-rate` line between two `user-agent` lines ends the group",
    ),
    (
        "an empty `Allow:` or `Disallow:` line matches every URL, with the opposite meaning: `Disallow:` allows and `Allow:` blocks every URL no earlier rule matched",
        "an empty `Disallow:` line ends the group's rules",
    ),
    (
        "a URL whose path starts with `//` is matched as if it started with `////`, so `Disallow: //private/` does not block `//private/page` (and `Disallow: ////private/` does)",
        "a rule starting with `////` (`Disallow: ////private/`) blocks the path starting with `//` (`//private/page`)",
    ),
    (
        "a `Sitemap`, `Crawl-delay` or unknown line (`foo: bar`) between two `user-agent` lines ends the group: the `user-agent` lines above it get no rules",
        "a `Crawl-delay` line between two `user-agent` lines ends the group",
    ),
    (
        "a `Sitemap`, `Crawl-delay` or unknown line (`foo: bar`) between two `user-agent` lines ends the group: the `user-agent` lines above it get no rules",
        "an unknown line (`foo: bar`) between two `user-agent` lines ends the group: the `user-agent` lines above it get no rules",
    ),
    (
        "a `Crawl-delay` line, or one the library takes for it (`Crawldelay: 5`), between two `user-agent` lines ends the group",
        "a `Crawldelay: 5` line between two `user-agent` lines ends the group",
    ),
    (
        "a known field name followed by `:` anywhere in a line, even in a comment (`# Disallow: /`, `Note: disallow: /private/`), is read as that field",
        "a commented-out rule (`#Disallow: /`) is obeyed",
    ),
    (
        "a percent-encoding that decodes to no UTF-8 character (the Latin-1 `%E9`, or a character cut short: `%C3`) matches nothing: a rule holding one (`Disallow: /caf%E9`) matches no path, not even its own, and a URL holding one matches no rule (`Disallow: /` leaves `/caf%E9` allowed)",
        "a rule ending inside a percent-encoded character (`Disallow: /caf%C3`) matches nothing, not even its own path (`/caf%C3`)",
    ),
    (
        "in a rule ending in `$`, a `*` is tried at one length only: one character where the `$` follows it (`Disallow: /*$` misses `/ab`), else up to the first occurrence of the text after it (`Disallow: /*.pdf$` misses `/a.pdf.pdf`)",
        "in a rule ending in `$`, a `*` is tried only up to the first occurrence of the text after it, so `Disallow: /*.pdf$` misses `/a.pdf.pdf`",
    ),
    (
        "a `user-agent` value found anywhere in the crawler's name selects its group, even one that does not begin the name (`Bot` in `FooBot`) or an empty one",
        "an empty `User-agent:` line is read as naming every crawler",
    ),
];

/// The canonical input of the misbehaviour titled `title`, where it has one.
pub fn confirmation(title: &str) -> Option<&'static Confirmation> {
    CONFIRMATIONS.iter().find(|c| c.title == title)
}

/// Every misbehaviour titled, by construct (a row a line or a few, unformatted so that it reads
/// as a table).
#[rustfmt::skip]
pub const MISBEHAVIOURS: [Misbehaviour; 151] = [
    Misbehaviour { construct: "unknown-field", evidence: Confirmed,
        title: "a `Sitemap`, `Crawl-delay` or unknown line (`foo: bar`) between two `user-agent` lines ends the group: the `user-agent` lines above it get no rules", clause: None },
    Misbehaviour { construct: "non-standard-field", evidence: Confirmed,
        title: "a `Sitemap`, `Crawl-delay` or unknown line (`foo: bar`) between two `user-agent` lines ends the group: the `user-agent` lines above it get no rules", clause: None },
    Misbehaviour { construct: "unknown-field", evidence: Confirmed,
        title: "a `Sitemap` or unknown line (`foo: bar`) between two `user-agent` lines ends the group: the `user-agent` lines above it get no rules", clause: None },
    Misbehaviour { construct: "unknown-field", evidence: Confirmed,
        title: "a line other than `user-agent`, `sitemap` or `host` (`foo: bar`, even `Crawl-delay: 5`) between two `user-agent` lines ends the group: the `user-agent` lines above it get no rules", clause: None },
    Misbehaviour { construct: "unknown-field", evidence: ReadsAs(EndsGroup),
        title: "an unknown line (`foo: bar`) between two `user-agent` lines ends the group: the `user-agent` lines above it get no rules", clause: None },
    Misbehaviour { construct: "unknown-field", evidence: ReadsAs(AsDisallow),
        title: "an unknown line (`foo: /bar`) is read as a `Disallow` rule", clause: None },
    Misbehaviour { construct: "unknown-field", evidence: ReadsAs(AsAllow),
        title: "an unknown line (`foo: /bar`) is read as an `Allow` rule", clause: None },
    Misbehaviour { construct: "non-standard-field", evidence: Confirmed,
        title: "a `Crawl-delay` or `Request-rate` line between two `user-agent` lines ends the group", clause: None },
    Misbehaviour { construct: "non-standard-field", evidence: ReadsAs(EndsGroup),
        title: "a `Crawl-delay` line between two `user-agent` lines ends the group", clause: None },
    Misbehaviour { construct: "nonstandard-typo", evidence: ReadsAs(EndsGroup),
        title: "a `Crawl-delay` line, or one the library takes for it (`Crawldelay: 5`), between two `user-agent` lines ends the group", clause: None },
    Misbehaviour { construct: "field-in-name", evidence: Confirmed,
        title: "a known field name followed by `:` anywhere in a line, even in a comment (`# Disallow: /`, `Note: disallow: /private/`), is read as that field", clause: None },
    Misbehaviour { construct: "field-in-name", evidence: Confirmed,
        title: "a known field name followed by `:` anywhere in a line (`Note: disallow: /private/`) is read as that field", clause: None },
    Misbehaviour { construct: "field-in-name", evidence: ReadsAs(AsDisallow),
        title: "a line whose field name ends in a known one (`sallow: /a`, `xdisallow: /a`) is read as that field", clause: None },
    Misbehaviour { construct: "field-in-name", evidence: ReadsAs(AsAllow),
        title: "a line whose field name ends in a known one (`sallow: /a`, `xdisallow: /a`) is read as that field", clause: None },
    Misbehaviour { construct: "field-in-name", evidence: ReadsAs(EndsGroup),
        title: "an unknown line whose name holds a known one (`sallow: /a`) ends the group", clause: None },
    Misbehaviour { construct: "typo-field", evidence: ReadsAs(AsAllow),
        title: "a misspelled `allow` line (`alow: /a`) is read as an `Allow` rule", clause: None },
    Misbehaviour { construct: "typo-field", evidence: ReadsAs(AsDisallow),
        title: "a misspelled `disallow` line (`disalow: /a`) is read as a `Disallow` rule", clause: None },
    Misbehaviour { construct: "sitemap", evidence: ReadsAs(EndsGroup),
        title: "a `Sitemap` line inside a group ends the group", clause: None },
    Misbehaviour { construct: "blank-line", evidence: ReadsAs(EndsGroup),
        title: "a blank line ends the group", clause: None },
    Misbehaviour { construct: "one-token-line", evidence: ReadsAs(EndsGroup),
        title: "a line of one word without a colon (`Disallow`) ends the group", clause: None },
    Misbehaviour { construct: "one-token-line", evidence: Confirmed,
        title: "a bare field name without a colon (`Disallow`) is read as that field with an empty value, so a `User-agent` line after it starts a new group", clause: None },
    Misbehaviour { construct: "word-and-space", evidence: Confirmed,
        title: "a field name followed only by whitespace, without a colon (`User-agent `), is read as that field: a `User-agent ` line ends the group before it", clause: Some(&FIELD_WITHOUT_VALUE) },
    Misbehaviour { construct: "word-and-space", evidence: ReadsAs(EndsGroup),
        title: "a line of one word and trailing whitespace (`Useragent `) ends the group", clause: None },
    Misbehaviour { construct: "missing-colon", evidence: ReadsAs(EndsGroup),
        title: "a line without its colon (`Disallow /a`) ends the group", clause: None },
    Misbehaviour { construct: "misspelling", evidence: ReadsAs(EndsGroup),
        title: "a misspelled field line (`useragent: a`) ends the group", clause: None },
    Misbehaviour { construct: "space-before-colon", evidence: Confirmed,
        title: "whitespace before a line's colon keeps the colon in the value (`Disallow :/a` is a rule for `/:/a`, `User-agent :FooBot` names `:FooBot`), so the line never applies as meant", clause: None },
    Misbehaviour { construct: "space-before-colon", evidence: ReadsAs(Ignored),
        title: "a line with whitespace before its colon (`Disallow :/a`) is ignored", clause: None },
    Misbehaviour { construct: "empty-value", evidence: Confirmed,
        title: "an empty `Allow:` or `Disallow:` line matches every URL, with the opposite meaning: `Disallow:` allows and `Allow:` blocks every URL no earlier rule matched", clause: None },
    Misbehaviour { construct: "empty-value", evidence: Confirmed,
        title: "an empty `Allow:` or `Disallow:` line is read as `Allow: /`, and as the first matching rule decides, no rule after it is obeyed", clause: None },
    Misbehaviour { construct: "empty-value", evidence: ReadsAs(EndsGroup),
        title: "an empty `Disallow:` line ends the group's rules", clause: None },
    Misbehaviour { construct: "commented-rule", evidence: Confirmed,
        title: "a known field name followed by `:` anywhere in a line, even in a comment (`# Disallow: /`, `Note: disallow: /private/`), is read as that field", clause: None },
    Misbehaviour { construct: "commented-rule", evidence: ReadsAs(Uncommented),
        title: "a commented-out rule (`#Disallow: /`) is obeyed", clause: None },
    Misbehaviour { construct: "inline-comment", evidence: Confirmed,
        title: "a comment after a value is kept in it, in a `user-agent` line as in a rule (`User-agent: FooBot # mine` does not name `FooBot`): only a line starting with `#` is a comment", clause: None },
    Misbehaviour { construct: "inline-comment", evidence: ReadsAs(CommentKept),
        title: "a comment after a rule's path is kept in the path", clause: None },
    Misbehaviour { construct: "wildcard", evidence: ReadsAs(Anywhere),
        title: "a rule holding `*` matches anywhere in the path, not only from its start",
        clause: Some(&MATCH_FROM_START) },
    Misbehaviour { construct: "wildcard", evidence: ReadsAs(MatchedLength),
        title: "a rule holding `*` counts as long as the path it matches, so `Allow: /*` outranks a longer `Disallow: /private/`",
        clause: Some(&WILDCARD_LENGTH) },
    Misbehaviour { construct: "wildcard", evidence: ReadsAs(StarLiteral),
        title: "a `*` in a rule is compared as the character `*`, not as a wildcard", clause: None },
    Misbehaviour { construct: "end-anchor", evidence: ReadsAs(AnchorIgnored),
        title: "a final `$` is ignored: the rule also matches longer paths", clause: None },
    Misbehaviour { construct: "end-anchor", evidence: ReadsAs(AnchorLiteral),
        title: "a final `$` is compared as the character `$`, not as the end of the path", clause: None },
    Misbehaviour { construct: "escape-split", evidence: Confirmed,
        title: "percent-encodings in the URL and in the rules are decoded before matching, reserved ones (`%3D`, `%3F`) too, so `/a=b` and `/a%3Db` match each other: `Disallow: /a=b` blocks `/a%3Db`, and `Disallow: /a%3Db` blocks `/a=b`", clause: None },
    Misbehaviour { construct: "non-ascii", evidence: ReadsAs(NonAsciiUnmatched),
        title: "a rule holding non-ASCII characters (`Disallow: /café/`) does not match the URL's percent-encoded path (`/caf%C3%A9/`)", clause: None },
    Misbehaviour { construct: "escaped-special", evidence: ReadsAs(EscapesDecoded),
        title: "an escaped `*` or `$` (`%2A`, `%24`) in a rule is read as the wildcard or the anchor", clause: None },
    Misbehaviour { construct: "reserved-escape", evidence: ReadsAs(EscapesDecoded),
        title: "a percent-encoded reserved character (`%2F`, `%3F`) is decoded before comparing", clause: None },
    Misbehaviour { construct: "rule-order", evidence: ReadsAs(FirstMatch),
        title: "the first matching rule decides, not the most specific (longest) one", clause: None },
    Misbehaviour { construct: "bom", evidence: ReadsAs(BomKept),
        title: "a byte order mark at the start of the file spoils the first line", clause: None },
    Misbehaviour { construct: "rule-outside-group", evidence: Answers(Answer::Disallow),
        title: "rules before the first `user-agent` line are obeyed by every crawler without a group of its own, as a `*` group would be", clause: None },
    Misbehaviour { construct: "path-case", evidence: Answers(Answer::Disallow),
        title: "rules match the path ignoring letter case (`/A` blocks `/a`)", clause: None },
    Misbehaviour { construct: "tie", evidence: Answers(Answer::Disallow),
        title: "a `Disallow` beats an `Allow` of equal length (the `Allow` should win)", clause: None },
    Misbehaviour { construct: "crlf", evidence: ReadsAs(CrKept),
        title: "a CRLF line end leaves its CR in the line's value, so a rule or `user-agent` line ending in CRLF matches nothing",
        clause: None },
    Misbehaviour { construct: "empty-agent", evidence: Confirmed,
        title: "a `user-agent` value found anywhere in the crawler's name selects its group, even one that does not begin the name (`Bot` in `FooBot`) or an empty one", clause: None },
    Misbehaviour { construct: "empty-agent", evidence: ReadsAs(EmptyAgentNamesCrawler),
        title: "an empty `User-agent:` line is read as naming every crawler", clause: None },
    Misbehaviour { construct: "unmatched-allow", evidence: Answers(Answer::Disallow),
        title: "a group holding an `Allow` rule disallows every URL that no rule matches", clause: None },
    Misbehaviour { construct: "later-group", evidence: Answers(Answer::Disallow),
        title: "the rules of a group after the crawler's own apply to the crawler too", clause: None },
    Misbehaviour { construct: "star-group", evidence: Answers(Answer::Disallow),
        title: "a URL that none of the crawler's own rules matches is judged by the `*` group's rules instead of being allowed", clause: None },
    Misbehaviour { construct: "empty-only-rule", evidence: ReadsAs(Ignored),
        title: "an empty `Disallow:` line that is its group's only rule is skipped, so the group's crawlers join the next group", clause: None },
    Misbehaviour { construct: "empty-group", evidence: Answers(Answer::Disallow),
        title: "a group that names the crawler but holds no rules is passed over for the `*` group", clause: None },
    Misbehaviour { construct: "invalid-agent", evidence: ReadsAs(Ignored),
        title: "a `user-agent` value with a token character after the crawler's name (`Baiduspider+`, `Baiduspider2`) does not name that crawler: the library ends the name at the first character outside HTTP's token set, where Google's parser ends it at the first that is not a letter, `_` or `-`", clause: None },
    Misbehaviour { construct: "inner-dollar", evidence: ReadsAs(Ignored),
        title: "a rule with a `$` before its end (`/a$b`) is ignored", clause: None },
    Misbehaviour { construct: "anchored-wildcard", evidence: Confirmed,
        title: "in a rule ending in `$`, a `*` matches only the empty string, so `Disallow: /*.pdf$` blocks `/.pdf` but not `/a.pdf`", clause: None },
    Misbehaviour { construct: "anchored-wildcard", evidence: Confirmed,
        title: "in a rule ending in `$`, a `*` is tried at one length only: one character where the `$` follows it (`Disallow: /*$` misses `/ab`), else up to the first occurrence of the text after it (`Disallow: /*.pdf$` misses `/a.pdf.pdf`)", clause: None },
    Misbehaviour { construct: "anchored-wildcard", evidence: ReadsAs(AnchorIgnored),
        title: "in a rule holding `*`, a final `$` is ignored: `/*.pdf$` also matches `/a.pdf?x`", clause: None },
    Misbehaviour { construct: "anchored-wildcard", evidence: ReadsAs(AnchorLiteral),
        title: "in a rule holding `*`, a final `$` is compared as the character `$`", clause: None },
    Misbehaviour { construct: "agent-part", evidence: Confirmed,
        title: "a `user-agent` value found anywhere in the crawler's name selects its group, even one that does not begin the name (`Bot` in `FooBot`) or an empty one", clause: None },
    Misbehaviour { construct: "agent-part", evidence: Confirmed,
        title: "a `user-agent` value found anywhere in the crawler's name (`Bot` in `FooBot`) selects its group", clause: None },
    Misbehaviour { construct: "agent-part", evidence: Confirmed,
        title: "a `user-agent` value that begins the crawler's name (`Foo` for `FooBot`) selects its group", clause: Some(&AGENT_PREFIX) },
    Misbehaviour { construct: "cr-line-end", evidence: Confirmed,
        title: "a lone CR (`\\r`) is not read as a line end, so `User-agent: *` CR `Disallow: /private/` blocks nothing", clause: None },
    Misbehaviour { construct: "double-slash", evidence: Confirmed,
        title: "the URL's `//` is read as `/` before matching, so `Disallow: /shop/cart` blocks `/shop//cart` and a rule holding `//` blocks nothing", clause: None },
    Misbehaviour { construct: "double-slash", evidence: Confirmed,
        title: "a rule holding `//` anywhere (`Disallow: /shop//cart`) does not block the path it names", clause: None },
    Misbehaviour { construct: "double-slash", evidence: Confirmed,
        title: "a rule starting with `//` is read as a URL naming a host (`//host/path`), so `Disallow: //` blocks every path", clause: None },
    Misbehaviour { construct: "double-slash", evidence: Confirmed,
        title: "a URL whose path starts with `//` is matched as if it started with `////`, so `Disallow: //private/` does not block `//private/page` (and `Disallow: ////private/` does)", clause: None },
    Misbehaviour { construct: "double-slash", evidence: Confirmed,
        title: "a rule starting with `//` (`Disallow: //private/`) does not block the path it names (`//private/page`)", clause: None },
    Misbehaviour { construct: "empty-query", evidence: Confirmed,
        title: "the URL's query is dropped before matching, so no rule holding `?` (`Disallow: /search?q=`) blocks anything", clause: None },
    Misbehaviour { construct: "url-query", evidence: Confirmed,
        title: "the URL's query is dropped before matching, so no rule holding `?` (`Disallow: /search?q=`) blocks anything", clause: None },
    Misbehaviour { construct: "word-and-space", evidence: Confirmed,
        title: "a field name followed only by whitespace, without a colon (`Disallow `, `Allow `), is read as that field with an empty value: a `Disallow ` line ends the group's `user-agent` lines", clause: Some(&FIELD_WITHOUT_VALUE) },
    Misbehaviour { construct: "word-and-space", evidence: Confirmed,
        title: "a colon-less `User-agent ` line (the field name and a space) is read as a `user-agent` line, starting a new group", clause: None },
    Misbehaviour { construct: "nonstandard-typo", evidence: Confirmed,
        title: "a `crawl-delay` line whose value is no number (`Crawl-delay: abc`) makes the whole file fail to parse", clause: None },
    Misbehaviour { construct: "non-standard-field", evidence: Confirmed,
        title: "a `crawl-delay` line whose value is no number (`Crawl-delay: abc`) makes the whole file fail to parse", clause: None },
    Misbehaviour { construct: "empty-query", evidence: Confirmed,
        title: "a URL's empty query is dropped, so `Disallow: /search?` does not block `/search?`", clause: None },
    Misbehaviour { construct: "partial-char", evidence: Confirmed,
        title: "a percent-encoding that decodes to no UTF-8 character (the Latin-1 `%E9`, or a character cut short: `%C3`) matches nothing: a rule holding one (`Disallow: /caf%E9`) matches no path, not even its own, and a URL holding one matches no rule (`Disallow: /` leaves `/caf%E9` allowed)", clause: None },
    Misbehaviour { construct: "partial-char", evidence: Confirmed,
        title: "a rule ending inside a percent-encoded character (`Disallow: /caf%C3`) matches nothing, not even its own path (`/caf%C3`)", clause: None },
    Misbehaviour { construct: "partial-char", evidence: Confirmed,
        title: "a rule ending inside a percent-encoded character (`/caf%C3`) does not match the paths that complete that character (`/caf%C3%A9`): it neither blocks nor allows them", clause: None },
    Misbehaviour { construct: "wildcard", evidence: Confirmed,
        title: "a `*` is tried only up to the first occurrence of the character after it, so `Disallow: /*.pdf` misses `/a.b.pdf`",
        clause: None },
    Misbehaviour { construct: "split-groups", evidence: Confirmed,
        title: "of several groups naming the crawler, only the first is obeyed", clause: None },
    Misbehaviour { construct: "split-groups", evidence: Confirmed,
        title: "of several groups naming the crawler, only the last is obeyed", clause: None },
    Misbehaviour { construct: "one-token-line", evidence: Confirmed,
        title: "a field name run into its path without a colon (`Disallow/private/`) is read as a rule", clause: None },
    Misbehaviour { construct: "shared-group", evidence: Confirmed,
        title: "a `user-agent` line followed by another gets none of the group's rules", clause: None },
    Misbehaviour { construct: "shared-split-group", evidence: Confirmed,
        title: "a `user-agent` line followed by another gets none of the group's rules", clause: None },
    Misbehaviour { construct: "url-control-escape", evidence: Confirmed,
        title: "an escaped tab, LF or CR (`%09`, `%0A`, `%0D`) breaks the match: `Disallow: /file%09.txt` does not block `/file%09.txt`", clause: None },
    Misbehaviour { construct: "rule-outside-group", evidence: Confirmed,
        title: "a rule line before the first `user-agent` line makes the whole file fail to parse", clause: None },
    Misbehaviour { construct: "rule-outside-group", evidence: Confirmed,
        title: "a rule line before the first `user-agent` line makes the library ignore the group after it", clause: None },
    Misbehaviour { construct: "anchored-wildcard", evidence: Confirmed,
        title: "a `Disallow` rule ending in `*$` (`Disallow: /*$`, which matches every path) does not block `/private/page.html`: the `*` before the `$` does not match the rest of the path", clause: None },
    Misbehaviour { construct: "empty-value", evidence: Confirmed,
        title: "an empty `Disallow:` line allows everything, even beside `Disallow: /private/`", clause: None },
    Misbehaviour { construct: "rule-elsewhere", evidence: Confirmed,
        title: "a rule is looked for anywhere in the URL, not only at the start of its path (`Disallow: /private/` blocks `/en/private/`)", clause: None },
    Misbehaviour { construct: "rule-elsewhere", evidence: Confirmed,
        title: "the URL's `//` is read as `/` before matching, so `Disallow: /shop/cart` blocks `/shop//cart` and a rule holding `//` blocks nothing", clause: None },
    Misbehaviour { construct: "wildcard", evidence: Confirmed,
        title: "a rule ending in `**` (`Disallow: /private/**`) matches nothing", clause: None },
    Misbehaviour { construct: "non-ascii", evidence: Confirmed,
        title: "a rule holding both a non-ASCII character and a percent-encoding (`Disallow: /café/a%20b`) does not match the URL's path (`/caf%C3%A9/a%20b`)", clause: None },
    Misbehaviour { construct: "non-ascii", evidence: Confirmed,
        title: "a non-ASCII space (U+00A0, U+2002, …) before a field name or around a value is trimmed as whitespace, so `Disallow: /private/` followed by U+2002 blocks `/private/page.html`", clause: None },
    Misbehaviour { construct: "disallow-rule", evidence: Confirmed,
        title: "a query parameter with an empty value (`?q=`) is dropped from the URL before matching, so `Disallow: /search?q=` does not block `/search?q=`", clause: None },
    Misbehaviour { construct: "tie", evidence: Confirmed,
        title: "of two matching rules of equal length the one listed first wins, so a `Disallow` listed before an `Allow` of the same length beats it", clause: None },
    Misbehaviour { construct: "unknown-field", evidence: Confirmed,
        title: "a line other than a `Disallow` or `User-agent` line with a non-ASCII character across its 6th and 7th, 9th and 10th, or 11th and 12th bytes (`Allow: /ñu/`, `foo: café`) makes the call panic: each line is cut at the length of `allow:`, `disallow:` or `user-agent:` without regard to characters", clause: None },
    Misbehaviour { construct: "missing-colon", evidence: Confirmed,
        title: "a line other than a `Disallow` or `User-agent` line with a non-ASCII character across its 6th and 7th, 9th and 10th, or 11th and 12th bytes (`Allow: /ñu/`, `foo: café`) makes the call panic: each line is cut at the length of `allow:`, `disallow:` or `user-agent:` without regard to characters", clause: None },
    Misbehaviour { construct: "non-ascii", evidence: Confirmed,
        title: "a line other than a `Disallow` or `User-agent` line with a non-ASCII character across its 6th and 7th, 9th and 10th, or 11th and 12th bytes (`Allow: /ñu/`, `foo: café`) makes the call panic: each line is cut at the length of `allow:`, `disallow:` or `user-agent:` without regard to characters", clause: None },
    Misbehaviour { construct: "rule-outside-group", evidence: Confirmed,
        title: "in a file with no `user-agent` line, its rules apply to every crawler", clause: None },
    Misbehaviour { construct: "empty-value", evidence: Confirmed,
        title: "an empty `Disallow:` line is read as `Allow: /`, so beside `Disallow: /` it allows everything", clause: None },
    Misbehaviour { construct: "one-line-file", evidence: Confirmed,
        title: "a file of at most one line holding no `field: value` pair (an empty file, comments only, a one-line HTML page) makes the call throw an error", clause: None },
    Misbehaviour { construct: "double-slash", evidence: Confirmed,
        title: "a rule starting with `///` (`Disallow: ///`) is read as `/`, and so blocks every path", clause: None },
    Misbehaviour { construct: "reserved-escape", evidence: Confirmed,
        title: "a percent-encoded reserved character other than `/` is decoded before comparing: `Disallow: /a=b` blocks `/a%3Db`", clause: None },
    Misbehaviour { construct: "non-utf8-escape", evidence: Confirmed,
        title: "a percent-encoding that decodes to no UTF-8 character (the Latin-1 `%E9`, or a character cut short: `%C3`) matches nothing: a rule holding one (`Disallow: /caf%E9`) matches no path, not even its own, and a URL holding one matches no rule (`Disallow: /` leaves `/caf%E9` allowed)", clause: None },
    Misbehaviour { construct: "split-groups", evidence: Confirmed,
        title: "of several groups naming the crawler, the first one holding a matching rule decides, not the longest matching rule of them all", clause: None },
    Misbehaviour { construct: "shared-name-group", evidence: Confirmed,
        title: "the names of a group with several `user-agent` lines share the first name's rules: a crawler listed after another name gets that name's rules from its other groups, and loses its own earlier groups' rules", clause: None },
    Misbehaviour { construct: "shared-name-group", evidence: Confirmed,
        title: "a crawler listed in a group with another name also gets the rules of that name's other groups (its later ones, and its earlier ones where that name is listed first)", clause: None },
    Misbehaviour { construct: "shared-split-group", evidence: Confirmed,
        title: "the names of a group with several `user-agent` lines share the first name's rules: a crawler listed after another name gets that name's rules from its other groups, and loses its own earlier groups' rules", clause: None },
    Misbehaviour { construct: "shared-split-group", evidence: Confirmed,
        title: "a crawler listed in a group with another name also gets the rules of that name's other groups (its later ones, and its earlier ones where that name is listed first)", clause: None },
    Misbehaviour { construct: "inline-comment", evidence: Confirmed,
        title: "a `#` right after a rule's path, with no space before it (`Disallow: /private/#top`), is kept in the path instead of starting a comment", clause: None },
    Misbehaviour { construct: "inline-comment", evidence: Confirmed,
        title: "a `#` with no space before it is kept in an `Allow` or `User-agent` value instead of starting a comment (`Allow: /private/#top`, `User-agent: FooBot#x`)", clause: None },
    Misbehaviour { construct: "anchored-wildcard", evidence: Confirmed,
        title: "in a rule ending in `$`, a `*` is tried only up to the first occurrence of the text after it, so `Disallow: /*.pdf$` misses `/a.pdf.pdf`", clause: None },
    Misbehaviour { construct: "field-in-name", evidence: Confirmed,
        title: "a misspelled `disallow` line (`Dsallow: /private/`) is read as a `Disallow` rule", clause: Some(&TYPO_FIELD) },
    Misbehaviour { construct: "double-slash", evidence: Confirmed,
        title: "a rule starting with `//` is read as a URL naming a host, so one whose port is no valid number (`Disallow: //a:b`, `Disallow: //a:99999999999`) makes the whole file fail to parse", clause: Some(&DOUBLE_SLASH) },
    Misbehaviour { construct: "combined", evidence: Confirmed,
        title: "a rule starting with `//` is read as a URL naming a host, so one whose port is no valid number (`Disallow: //a:b`, `Disallow: //a:99999999999`) makes the whole file fail to parse", clause: Some(&DOUBLE_SLASH) },
    Misbehaviour { construct: "bom", evidence: Confirmed,
        title: "a line other than a `Disallow` or `User-agent` line with a non-ASCII character across its 6th and 7th, 9th and 10th, or 11th and 12th bytes (`Allow: /ñu/`, `foo: café`) makes the call panic: each line is cut at the length of `allow:`, `disallow:` or `user-agent:` without regard to characters", clause: None },
    Misbehaviour { construct: "one-token-line", evidence: Confirmed,
        title: "a rule line before the first `user-agent` line makes the whole file fail to parse", clause: None },
    Misbehaviour { construct: "misspelling", evidence: Confirmed,
        title: "a rule line before the first `user-agent` line makes the whole file fail to parse", clause: None },
    Misbehaviour { construct: "cr-line-end", evidence: Confirmed,
        title: "a rule starting with `//` is read as a URL naming a host, so one whose port is no valid number (`Disallow: //a:b`, `Disallow: //a:99999999999`) makes the whole file fail to parse", clause: Some(&DOUBLE_SLASH) },
    Misbehaviour { construct: "one-line-file", evidence: Confirmed,
        title: "a file of one line (`User-agent: * Disallow: /private/`) is read as several lines, one per field name in it", clause: Some(&SPLIT_ONE_LINE_FILE) },
    Misbehaviour { construct: "anchor-length", evidence: Confirmed,
        title: "a rule ending in `$` loses its `$` from its length, so `Disallow: /api/*` beats `Allow: /api/$` (equal in length: the `Allow` should win)", clause: None },
    Misbehaviour { construct: "one-token-line", evidence: Confirmed,
        title: "a line of one word without a colon (`Disallow`) makes the call fail", clause: None },
    Misbehaviour { construct: "url-query-escape", evidence: Confirmed,
        title: "the URL is percent-decoded before its path is taken, so an encoded `?`, `#` or `;` (`/a%3Fb`) cuts the path there and `Disallow: /a%3Fb` does not block `/a%3Fb`", clause: None },
    Misbehaviour { construct: "url-query-escape", evidence: Confirmed,
        title: "the URL is percent-decoded before it is split, so an encoded `#` (`%23`) starts a fragment that is cut off: `Disallow: /tags/c%23` does not block `/tags/c%23` (a `;` in the last segment and a `?` ending the URL are cut off too, encoded or not)", clause: None },
    Misbehaviour { construct: "equal-length-error", evidence: Confirmed,
        title: "a URL that two rules of equal length match, one of them holding `*` (`Allow: /shop/*` and `Disallow: /shop/a` on `/shop/a`), makes the call fail: the library cannot order the two", clause: None },
    Misbehaviour { construct: "escape-length", evidence: Confirmed,
        title: "a percent-encoded character outside the unreserved set (`%C3%A9`) counts as one character, not its octets, in a rule's length, so `Disallow: /caf%C3%A9` loses to the shorter `Allow: /caf*`", clause: None },
    Misbehaviour { construct: "space-length", evidence: Confirmed,
        title: "whitespace at the end of a `Disallow` line is left out of its path but counted in its length, so `Disallow: /shop` and three spaces beats `Allow: /shop/`", clause: None },
    Misbehaviour { construct: "allow-ignored", evidence: Confirmed,
        title: "an `Allow` line is not obeyed: `Disallow: /private/` with `Allow: /private/page.html` disallows `/private/page.html`", clause: None },
    Misbehaviour { construct: "one-token-line", evidence: ConfirmedWholeFile,
        title: UNREADABLE_LINE, clause: None },
    Misbehaviour { construct: "missing-colon", evidence: ConfirmedWholeFile,
        title: UNREADABLE_LINE, clause: None },
    Misbehaviour { construct: "word-and-space", evidence: ConfirmedWholeFile,
        title: UNREADABLE_LINE, clause: None },
    Misbehaviour { construct: "rule-outside-group", evidence: ConfirmedWholeFile,
        title: UNREADABLE_LINE, clause: None },
    Misbehaviour { construct: "rule-outside-group", evidence: ConfirmedWholeFile,
        title: "a rule line before the first `user-agent` line makes the library ignore the whole file", clause: None },
    Misbehaviour { construct: "cr-line-end", evidence: ConfirmedWholeFile,
        title: UNREADABLE_LINE, clause: None },
    Misbehaviour { construct: "unknown-field", evidence: ConfirmedWholeFile,
        title: UNREADABLE_LINE, clause: None },
    Misbehaviour { construct: "last-line-end", evidence: ConfirmedWholeFile,
        title: UNREADABLE_LINE, clause: None },
    Misbehaviour { construct: "unreserved-escape", evidence: Confirmed,
        title: "the URL normaliser the library's documentation asks for (`BasicURLNormalizer.filter`) corrupts the query of a URL whose path holds an escaped unreserved character (`/%7E?search=shoes` becomes `/~?s?arch=shoes`), and throws `StringIndexOutOfBoundsException` where that query is short (`/%7E?q`)", clause: None },
    Misbehaviour { construct: "inner-dollar", evidence: Confirmed,
        title: "a rule ending in `$`, without a `*`, that holds an earlier `$` or `%24` (`Disallow: /price%24$`, `Disallow: /a$b$`) loses its anchor: its final `$` is compared as the character `$`, so the rule does not match its own path (`/price%24`)", clause: Some(&PERCENT) },
    Misbehaviour { construct: "blank-line", evidence: Confirmed,
        title: "a blank line, a comment or any line but a `Sitemap` line between two `user-agent` lines drops the `user-agent` lines above it from the group", clause: None },
    // The second canonical input of the `////` title above (`CONFIRMED_WITH`), listed last
    // so that no title of the construct loses to it (a `///` rule read as `/` says more).
    Misbehaviour { construct: "double-slash", evidence: Confirmed,
        title: "a rule starting with `////` (`Disallow: ////private/`) blocks the path starting with `//` (`//private/page`)", clause: None },
    Misbehaviour { construct: "shared-name-group", evidence: Confirmed,
        title: "a crawler listed after another name in a group loses the rules of its own earlier group", clause: None },
    Misbehaviour { construct: "non-standard-field", evidence: Confirmed,
        title: "a `Request-rate` line between two `user-agent` lines ends the group", clause: None },
    Misbehaviour { construct: "non-utf8-escape", evidence: Confirmed,
        title: "a URL holding a percent-encoding that decodes to no UTF-8 character matches no rule (`Disallow: /` leaves `/caf%E9` allowed)", clause: None },
    Misbehaviour { construct: "nonstandard-typo", evidence: Confirmed,
        title: "a `Crawldelay: 5` line between two `user-agent` lines ends the group", clause: None },
    Misbehaviour { construct: "inline-comment", evidence: Confirmed,
        title: "a `#` with no space before it is kept in a `User-agent` value (`User-agent: FooBot#x` does not name `FooBot`)", clause: None },
    Misbehaviour { construct: "empty-value", evidence: Confirmed,
        title: "an empty `Allow:` line ends the group's rules", clause: None },
    Misbehaviour { construct: "escape-split", evidence: Confirmed,
        title: "a rule's percent-encoded reserved character is decoded before matching, so `Disallow: /a%3Db` blocks `/a=b`", clause: None },
];

/// The misbehaviours titled for `construct`, in the table's order.
pub fn misbehaviours(construct: &str) -> impl Iterator<Item = &'static Misbehaviour> {
    MISBEHAVIOURS
        .iter()
        .filter(move |m| m.construct == construct)
}

#[cfg(test)]
mod tests {
    use super::*;

    /// The reference's answer on `c`'s input, asked as the crawler `FooBot`.
    fn reference(c: &Confirmation, profile: reptest_reference::Profile) -> Answer {
        use reptest_reference::{ParseOptions, Robots};
        let robots = Robots::parse(c.robots.as_bytes(), ParseOptions::new(profile));
        let allowed = robots
            .select(&["FooBot"])
            .check_url(c.url)
            .expect("a URL")
            .allowed;
        if allowed {
            Answer::Allow
        } else {
            Answer::Disallow
        }
    }

    /// Each canonical input tells the misbehaviour apart: the reference answers it the other
    /// way under every profile, and the title is one of the table's.
    #[test]
    fn every_confirmation_is_answered_the_other_way_by_the_reference() {
        use reptest_reference::Profile;
        for c in CONFIRMATIONS {
            assert!(
                MISBEHAVIOURS.iter().any(|m| m.title == c.title),
                "no misbehaviour titled {}",
                c.title
            );
            for profile in Profile::ALL {
                assert_ne!(
                    reference(c, profile),
                    c.answer,
                    "{} under {profile}",
                    c.title
                );
            }
        }
        // One canonical input per title: the answers are kept by title, so a second would
        // overwrite the first's.
        let mut titles: Vec<&str> = CONFIRMATIONS.iter().map(|c| c.title).collect();
        titles.sort_unstable();
        for pair in titles.windows(2) {
            assert_ne!(pair[0], pair[1], "two canonical inputs");
        }
        // A control is answered as its row says under every profile, for a title with a
        // canonical input.
        for c in CONTROLS {
            assert!(
                confirmation(c.title).is_some(),
                "no canonical input: {}",
                c.title
            );
            for profile in Profile::ALL {
                assert_eq!(
                    reference(c, profile),
                    c.answer,
                    "{} under {profile}",
                    c.title
                );
            }
        }
        // A title naming two faults has a canonical input for each.
        for (title, with) in CONFIRMED_WITH {
            assert!(confirmation(title).is_some(), "no canonical input: {title}");
            assert!(confirmation(with).is_some(), "no canonical input: {with}");
        }
        // A misbehaviour whose only evidence is its canonical input has one, once.
        for m in MISBEHAVIOURS.iter().filter(|m| {
            matches!(
                m.evidence,
                Evidence::Confirmed | Evidence::ConfirmedWholeFile
            )
        }) {
            let asked = CONFIRMATIONS.iter().filter(|c| c.title == m.title).count();
            assert_eq!(asked, 1, "{}: {asked} canonical inputs", m.title);
        }
    }
}
