//! The values a template expands with (section 2.3, rfc6570.txt:766-817): a string, a list of
//! strings, or an associative array of (name, value) pairs; and [`Variables`], where an
//! expansion looks them up by name.

use std::collections::{BTreeMap, HashMap};

/// A variable's value: a string, a list or an associative array (section 2.3). A list with no
/// members, and an associative array with none, are undefined, as an absent variable is
/// (rfc6570.txt:813-817); an empty string is defined.
///
/// ```
/// use urigram::rfc6570::Value;
/// assert_eq!(Value::from("a"), Value::String("a".into()));
/// assert_eq!(Value::from(["a", "b"]), Value::List(vec!["a".into(), "b".into()]));
/// assert_eq!(Value::from([("k", "v")]), Value::Assoc(vec![("k".into(), "v".into())]));
/// assert!(!Value::List(vec![]).is_defined());
/// assert!(Value::from("").is_defined());
/// ```
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum Value {
    /// A string.
    String(String),
    /// A list of strings, in order.
    List(Vec<String>),
    /// An associative array: (name, value) pairs, in the order they expand.
    Assoc(Vec<(String, String)>),
}

impl Value {
    /// Whether the value is defined: a string, or a composite value with a member
    /// (rfc6570.txt:813-817).
    pub fn is_defined(&self) -> bool {
        match self {
            Value::String(_) => true,
            Value::List(v) => !v.is_empty(),
            Value::Assoc(v) => !v.is_empty(),
        }
    }
}

impl From<&str> for Value {
    fn from(s: &str) -> Value {
        Value::String(s.to_owned())
    }
}

impl From<String> for Value {
    fn from(s: String) -> Value {
        Value::String(s)
    }
}

impl From<Vec<String>> for Value {
    fn from(v: Vec<String>) -> Value {
        Value::List(v)
    }
}

impl From<Vec<&str>> for Value {
    fn from(v: Vec<&str>) -> Value {
        Value::List(v.into_iter().map(String::from).collect())
    }
}

impl<const N: usize> From<[&str; N]> for Value {
    fn from(v: [&str; N]) -> Value {
        Value::List(v.into_iter().map(String::from).collect())
    }
}

impl From<Vec<(String, String)>> for Value {
    fn from(v: Vec<(String, String)>) -> Value {
        Value::Assoc(v)
    }
}

impl From<Vec<(&str, &str)>> for Value {
    fn from(v: Vec<(&str, &str)>) -> Value {
        Value::Assoc(v.into_iter().map(|(k, v)| (k.into(), v.into())).collect())
    }
}

impl<const N: usize> From<[(&str, &str); N]> for Value {
    fn from(v: [(&str, &str); N]) -> Value {
        Value::Assoc(v.into_iter().map(|(k, v)| (k.into(), v.into())).collect())
    }
}

/// Where an expansion finds each variable's value by its name (the `varname` as the template
/// writes it, pct-encoded triplets and all: rfc6570.txt:791-797). `None`: undefined.
///
/// Implemented for maps from names to [`Value`]s and for slices of (name, value) pairs.
///
/// ```
/// use std::collections::HashMap;
/// use urigram::rfc6570::{Value, Variables};
/// let mut vars = HashMap::new();
/// vars.insert("who", Value::from("fred"));
/// assert_eq!(vars.get_value("who"), Some(&Value::from("fred")));
/// assert_eq!(vars.get_value("nobody"), None);
/// ```
pub trait Variables {
    /// The value of variable `name`, if it has one.
    fn get_value(&self, name: &str) -> Option<&Value>;
}

impl<K: std::borrow::Borrow<str> + std::hash::Hash + Eq, S: std::hash::BuildHasher> Variables
    for HashMap<K, Value, S>
{
    fn get_value(&self, name: &str) -> Option<&Value> {
        self.get(name)
    }
}

impl<K: std::borrow::Borrow<str> + Ord> Variables for BTreeMap<K, Value> {
    fn get_value(&self, name: &str) -> Option<&Value> {
        self.get(name)
    }
}

impl<K: AsRef<str>> Variables for [(K, Value)] {
    fn get_value(&self, name: &str) -> Option<&Value> {
        self.iter()
            .find(|(k, _)| k.as_ref() == name)
            .map(|(_, v)| v)
    }
}

impl<K: AsRef<str>, const N: usize> Variables for [(K, Value); N] {
    fn get_value(&self, name: &str) -> Option<&Value> {
        self.as_slice().get_value(name)
    }
}

impl<K: AsRef<str>> Variables for Vec<(K, Value)> {
    fn get_value(&self, name: &str) -> Option<&Value> {
        self.as_slice().get_value(name)
    }
}

impl<T: Variables + ?Sized> Variables for &T {
    fn get_value(&self, name: &str) -> Option<&Value> {
        (**self).get_value(name)
    }
}

/// With the `serde` feature, a value reads from any self-describing format: a string, a
/// number or a boolean is a string (a number as its decimal text), a sequence is a list, a map
/// an associative array in the map's order; a member of a list or a map is read as a string.
/// `null` is no value: read an `Option<Value>` (or a map of them) where a variable may be
/// undefined.
///
/// ```
/// # #[cfg(feature = "serde")] {
/// use urigram::rfc6570::{Template, Value};
/// use std::collections::BTreeMap;
/// let json = r#"{"list": ["red", "green"], "n": 6, "keys": {"semi": ";"}}"#;
/// let vars: BTreeMap<String, Value> = serde_json::from_str(json).unwrap();
/// let t = Template::parse("{/list*}{?n}{&keys*}").unwrap();
/// assert_eq!(t.expand(&vars).unwrap(), "/red/green?n=6&semi=%3B");
/// # }
/// ```
#[cfg(feature = "serde")]
impl<'de> serde::Deserialize<'de> for Value {
    fn deserialize<D: serde::Deserializer<'de>>(d: D) -> Result<Self, D::Error> {
        d.deserialize_any(ValueVisitor)
    }
}

/// [`Value`]'s reader.
#[cfg(feature = "serde")]
struct ValueVisitor;

/// A member of a list or a map: a string, a number or a boolean, as text.
#[cfg(feature = "serde")]
struct Text(String);

#[cfg(feature = "serde")]
impl<'de> serde::Deserialize<'de> for Text {
    fn deserialize<D: serde::Deserializer<'de>>(d: D) -> Result<Self, D::Error> {
        match d.deserialize_any(ValueVisitor)? {
            Value::String(s) => Ok(Text(s)),
            _ => Err(serde::de::Error::custom(
                "a member of a list or an associative array is a string, a number or a boolean",
            )),
        }
    }
}

#[cfg(feature = "serde")]
impl<'de> serde::de::Visitor<'de> for ValueVisitor {
    type Value = Value;

    fn expecting(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.write_str("a string, a number, a list or a map (RFC 6570 section 2.3)")
    }

    fn visit_str<E: serde::de::Error>(self, v: &str) -> Result<Value, E> {
        Ok(Value::String(v.to_owned()))
    }

    fn visit_string<E: serde::de::Error>(self, v: String) -> Result<Value, E> {
        Ok(Value::String(v))
    }

    fn visit_bool<E: serde::de::Error>(self, v: bool) -> Result<Value, E> {
        Ok(Value::String(v.to_string()))
    }

    fn visit_i64<E: serde::de::Error>(self, v: i64) -> Result<Value, E> {
        Ok(Value::String(v.to_string()))
    }

    fn visit_u64<E: serde::de::Error>(self, v: u64) -> Result<Value, E> {
        Ok(Value::String(v.to_string()))
    }

    fn visit_f64<E: serde::de::Error>(self, v: f64) -> Result<Value, E> {
        Ok(Value::String(v.to_string()))
    }

    fn visit_seq<A: serde::de::SeqAccess<'de>>(self, mut seq: A) -> Result<Value, A::Error> {
        let mut v = Vec::new();
        while let Some(Text(s)) = seq.next_element()? {
            v.push(s);
        }
        Ok(Value::List(v))
    }

    fn visit_map<A: serde::de::MapAccess<'de>>(self, mut map: A) -> Result<Value, A::Error> {
        let mut v = Vec::new();
        while let Some((Text(k), Text(s))) = map.next_entry()? {
            v.push((k, s));
        }
        Ok(Value::Assoc(v))
    }
}
