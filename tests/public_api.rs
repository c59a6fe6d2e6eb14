//! The public API, pinned: every public item of the library (with the features a library user
//! would turn on, `bnf` included) as one sorted list, read from rustdoc's JSON and kept as a
//! snapshot (`snapshots/public_api.snap`). A change to the API changes the snapshot, so it is a
//! decision, reviewed like any other, and never an accident.
//!
//! rustdoc's JSON output is unstable in name only on this toolchain: `RUSTC_BOOTSTRAP=1` lets
//! the stable toolchain write it. The build goes to `target/public-api`, apart from the rest.

use crate::common;

use std::collections::BTreeSet;
use std::path::PathBuf;
use std::process::Command;

use serde_json::Value;

fn rustdoc_json() -> Value {
    let root = PathBuf::from(env!("CARGO_MANIFEST_DIR"));
    let target = root.join("target/public-api");
    let out = Command::new(env!("CARGO"))
        .current_dir(&root)
        .env("RUSTC_BOOTSTRAP", "1")
        .env("CARGO_TARGET_DIR", &target)
        .args([
            "rustdoc",
            "--lib",
            "--no-default-features",
            "--features",
            "bnf,serde,markup",
        ])
        .args(["--", "-Z", "unstable-options", "--output-format", "json"])
        .output()
        .expect("run cargo rustdoc");
    assert!(
        out.status.success(),
        "cargo rustdoc failed:\n{}",
        String::from_utf8_lossy(&out.stderr)
    );
    let text = std::fs::read_to_string(target.join("doc/urigram.json")).expect("rustdoc JSON");
    serde_json::from_str(&text).expect("JSON")
}

struct Walk<'a> {
    index: &'a serde_json::Map<String, Value>,
    out: BTreeSet<String>,
}

impl<'a> Walk<'a> {
    fn item(&self, id: &Value) -> Option<&'a Value> {
        self.index.get(&id.to_string())
    }

    /// The public items under item `id`, named `path`.
    fn walk(&mut self, id: &Value, path: &str) {
        let Some(item) = self.item(id) else {
            return; // another crate's item, re-exported: not ours to list
        };
        let Some((kind, inner)) = item["inner"].as_object().and_then(|m| m.iter().next()) else {
            return;
        };
        match kind.as_str() {
            "module" => {
                self.out.insert(format!("mod {path}"));
                for child in inner["items"].as_array().into_iter().flatten() {
                    let Some(c) = self.item(child) else { continue };
                    if c["visibility"] != "public" {
                        continue;
                    }
                    if let Some(u) = c["inner"].get("use") {
                        if u["is_glob"] == true {
                            panic!("{path}: glob re-exports hide what is public");
                        }
                        let name = u["name"].as_str().unwrap_or("?");
                        self.walk(&u["id"], &format!("{path}::{name}"));
                    } else if let Some(name) = c["name"].as_str() {
                        self.walk(child, &format!("{path}::{name}"));
                    }
                }
            }
            "struct" | "enum" | "union" | "trait" => {
                self.out.insert(format!("{kind} {path}"));
                self.members(inner, path);
            }
            "function" => drop(self.out.insert(format!("fn {path}{}", signature(inner)))),
            other => drop(self.out.insert(format!("{other} {path}"))),
        }
    }

    /// Fields, variants, inherent methods and trait impls of a type.
    fn members(&mut self, inner: &'a Value, path: &str) {
        let fields = inner["kind"]["plain"]["fields"]
            .as_array()
            .into_iter()
            .flatten();
        let variants = inner["variants"].as_array().into_iter().flatten();
        for id in fields.chain(variants) {
            if let Some(f) = self.item(id)
                && (f["visibility"] == "public" || f["inner"].get("variant").is_some())
            {
                let kind = if f["inner"].get("variant").is_some() {
                    "variant"
                } else {
                    "field"
                };
                self.out.insert(format!(
                    "{kind} {path}::{}",
                    f["name"].as_str().unwrap_or("?")
                ));
            }
        }
        for id in inner["impls"].as_array().into_iter().flatten() {
            let Some(imp) = self.item(id) else { continue };
            let imp = &imp["inner"]["impl"];
            if imp["is_synthetic"] == true || !imp["blanket_impl"].is_null() {
                continue;
            }
            match imp["trait"]["path"].as_str() {
                Some(t) => drop(self.out.insert(format!("impl {t} for {path}"))),
                None => {
                    for m in imp["items"].as_array().into_iter().flatten() {
                        let Some(m) = self.item(m) else { continue };
                        if m["visibility"] != "public" {
                            continue;
                        }
                        let name = m["name"].as_str().unwrap_or("?");
                        match m["inner"].get("function") {
                            Some(f) => self
                                .out
                                .insert(format!("fn {path}::{name}{}", signature(f))),
                            None => self.out.insert(format!("const {path}::{name}")),
                        };
                    }
                }
            }
        }
    }
}

/// A function's parameter names: enough to see a changed signature in the snapshot's diff.
fn signature(f: &Value) -> String {
    let params: Vec<&str> = f["sig"]["inputs"]
        .as_array()
        .into_iter()
        .flatten()
        .filter_map(|p| p[0].as_str())
        .collect();
    format!("({})", params.join(", "))
}

#[test]
fn the_public_api_is_pinned() {
    let doc = rustdoc_json();
    let index = doc["index"].as_object().expect("an index");
    let mut w = Walk {
        index,
        out: BTreeSet::new(),
    };
    w.walk(&doc["root"], "urigram");
    // Plumbing stays out of it.
    for private in [
        "urigram::input",
        "urigram::grammar::",
        "urigram::table",
        "Tracker",
    ] {
        assert!(
            !w.out.iter().any(|l| l.contains(private)),
            "{private} is public"
        );
    }
    let text: Vec<String> = w.out.into_iter().collect();
    common::with_snapshots(|| insta::assert_snapshot!("public_api", text.join("\n")));
}
