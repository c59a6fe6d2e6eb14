//! Reading a summary document as it streams in, straight into the summary's types.
//!
//! A document is read as a `serde_json::Value` would be (the same depth limit, string and
//! number checks), and judged as its tree would be, without building it: a field of the wrong
//! kind counts as missing, a key given twice counts with its last value, and of several errors
//! the one reported is the first in a fixed order (the document's fields, then each section's
//! in turn: its fields, its groups', their examples'). So a part found wrong is still read to
//! its end, and dropped; and since a document shows itself a summary (its "urigram" key) only
//! at its end, its sections are kept as read until then.

use std::fmt;

use serde::de::{self, Deserialize, DeserializeSeed, Deserializer, MapAccess, SeqAccess, Visitor};

use super::{EXAMPLES, Example, Group, Groups, KIND, Merged, Section, Summary, VERSION, key_name};

/// The error of a document that is no summary.
pub(super) const NOT_A_SUMMARY: &str = "not a urigram summary (no \"urigram\": \"summary\")";

/// The error of the summary of a comparison (`check --compare --summary`), which pairs the
/// verdicts of two grammars input by input: no sum of summaries of one grammar makes it.
const COMPARISON: &str = "a comparison of two grammars (`check --compare ... --summary`), which \
                          merge-summaries does not add up: it merges `check --summary` \
                          documents; run the comparison on the whole input (it streams any size)";

impl Summary {
    /// Read a summary document from its JSON tree (as `merge-summaries` reads it as text).
    #[cfg(test)]
    pub fn from_json(v: &serde_json::Value) -> Result<Summary, String> {
        match Document::deserialize(v) {
            Ok(Document::Summary(s)) => s,
            Ok(Document::Other) => Err(NOT_A_SUMMARY.into()),
            Err(e) => Err(e.to_string()),
        }
    }
}

/// One JSON document of a stream of summaries.
pub enum Document {
    /// Not an object with a `"urigram"` key: a record of `check --only ... --format jsonl`,
    /// or any other JSON value, to skip.
    Other,
    /// A summary document: its sections added up (a document may hold a grammar and rule
    /// twice), or what is wrong with it.
    Summary(Result<Summary, String>),
}

impl<'de> Deserialize<'de> for Document {
    fn deserialize<D: Deserializer<'de>>(d: D) -> Result<Document, D::Error> {
        d.deserialize_any(Object(DocumentFields::default()))
    }
}

/// A JSON value read and dropped, nested values included (through `deserialize_any`, so
/// serde_json's depth limit and checks apply as they do to a `Value`).
struct Skip;

impl<'de> Deserialize<'de> for Skip {
    fn deserialize<D: Deserializer<'de>>(d: D) -> Result<Skip, D::Error> {
        d.deserialize_any(Skip)
    }
}

/// The `Visitor` methods of the JSON scalars (null, booleans, numbers, strings), each giving
/// `self.other()`.
macro_rules! scalars_are_other {
    () => {
        fn visit_unit<E: de::Error>(self) -> Result<Self::Value, E> {
            Ok(self.other())
        }
        fn visit_bool<E: de::Error>(self, _: bool) -> Result<Self::Value, E> {
            Ok(self.other())
        }
        fn visit_i64<E: de::Error>(self, _: i64) -> Result<Self::Value, E> {
            Ok(self.other())
        }
        fn visit_u64<E: de::Error>(self, _: u64) -> Result<Self::Value, E> {
            Ok(self.other())
        }
        fn visit_f64<E: de::Error>(self, _: f64) -> Result<Self::Value, E> {
            Ok(self.other())
        }
        fn visit_str<E: de::Error>(self, _: &str) -> Result<Self::Value, E> {
            Ok(self.other())
        }
    };
}

impl Skip {
    fn other(self) -> Skip {
        Skip
    }
}

impl<'de> Visitor<'de> for Skip {
    type Value = Skip;

    fn expecting(&self, f: &mut fmt::Formatter) -> fmt::Result {
        f.write_str("any JSON value")
    }

    scalars_are_other!();

    fn visit_seq<A: SeqAccess<'de>>(self, seq: A) -> Result<Skip, A::Error> {
        drain_seq(seq).map(|()| Skip)
    }

    fn visit_map<A: MapAccess<'de>>(self, map: A) -> Result<Skip, A::Error> {
        drain_map(map).map(|()| Skip)
    }
}

fn drain_seq<'de, A: SeqAccess<'de>>(mut seq: A) -> Result<(), A::Error> {
    while seq.next_element::<Skip>()?.is_some() {}
    Ok(())
}

fn drain_map<'de, A: MapAccess<'de>>(mut map: A) -> Result<(), A::Error> {
    while map.next_entry::<Skip, Skip>()?.is_some() {}
    Ok(())
}

/// A field's value when it is a string or a number that `Value::as_u64` takes, and `Other`
/// for any other value.
enum Scalar {
    Str(String),
    U64(u64),
    Other,
}

impl Scalar {
    fn into_string(self) -> Option<String> {
        match self {
            Scalar::Str(s) => Some(s),
            _ => None,
        }
    }

    fn as_u64(&self) -> Option<u64> {
        match *self {
            Scalar::U64(n) => Some(n),
            _ => None,
        }
    }
}

impl<'de> Deserialize<'de> for Scalar {
    fn deserialize<D: Deserializer<'de>>(d: D) -> Result<Scalar, D::Error> {
        d.deserialize_any(ScalarVisitor)
    }
}

struct ScalarVisitor;

impl<'de> Visitor<'de> for ScalarVisitor {
    type Value = Scalar;

    fn expecting(&self, f: &mut fmt::Formatter) -> fmt::Result {
        f.write_str("any JSON value")
    }

    fn visit_unit<E: de::Error>(self) -> Result<Scalar, E> {
        Ok(Scalar::Other)
    }

    fn visit_bool<E: de::Error>(self, _: bool) -> Result<Scalar, E> {
        Ok(Scalar::Other)
    }

    /// (A `Value` holds a non-negative `i64` as a `u64`.)
    fn visit_i64<E: de::Error>(self, n: i64) -> Result<Scalar, E> {
        Ok(u64::try_from(n).map_or(Scalar::Other, Scalar::U64))
    }

    fn visit_u64<E: de::Error>(self, n: u64) -> Result<Scalar, E> {
        Ok(Scalar::U64(n))
    }

    fn visit_f64<E: de::Error>(self, _: f64) -> Result<Scalar, E> {
        Ok(Scalar::Other)
    }

    fn visit_str<E: de::Error>(self, s: &str) -> Result<Scalar, E> {
        Ok(Scalar::Str(s.to_owned()))
    }

    fn visit_string<E: de::Error>(self, s: String) -> Result<Scalar, E> {
        Ok(Scalar::Str(s))
    }

    fn visit_seq<A: SeqAccess<'de>>(self, seq: A) -> Result<Scalar, A::Error> {
        drain_seq(seq).map(|()| Scalar::Other)
    }

    fn visit_map<A: MapAccess<'de>>(self, map: A) -> Result<Scalar, A::Error> {
        drain_map(map).map(|()| Scalar::Other)
    }
}

/// The place of a key among the names of the fields read (`None`: a field that is skipped).
struct FieldName<'a>(&'a [&'a str]);

impl<'de> DeserializeSeed<'de> for FieldName<'_> {
    type Value = Option<usize>;

    fn deserialize<D: Deserializer<'de>>(self, d: D) -> Result<Option<usize>, D::Error> {
        d.deserialize_str(self)
    }
}

impl<'de> Visitor<'de> for FieldName<'_> {
    type Value = Option<usize>;

    fn expecting(&self, f: &mut fmt::Formatter) -> fmt::Result {
        f.write_str("a key")
    }

    fn visit_str<E: de::Error>(self, s: &str) -> Result<Option<usize>, E> {
        Ok(self.0.iter().position(|&f| f == s))
    }
}

/// What an object is read into: its fields, kept as they come, and what they make at its end.
trait Fields<'de> {
    type Output;

    /// The names of the fields read; the others are skipped.
    fn names(&self) -> &[&'static str];

    /// Read the value of field `k` (a place in [`Fields::names`]) from `map`.
    fn read<A: MapAccess<'de>>(&mut self, k: usize, map: &mut A) -> Result<(), A::Error>;

    /// What the fields read make (none, for a value that is not an object).
    fn finish(self) -> Self::Output;
}

/// Reads an object into `F`; any other value gives what no field makes.
struct Object<F>(F);

impl<F> Object<F> {
    fn other<'de>(self) -> F::Output
    where
        F: Fields<'de>,
    {
        self.0.finish()
    }
}

impl<'de, F: Fields<'de>> DeserializeSeed<'de> for Object<F> {
    type Value = F::Output;

    fn deserialize<D: Deserializer<'de>>(self, d: D) -> Result<F::Output, D::Error> {
        d.deserialize_any(self)
    }
}

impl<'de, F: Fields<'de>> Visitor<'de> for Object<F> {
    type Value = F::Output;

    fn expecting(&self, f: &mut fmt::Formatter) -> fmt::Result {
        f.write_str("any JSON value")
    }

    scalars_are_other!();

    fn visit_seq<A: SeqAccess<'de>>(self, seq: A) -> Result<F::Output, A::Error> {
        drain_seq(seq)?;
        Ok(self.other())
    }

    fn visit_map<A: MapAccess<'de>>(mut self, mut map: A) -> Result<F::Output, A::Error> {
        while let Some(field) = map.next_key_seed(FieldName(self.0.names()))? {
            match field {
                Some(k) => self.0.read(k, &mut map)?,
                None => {
                    map.next_value::<Skip>()?;
                }
            }
        }
        Ok(self.0.finish())
    }
}

/// What an array is read into, element by element.
trait Elements<'de> {
    type Output;

    /// Read the next element of `seq`; `false` at the end of the array.
    fn next<A: SeqAccess<'de>>(&mut self, seq: &mut A) -> Result<bool, A::Error>;

    fn finish(self) -> Self::Output;
}

/// Reads an array into `L`: `Some` of what it makes; any other value gives `None`.
struct Array<L>(L);

impl<L> Array<L> {
    fn other<'de>(self) -> Option<L::Output>
    where
        L: Elements<'de>,
    {
        None
    }
}

impl<'de, L: Elements<'de>> DeserializeSeed<'de> for Array<L> {
    type Value = Option<L::Output>;

    fn deserialize<D: Deserializer<'de>>(self, d: D) -> Result<Option<L::Output>, D::Error> {
        d.deserialize_any(self)
    }
}

impl<'de, L: Elements<'de>> Visitor<'de> for Array<L> {
    type Value = Option<L::Output>;

    fn expecting(&self, f: &mut fmt::Formatter) -> fmt::Result {
        f.write_str("any JSON value")
    }

    scalars_are_other!();

    fn visit_seq<A: SeqAccess<'de>>(mut self, mut seq: A) -> Result<Self::Value, A::Error> {
        while self.0.next(&mut seq)? {}
        Ok(Some(self.0.finish()))
    }

    fn visit_map<A: MapAccess<'de>>(self, map: A) -> Result<Self::Value, A::Error> {
        drain_map(map)?;
        Ok(self.other())
    }
}

/// Read the next element of `seq` with `seed` unless `error` holds the array's first error
/// already (then the element is skipped): `None` at the end of the array.
fn next_unless_failed<'de, A, T>(
    seq: &mut A,
    error: &Option<String>,
    seed: T,
) -> Result<Option<Option<T::Value>>, A::Error>
where
    A: SeqAccess<'de>,
    T: DeserializeSeed<'de>,
{
    if error.is_some() {
        return Ok(seq.next_element::<Skip>()?.map(|Skip| None));
    }
    Ok(seq.next_element_seed(seed)?.map(Some))
}

/// The fields of a document.
#[derive(Default)]
struct DocumentFields {
    /// `None`: no `"urigram"` key (a record, not a summary).
    urigram: Option<Scalar>,
    version: Option<Scalar>,
    /// `None`: no `"sections"` array.
    sections: Option<Result<Merged, String>>,
}

impl<'de> Fields<'de> for DocumentFields {
    type Output = Document;

    fn names(&self) -> &[&'static str] {
        &["urigram", "version", "sections"]
    }

    fn read<A: MapAccess<'de>>(&mut self, k: usize, map: &mut A) -> Result<(), A::Error> {
        match k {
            0 => self.urigram = Some(map.next_value()?),
            1 => self.version = Some(map.next_value()?),
            _ => {
                // The sections of an earlier "sections" key go first.
                self.sections = None;
                self.sections = map.next_value_seed(Array(SectionList::default()))?;
            }
        }
        Ok(())
    }

    fn finish(self) -> Document {
        let Some(urigram) = self.urigram else {
            return Document::Other;
        };
        Document::Summary((|| {
            match urigram.into_string().as_deref() {
                Some(KIND) => {}
                Some(super::COMPARISON_KIND) => return Err(COMPARISON.to_string()),
                _ => return Err(NOT_A_SUMMARY.to_string()),
            }
            match (
                self.version.as_ref(),
                self.version.as_ref().and_then(Scalar::as_u64),
            ) {
                (_, Some(VERSION)) => {}
                (_, Some(n)) => {
                    return Err(format!(
                        "a summary of version {n}; this urigram reads version {VERSION}"
                    ));
                }
                (None, None) => {
                    return Err(format!(
                        "a summary without a \"version\"; this urigram reads version {VERSION}"
                    ));
                }
                (Some(_), None) => {
                    return Err(format!(
                        "a summary whose \"version\" is not a whole number; this urigram reads \
                         version {VERSION}"
                    ));
                }
            }
            let sections = self.sections.ok_or("no \"sections\" array")??;
            Ok(sections.into_summary())
        })())
    }
}

/// The sections of a document, added up as they come; the first error.
#[derive(Default)]
struct SectionList {
    sum: Merged,
    error: Option<String>,
}

impl<'de> Elements<'de> for SectionList {
    type Output = Result<Merged, String>;

    fn next<A: SeqAccess<'de>>(&mut self, seq: &mut A) -> Result<bool, A::Error> {
        let read = next_unless_failed(seq, &self.error, Object(SectionFields::default()))?;
        let added = match read {
            None => return Ok(false),
            Some(None) => Ok(()),
            Some(Some(section)) => section.and_then(|s| self.sum.add(s)),
        };
        if let Err(e) = added {
            self.error = Some(e);
            self.sum = Merged::default();
        }
        Ok(true)
    }

    fn finish(self) -> Result<Merged, String> {
        match self.error {
            Some(e) => Err(e),
            None => Ok(self.sum),
        }
    }
}

/// The fields of a section.
#[derive(Default)]
struct SectionFields {
    grammar: Option<String>,
    rule: Option<String>,
    /// lines, bytes, valid, invalid.
    counts: [Option<u64>; 4],
    /// by_production, by_code, by_found; `None`: not an array.
    groupings: [Option<Result<Groups, String>>; 3],
}

const SECTION_FIELDS: &[&str] = &[
    "grammar",
    "rule",
    "lines",
    "bytes",
    "valid",
    "invalid",
    "by_production",
    "by_code",
    "by_found",
];

impl<'de> Fields<'de> for SectionFields {
    type Output = Result<Section, String>;

    fn names(&self) -> &[&'static str] {
        SECTION_FIELDS
    }

    fn read<A: MapAccess<'de>>(&mut self, k: usize, map: &mut A) -> Result<(), A::Error> {
        match k {
            0 => self.grammar = map.next_value::<Scalar>()?.into_string(),
            1 => self.rule = map.next_value::<Scalar>()?.into_string(),
            2..=5 => self.counts[k - 2] = map.next_value::<Scalar>()?.as_u64(),
            _ => {
                let key_name = key_name(SECTION_FIELDS[k]);
                self.groupings[k - 6] = None;
                self.groupings[k - 6] = map.next_value_seed(Array(GroupList::new(key_name)))?;
            }
        }
        Ok(())
    }

    fn finish(self) -> Result<Section, String> {
        let text =
            |v: Option<String>, k: &str| v.ok_or_else(|| format!("a section has no string {k:?}"));
        let grammar = text(self.grammar, "grammar")?;
        let rule = text(self.rule, "rule")?;
        let mut counts = [0; 4];
        for (k, n) in self.counts.into_iter().enumerate() {
            let name = SECTION_FIELDS[k + 2];
            counts[k] = n.ok_or_else(|| format!("a section has no number {name:?}"))?;
        }
        let mut s = Section::named(grammar, rule);
        [s.lines, s.bytes, s.valid, s.invalid] = counts;
        let [p, c, f] = self.groupings;
        let groups = |g: Option<Result<Groups, String>>, key_name: &str| {
            g.ok_or_else(|| format!("a section has no array of groups by {key_name}"))?
        };
        s.by_production = groups(p, "production")?;
        s.by_code = groups(c, "code")?;
        s.by_found = groups(f, "found")?;
        s.check_counts()?;
        Ok(s)
    }
}

/// The groups of an array, keyed by the field `key_name`; the first error.
struct GroupList {
    key_name: &'static str,
    groups: Groups,
    error: Option<String>,
}

impl GroupList {
    fn new(key_name: &'static str) -> GroupList {
        GroupList {
            key_name,
            groups: Groups::default(),
            error: None,
        }
    }
}

impl<'de> Elements<'de> for GroupList {
    type Output = Result<Groups, String>;

    fn next<A: SeqAccess<'de>>(&mut self, seq: &mut A) -> Result<bool, A::Error> {
        let fields = GroupFields::new(self.key_name);
        let group = match next_unless_failed(seq, &self.error, Object(fields))? {
            None => return Ok(false),
            Some(None) => return Ok(true),
            Some(Some(group)) => group,
        };
        let key_name = self.key_name;
        let added = group.and_then(|(key, g)| match self.groups.map.entry(key) {
            indexmap::map::Entry::Occupied(e) => Err(format!(
                "group {:?} appears twice in {key_name:?} groups",
                e.key()
            )),
            indexmap::map::Entry::Vacant(e) => {
                e.insert(g);
                Ok(())
            }
        });
        if let Err(e) = added {
            self.error = Some(e);
            self.groups = Groups::default();
        }
        Ok(true)
    }

    fn finish(self) -> Result<Groups, String> {
        match self.error {
            Some(e) => Err(e),
            None => Ok(self.groups),
        }
    }
}

/// The fields of a group whose key is under `key_name`.
struct GroupFields {
    names: [&'static str; 4],
    key: Option<String>,
    count: Option<u64>,
    /// `None`: not an array (no examples).
    examples: Option<Result<Vec<Example>, String>>,
    see: Option<String>,
}

impl GroupFields {
    fn new(key_name: &'static str) -> GroupFields {
        GroupFields {
            names: [key_name, "count", "examples", "see"],
            key: None,
            count: None,
            examples: None,
            see: None,
        }
    }
}

impl<'de> Fields<'de> for GroupFields {
    /// The key and the group.
    type Output = Result<(String, Group), String>;

    fn names(&self) -> &[&'static str] {
        &self.names
    }

    fn read<A: MapAccess<'de>>(&mut self, k: usize, map: &mut A) -> Result<(), A::Error> {
        match k {
            0 => self.key = map.next_value::<Scalar>()?.into_string(),
            1 => self.count = map.next_value::<Scalar>()?.as_u64(),
            2 => {
                self.examples = None;
                self.examples = map.next_value_seed(Array(ExampleList::default()))?;
            }
            _ => self.see = map.next_value::<Scalar>()?.into_string(),
        }
        Ok(())
    }

    fn finish(self) -> Result<(String, Group), String> {
        let key_name = self.names[0];
        let key = self
            .key
            .ok_or_else(|| format!("a group has no string {key_name:?}"))?;
        let count = self
            .count
            .ok_or_else(|| format!("group {key:?} has no count"))?;
        let examples = self.examples.unwrap_or(Ok(Vec::new()))?;
        let group = Group {
            count,
            note: self.see,
            examples,
        };
        Ok((key, group))
    }
}

/// The examples of a group: the first [`EXAMPLES`] kept, every one checked; the first error.
#[derive(Default)]
struct ExampleList {
    kept: Vec<Example>,
    error: Option<String>,
}

impl<'de> Elements<'de> for ExampleList {
    type Output = Result<Vec<Example>, String>;

    fn next<A: SeqAccess<'de>>(&mut self, seq: &mut A) -> Result<bool, A::Error> {
        match next_unless_failed(seq, &self.error, Object(ExampleFields::default()))? {
            None => return Ok(false),
            Some(None) => {}
            Some(Some(Ok(x))) => {
                if self.kept.len() < EXAMPLES {
                    // Room for the examples read, not a vector's usual four.
                    self.kept.reserve_exact(1);
                    self.kept.push(x);
                }
            }
            Some(Some(Err(e))) => {
                self.error = Some(e);
                self.kept = Vec::new();
            }
        }
        Ok(true)
    }

    fn finish(self) -> Result<Vec<Example>, String> {
        match self.error {
            Some(e) => Err(e),
            None => Ok(self.kept),
        }
    }
}

/// The fields of an example: source, line, column, offset, input, window_start.
#[derive(Default)]
struct ExampleFields {
    source: Option<String>,
    /// line, column, offset.
    place: [Option<u64>; 3],
    input: Option<String>,
    window_start: Option<u64>,
}

const EXAMPLE_FIELDS: &[&str] = &[
    "source",
    "line",
    "column",
    "offset",
    "input",
    "window_start",
];

impl<'de> Fields<'de> for ExampleFields {
    type Output = Result<Example, String>;

    fn names(&self) -> &[&'static str] {
        EXAMPLE_FIELDS
    }

    fn read<A: MapAccess<'de>>(&mut self, k: usize, map: &mut A) -> Result<(), A::Error> {
        let v: Scalar = map.next_value()?;
        match k {
            0 => self.source = v.into_string(),
            1..=3 => self.place[k - 1] = v.as_u64(),
            4 => self.input = v.into_string(),
            _ => self.window_start = v.as_u64(),
        }
        Ok(())
    }

    fn finish(self) -> Result<Example, String> {
        let text =
            |v: Option<String>, k: &str| v.ok_or_else(|| format!("an example has no string {k:?}"));
        let source = text(self.source, "source")?;
        let mut place = [0; 3];
        for (k, n) in self.place.into_iter().enumerate() {
            let name = EXAMPLE_FIELDS[k + 1];
            place[k] = n.ok_or_else(|| format!("an example has no number {name:?}"))?;
        }
        let [line, column, offset] = place;
        Ok(Example {
            source,
            line,
            column,
            offset,
            input: text(self.input, "input")?,
            window_start: self.window_start.unwrap_or(0),
        })
    }
}
