//! The registry: each grammar's productions in spec order ([`Grammar::rules`]), looked up by
//! the name the spec prints, and where the spec defines each. Above every spec's productions,
//! below the checks that run them (`grammar/mod.rs`) and the diagnostic that cites them.

use super::names::{Citation, Grammar, LookupError, Rule};
use super::{rfc822, rfc1630, rfc1738, rfc2396, rfc2732, rfc3986, rfc3987, rfc6570};

impl Grammar {
    /// The productions, in spec order.
    pub fn rules(self) -> &'static [Rule] {
        match self {
            Grammar::Rfc2396 => rfc2396::RULES,
            Grammar::Rfc1630 => rfc1630::uri::RULES,
            Grammar::Rfc1630Url => rfc1630::url::RULES,
            Grammar::Rfc822 => rfc822::RULES,
            Grammar::Rfc1738 => rfc1738::RULES,
            Grammar::Rfc2732 => rfc2732::RULES,
            Grammar::Rfc3986 => rfc3986::RULES,
            Grammar::Rfc3987 => rfc3987::RULES,
            Grammar::Rfc6570 => rfc6570::RULES,
        }
    }

    /// The production names, in spec order.
    pub fn rule_names(self) -> impl Iterator<Item = &'static str> {
        self.rules().iter().map(|r| r.name)
    }

    /// The production named `name`, as the spec prints it. For a name the grammar does not
    /// have, the error names the closest one it has, if any is close.
    ///
    /// ```
    /// use urigram::{Grammar, LookupError};
    /// assert_eq!(Grammar::Rfc2396.rule("hostname").unwrap().line, 1495);
    /// let e = Grammar::Rfc2396.rule("hostnme").unwrap_err();
    /// assert_eq!(e.to_string(), "grammar rfc2396 has no rule \"hostnme\"; did you mean \"hostname\"?");
    /// assert!(matches!(e, LookupError::Rule { closest: Some("hostname"), .. }));
    /// ```
    pub fn rule(self, name: &str) -> Result<&'static Rule, LookupError> {
        self.rules()
            .iter()
            .find(|r| r.name == name)
            .ok_or_else(|| LookupError::rule(self, name))
    }

    /// Where the spec defines production `name` (the start rule's place for an unknown name).
    /// A production of an imported grammar is cited in its own spec.
    pub fn citation(self, name: &str) -> Citation {
        if self.rule(name).is_err()
            && let Some(g) = self.imports().iter().find(|g| g.rule(name).is_ok())
        {
            return g.citation(name);
        }
        let r = self
            .rule(name)
            .or_else(|_| self.rule(self.start_rule()))
            .ok();
        let file = match (self, r) {
            (Grammar::Rfc2732, Some(r)) => rfc2732::file_of(r.name),
            _ => self.file(),
        };
        Citation {
            file,
            line: r.map_or(0, |r| r.line),
            section: r.map_or("", |r| r.section),
        }
    }
}

impl LookupError {
    /// The error for rule `name`, which grammar `g` does not have.
    pub(crate) fn rule(g: crate::Grammar, name: &str) -> LookupError {
        let wanted = name.to_ascii_lowercase();
        let closest = g
            .rule_names()
            .map(|r| (edit_distance(&r.to_ascii_lowercase(), &wanted), r))
            .min()
            .filter(|&(d, _)| d <= 2.max(name.chars().count() / 3))
            .map(|(_, r)| r);
        LookupError::Rule {
            grammar: g,
            rule: name.to_string(),
            closest,
        }
    }
}

/// The number of edits (insert, delete or replace a character, or swap two adjacent ones)
/// that turn `a` into `b`: the optimal string alignment distance.
fn edit_distance(a: &str, b: &str) -> usize {
    let a: Vec<char> = a.chars().collect();
    let b: Vec<char> = b.chars().collect();
    // Three rows of the table: two back, one back, this one.
    let mut before: Vec<usize> = vec![0; b.len() + 1];
    let mut last: Vec<usize> = (0..=b.len()).collect();
    let mut row = vec![0; b.len() + 1];
    for i in 1..=a.len() {
        row[0] = i;
        for j in 1..=b.len() {
            let cost = usize::from(a[i - 1] != b[j - 1]);
            let mut d = (last[j] + 1).min(row[j - 1] + 1).min(last[j - 1] + cost);
            if i > 1 && j > 1 && a[i - 1] == b[j - 2] && a[i - 2] == b[j - 1] {
                d = d.min(before[j - 2] + 1);
            }
            row[j] = d;
        }
        std::mem::swap(&mut before, &mut last);
        std::mem::swap(&mut last, &mut row);
    }
    last[b.len()]
}

#[cfg(test)]
mod tests {
    use super::edit_distance;

    #[test]
    fn edit_distances() {
        for (a, b, d) in [
            ("", "", 0),
            ("abc", "", 3),
            ("", "ab", 2),
            ("hostname", "hostnme", 1),
            ("hostname", "hsotname", 1),
            ("uri-reference", "uri-refrence", 1),
            ("kitten", "sitting", 3),
            ("ab", "ba", 1),
            ("ca", "abc", 3),
        ] {
            assert_eq!(edit_distance(a, b), d, "{a:?} {b:?}");
            assert_eq!(edit_distance(b, a), d, "{b:?} {a:?}");
        }
    }
}
