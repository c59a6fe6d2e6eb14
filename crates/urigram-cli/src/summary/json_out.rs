//! Writing a summary document: `{"urigram":"summary","version":1,"sections":[...]}`, serialized
//! straight from the summary's types.

use serde::ser::{Serialize, SerializeMap, SerializeSeq, Serializer};

use super::{Example, Group, Groups, KIND, Section, Summary, VERSION, key_name};

/// `{"urigram":"summary","version":1,"sections":[...]}`: written as it is serialized (to a
/// file, or to a [`Value`] by [`Summary::to_json`]), with no copy of the summary.
impl Serialize for Summary {
    fn serialize<S: Serializer>(&self, ser: S) -> Result<S::Ok, S::Error> {
        let mut m = ser.serialize_map(Some(3))?;
        m.serialize_entry("urigram", KIND)?;
        m.serialize_entry("version", &VERSION)?;
        m.serialize_entry("sections", &self.sections)?;
        m.end()
    }
}

impl Serialize for Section {
    fn serialize<S: Serializer>(&self, ser: S) -> Result<S::Ok, S::Error> {
        let mut m = ser.serialize_map(Some(9))?;
        m.serialize_entry("grammar", &self.grammar)?;
        m.serialize_entry("rule", &self.rule)?;
        m.serialize_entry("lines", &self.lines)?;
        m.serialize_entry("bytes", &self.bytes)?;
        m.serialize_entry("valid", &self.valid)?;
        m.serialize_entry("invalid", &self.invalid)?;
        for (field, groups) in self.groupings() {
            m.serialize_entry(field, &Keyed(groups, key_name(field)))?;
        }
        m.end()
    }
}

impl Section {
    /// The three groupings with their field names.
    fn groupings(&self) -> [(&'static str, &Groups); 3] {
        [
            ("by_production", &self.by_production),
            ("by_code", &self.by_code),
            ("by_found", &self.by_found),
        ]
    }
}

/// An array of groups, most lines first, each with its key under the name `.1`.
struct Keyed<'a>(&'a Groups, &'static str);

impl Serialize for Keyed<'_> {
    fn serialize<S: Serializer>(&self, ser: S) -> Result<S::Ok, S::Error> {
        let groups = self.0.sorted();
        let mut seq = ser.serialize_seq(Some(groups.len()))?;
        for (key, g) in groups {
            seq.serialize_element(&KeyedGroup(self.1, key, g))?;
        }
        seq.end()
    }
}

/// One group of an array: `{"<key name>": key, "see": note, "count": n, "examples": [...]}`.
struct KeyedGroup<'a>(&'static str, &'a str, &'a Group);

impl Serialize for KeyedGroup<'_> {
    fn serialize<S: Serializer>(&self, ser: S) -> Result<S::Ok, S::Error> {
        let KeyedGroup(key_name, key, g) = *self;
        let mut m = ser.serialize_map(None)?;
        m.serialize_entry(key_name, key)?;
        if let Some(n) = &g.note {
            m.serialize_entry("see", n)?;
        }
        m.serialize_entry("count", &g.count)?;
        m.serialize_entry("examples", &g.examples)?;
        m.end()
    }
}

impl Serialize for Example {
    fn serialize<S: Serializer>(&self, ser: S) -> Result<S::Ok, S::Error> {
        let mut m = ser.serialize_map(None)?;
        m.serialize_entry("source", &self.source)?;
        m.serialize_entry("line", &self.line)?;
        m.serialize_entry("column", &self.column)?;
        m.serialize_entry("offset", &self.offset)?;
        m.serialize_entry("input", &self.input)?;
        if self.window_start > 0 {
            m.serialize_entry("window_start", &self.window_start)?;
        }
        m.end()
    }
}
