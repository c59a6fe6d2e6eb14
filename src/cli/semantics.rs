//! `urigram resolve`, `normalize` and `equivalent`: thin clap wrappers around
//! `urigram::cli_semantics`, which holds the command logic (and its tests).

use super::semantics_logic::{self as cli_semantics, Output};
use clap::{Args, ValueEnum};
use urigram::rfc2396::{LeadingDotDot, ResolveOptions};

use super::{Format, print_or_fail};

fn format(f: Format) -> cli_semantics::Format {
    match f {
        Format::Human => cli_semantics::Format::Human,
        Format::Json => cli_semantics::Format::Json,
        Format::Jsonl => cli_semantics::Format::Jsonl,
    }
}

/// What to do with `..` segments that climb above the root (section 5.2 step 6g, C.2).
#[derive(Clone, Copy, ValueEnum)]
pub enum DotDot {
    /// Keep them: `http://a/../g`, the algorithm's answer.
    Keep,
    /// Remove them: `http://a/g`.
    Strip,
    /// Reject the reference.
    Reject,
}

#[derive(Args)]
pub struct ResolveArgs {
    /// The base URI (absolute).
    base: String,
    /// References to resolve against it, in order.
    #[arg(required = true)]
    references: Vec<String>,
    /// `..` segments above the root.
    #[arg(long, value_enum, default_value = "keep")]
    leading_dot_dot: DotDot,
    /// Read `http:g` as `g` when the base is `http` (C.2, "for backwards compatibility").
    #[arg(long)]
    backwards_compatible_scheme: bool,
    /// Output format.
    #[arg(long, value_enum, default_value = "human")]
    format: Format,
}

#[derive(Args)]
pub struct NormalizeArgs {
    /// URI references to normalize (section 6).
    #[arg(required = true)]
    uris: Vec<String>,
    /// Output format.
    #[arg(long, value_enum, default_value = "human")]
    format: Format,
}

#[derive(Args)]
pub struct EquivalentArgs {
    /// The first URI reference.
    a: String,
    /// The second URI reference.
    b: String,
    /// Output format.
    #[arg(long, value_enum, default_value = "human")]
    format: Format,
}

fn finish(out: Output) -> Result<u8, String> {
    print_or_fail(&out.stdout)?;
    eprint!("{}", out.stderr);
    Ok(u8::try_from(out.code).unwrap_or(2))
}

pub fn resolve(a: ResolveArgs) -> Result<u8, String> {
    let dots = match a.leading_dot_dot {
        DotDot::Keep => LeadingDotDot::Keep,
        DotDot::Strip => LeadingDotDot::Strip,
        DotDot::Reject => LeadingDotDot::Reject,
    };
    let options = ResolveOptions::default()
        .with_leading_dot_dot(dots)
        .with_backwards_compatible_scheme(a.backwards_compatible_scheme);
    finish(cli_semantics::resolve(
        &a.base,
        &a.references,
        options,
        format(a.format),
    ))
}

pub fn normalize(a: NormalizeArgs) -> Result<u8, String> {
    finish(cli_semantics::normalize(&a.uris, format(a.format)))
}

pub fn equivalent(a: EquivalentArgs) -> Result<u8, String> {
    finish(cli_semantics::equivalent(&a.a, &a.b, format(a.format)))
}
