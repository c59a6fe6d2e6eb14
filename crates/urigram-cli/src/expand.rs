//! `urigram expand TEMPLATE`: a URI Template expanded (RFC 6570 section 3, levels 1 to 4) with
//! the variables given on the command line or in a JSON file.
//!
//! The values: `--var NAME=VALUE` is a string (commas and all: `--var q=a,b` is the string
//! `a,b`); `--list NAME=A,B,C` is a list, split at each comma (`--list NAME=` is the empty list,
//! which is undefined); `--assoc NAME=K=V,K=V` is an associative array, its pairs split at each
//! comma and each at its first `=`; `--vars FILE` reads a JSON object whose members are the
//! variables (a string, a number as its JSON text, an array of those, an object of those; `null`
//! is undefined). The options apply in order, `--vars` first, so a `--var` overrides a member
//! of the file. A template the grammar rejects, or that cannot expand (an operator reserved for
//! future extensions, a prefix of a list), is a diagnostic on standard error, exit 1; a malformed
//! option or an unreadable file exits 2.

use std::collections::HashMap;
use std::path::PathBuf;

use clap::Args;
use serde_json::{Value as Json, json};
use urigram::rfc6570::{Template, Value};

use super::output::error_json;
use super::render::diagnostic;
use super::{Format, print_or_fail};

#[derive(Args)]
pub struct ExpandArgs {
    /// The URI Template (RFC 6570).
    template: String,
    /// A string value: NAME=VALUE (the value is all after the first `=`, commas included).
    #[arg(long = "var", value_name = "NAME=VALUE")]
    vars: Vec<String>,
    /// A list value: NAME=A,B,C (split at each comma).
    #[arg(long = "list", value_name = "NAME=A,B")]
    lists: Vec<String>,
    /// An associative array: NAME=K=V,K=V (pairs split at each comma, each at its first `=`).
    #[arg(long = "assoc", value_name = "NAME=K=V,K=V")]
    assocs: Vec<String>,
    /// A JSON object of variables: strings, numbers, arrays, objects; null is undefined.
    #[arg(long = "vars", value_name = "FILE")]
    file: Option<PathBuf>,
    /// Output format: `human` writes the expansion alone.
    #[arg(long, value_enum, default_value = "human")]
    format: Format,
}

/// `NAME=REST` split at the first `=`, or the usage error for `option`.
fn named<'a>(option: &str, s: &'a str) -> Result<(&'a str, &'a str), String> {
    s.split_once('=')
        .filter(|(name, _)| !name.is_empty())
        .ok_or_else(|| format!("{option} {s:?}: write NAME=VALUE"))
}

/// A JSON value as a template value: `None` for null.
fn from_json(j: &Json) -> Option<Value> {
    let text = |j: &Json| match j {
        Json::String(s) => s.clone(),
        other => other.to_string(),
    };
    match j {
        Json::Null => None,
        Json::Array(a) => Some(Value::List(a.iter().map(text).collect())),
        Json::Object(m) => Some(Value::Assoc(
            m.iter().map(|(k, v)| (k.clone(), text(v))).collect(),
        )),
        other => Some(Value::String(text(other))),
    }
}

/// The variables of `args`, in the order they apply.
fn variables(args: &ExpandArgs) -> Result<HashMap<String, Value>, String> {
    let mut vars = HashMap::new();
    if let Some(path) = &args.file {
        let text =
            std::fs::read_to_string(path).map_err(|e| format!("--vars {}: {e}", path.display()))?;
        let json: Json =
            serde_json::from_str(&text).map_err(|e| format!("--vars {}: {e}", path.display()))?;
        let Json::Object(members) = json else {
            return Err(format!("--vars {}: not a JSON object", path.display()));
        };
        for (k, v) in &members {
            match from_json(v) {
                Some(v) => vars.insert(k.clone(), v),
                None => vars.remove(k),
            };
        }
    }
    for s in &args.vars {
        let (name, value) = named("--var", s)?;
        vars.insert(name.to_owned(), Value::from(value));
    }
    for s in &args.lists {
        let (name, items) = named("--list", s)?;
        let items = if items.is_empty() {
            Vec::new()
        } else {
            items.split(',').map(String::from).collect()
        };
        vars.insert(name.to_owned(), Value::List(items));
    }
    for s in &args.assocs {
        let (name, pairs) = named("--assoc", s)?;
        let mut v = Vec::new();
        for p in pairs.split(',').filter(|p| !p.is_empty()) {
            let (k, val) = p.split_once('=').unwrap_or((p, ""));
            v.push((k.to_owned(), val.to_owned()));
        }
        vars.insert(name.to_owned(), Value::Assoc(v));
    }
    Ok(vars)
}

pub fn run(args: ExpandArgs) -> Result<u8, String> {
    let vars = variables(&args)?;
    let t = args.template.as_str();
    let result = Template::parse(t).and_then(|template| template.expand(&vars));
    match (args.format, result) {
        (Format::Human, Ok(out)) => print_or_fail(&format!("{out}\n")).map(|()| 0),
        (Format::Human, Err(e)) => {
            eprintln!("{}", diagnostic(&e, t, "<template>", 1, false));
            Ok(1)
        }
        (_, r) => {
            let code = u8::from(r.is_err());
            let v = match r {
                Ok(out) => json!({ "template": t, "output": out }),
                Err(e) => json!({ "template": t, "error": error_json(&e) }),
            };
            print_or_fail(&format!("{v}\n")).map(|()| code)
        }
    }
}
