//! FTP semantics (sections 3.2.1 to 3.2.5): the login and the url-path as the commands a
//! client sends.

use std::fmt;

use super::decode::{DecodeError, decode_without};
use super::schemes::FtpUrl;
use crate::part::Part;

/// The password sent for an anonymous login when the caller gives none. Section 3.2.1 asks
/// for "the Internet e-mail address of the end user accessing the resource"; a library does
/// not know it, so this placeholder (an address without a host, as many clients send) stands
/// in. Pass the real address to [`FtpUrl::commands`] when there is one.
///
/// ```
/// use urigram::rfc1738::{ANONYMOUS_PASSWORD, FtpCommand, Url};
/// let Url::Ftp(u) = Url::parse("ftp://ftp.example.com/").unwrap() else { panic!() };
/// let login = u.login_commands(None).unwrap();
/// assert_eq!(login[1], FtpCommand::Pass(ANONYMOUS_PASSWORD.as_bytes().to_vec()));
/// ```
pub const ANONYMOUS_PASSWORD: &str = "anonymous@";

/// One FTP command (RFC 959) derived from an FTP URL. Arguments are octets: the URL's
/// components decoded (section 3.2.2: "The components are decoded prior to their use in the
/// FTP protocol").
///
/// ```
/// use urigram::rfc1738::{FtpCommand as C, Url};
/// // rfc1738.txt:401-404: log in as "myname", "CWD /etc", then "RETR motd".
/// let Url::Ftp(u) = Url::parse("ftp://myname@host.dom/%2Fetc/motd").unwrap() else { panic!() };
/// let c = u.commands(None).unwrap();
/// assert_eq!(c[..2], [C::User(b"myname".to_vec()), C::AskPassword]);
/// assert_eq!(c[2..], [C::Cwd(b"/etc".to_vec()), C::Retr(b"motd".to_vec())]);
/// assert_eq!(c[2].to_bytes().unwrap(), b"CWD /etc");
/// assert_eq!(c[1].to_bytes(), None); // nothing to send: ask the user
/// let Url::Ftp(u) = Url::parse("ftp://h/pub;type=d").unwrap() else { panic!() };
/// assert_eq!(u.path_commands().unwrap(), [C::Nlst(b"pub".to_vec())]);
/// let Url::Ftp(u) = Url::parse("ftp://h/x.gz;type=i").unwrap() else { panic!() };
/// assert_eq!(u.path_commands().unwrap(), [C::Type('i'), C::Retr(b"x.gz".to_vec())]);
/// ```
#[derive(Debug, Clone, PartialEq, Eq, Hash)]
#[non_exhaustive]
pub enum FtpCommand {
    /// `USER`: the URL's user name, or `anonymous` (section 3.2.1).
    User(Vec<u8>),
    /// `PASS`: the URL's password, or for an anonymous login the e-mail address.
    Pass(Vec<u8>),
    /// The URL names a user but no password: "the program interpreting the FTP URL should
    /// request one from the user" if the server asks for one (section 3.2.1).
    AskPassword,
    /// `CWD`, once per `<cwd>` segment, in order; an empty segment gives an empty argument
    /// ("CWD " with a null argument, section 3.2.2).
    Cwd(Vec<u8>),
    /// `TYPE` with the typecode as written, when there is one and it is not `d`.
    Type(char),
    /// `RETR <name>`: fetch the file (the typecode is not `d`).
    Retr(Vec<u8>),
    /// `NLST <name>`: list the directory (typecode `d`; an empty name lists the current one).
    Nlst(Vec<u8>),
}

impl FtpCommand {
    /// The command line as sent, without its CR LF; `None` for [`FtpCommand::AskPassword`].
    pub fn to_bytes(&self) -> Option<Vec<u8>> {
        let (verb, arg): (&str, &[u8]) = match self {
            FtpCommand::User(a) => ("USER", a),
            FtpCommand::Pass(a) => ("PASS", a),
            FtpCommand::AskPassword => return None,
            FtpCommand::Cwd(a) => ("CWD", a),
            FtpCommand::Type(t) => {
                let mut v = b"TYPE ".to_vec();
                let mut buf = [0; 4];
                v.extend_from_slice(t.encode_utf8(&mut buf).as_bytes());
                return Some(v);
            }
            FtpCommand::Retr(a) => ("RETR", a),
            FtpCommand::Nlst(a) => ("NLST", a),
        };
        let mut v = verb.as_bytes().to_vec();
        v.push(b' ');
        v.extend_from_slice(arg);
        Some(v)
    }
}

impl fmt::Display for FtpCommand {
    /// The command line, octets outside UTF-8 shown as U+FFFD. A password is not shown.
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            FtpCommand::AskPassword => f.write_str("PASS (ask the user)"),
            FtpCommand::Pass(_) => f.write_str("PASS"),
            other => match other.to_bytes() {
                Some(b) => f.write_str(&String::from_utf8_lossy(&b)),
                None => Ok(()),
            },
        }
    }
}

/// Octets no FTP argument may hold: a CR or LF would end the command line and start another
/// (section 6: encoded delimiters must not be decoded into the protocol).
const LINE_BREAKS: &[u8] = b"\r\n";

fn arg(p: Part<'_>, component: &'static str) -> Result<Vec<u8>, DecodeError> {
    decode_without(p.as_str(), p.start(), component, LINE_BREAKS)
}

impl FtpUrl<'_> {
    /// The login of section 3.2.1: `USER` and `PASS`, with the conventions of anonymous FTP
    /// when the URL names no user: `USER anonymous` and `PASS` with `email` (or
    /// [`ANONYMOUS_PASSWORD`] when `None`). A user without a password gives
    /// [`FtpCommand::AskPassword`]. (A client sends them only if the server asks.)
    ///
    /// ```
    /// use urigram::rfc1738::{FtpCommand as C, Url};
    /// let login = |s, email| match Url::parse(s).unwrap() {
    ///     Url::Ftp(u) => u.login_commands(email).unwrap(),
    ///     _ => panic!(),
    /// };
    /// let anonymous = login("ftp://h/", Some("me@example.com"));
    /// assert_eq!(anonymous[0], C::User(b"anonymous".to_vec()));
    /// assert_eq!(anonymous[1], C::Pass(b"me@example.com".to_vec()));
    /// assert_eq!(login("ftp://h/", None)[1], C::Pass(b"anonymous@".to_vec()));
    /// // rfc1738.txt:289: `ftp://@host.com/` has an empty user name and no password.
    /// assert_eq!(login("ftp://@host.com/", None), [C::User(vec![]), C::AskPassword]);
    /// assert_eq!(login("ftp://me:s%40t@h/", None)[1], C::Pass(b"s@t".to_vec()));
    /// ```
    pub fn login_commands(&self, email: Option<&str>) -> Result<Vec<FtpCommand>, DecodeError> {
        Ok(match (self.login.user, self.login.password) {
            (None, _) => vec![
                FtpCommand::User(b"anonymous".to_vec()),
                FtpCommand::Pass(email.unwrap_or(ANONYMOUS_PASSWORD).as_bytes().to_vec()),
            ],
            (Some(u), None) => vec![
                FtpCommand::User(arg(u, "user name")?),
                FtpCommand::AskPassword,
            ],
            (Some(u), Some(p)) => vec![
                FtpCommand::User(arg(u, "user name")?),
                FtpCommand::Pass(arg(p, "password")?),
            ],
        })
    }

    /// The url-path as FTP commands (section 3.2.2): a `CWD` for each `<cwd>` segment in
    /// order, then for typecode `d` an `NLST <name>`, otherwise a `TYPE <typecode>` when
    /// there is one and a `RETR <name>`. Without a url-path there are none. An empty
    /// `<name>` (a path ending in `/`) names no file: section 3.2.2 gives no command for it
    /// unless the typecode is `d`, so none is given.
    ///
    /// ```
    /// use urigram::rfc1738::Url;
    /// let lines = |s| {
    ///     let Url::Ftp(u) = Url::parse(s).unwrap() else { panic!() };
    ///     u.path_commands().unwrap().iter().map(|c| c.to_string()).collect::<Vec<_>>()
    /// };
    /// // The three examples of section 3.2.2.
    /// assert_eq!(lines("ftp://myname@host.dom/%2Fetc/motd"), ["CWD /etc", "RETR motd"]);
    /// assert_eq!(lines("ftp://myname@host.dom/etc/motd"), ["CWD etc", "RETR motd"]);
    /// assert_eq!(lines("ftp://myname@host.dom//etc/motd"), ["CWD ", "CWD etc", "RETR motd"]);
    /// assert_eq!(lines("ftp://h/pub;type=d"), ["NLST pub"]);
    /// assert_eq!(lines("ftp://h/a/b.txt;type=i"), ["CWD a", "TYPE i", "RETR b.txt"]);
    /// ```
    pub fn path_commands(&self) -> Result<Vec<FtpCommand>, DecodeError> {
        let mut out = Vec::new();
        let Some(path) = self.path else {
            return Ok(out);
        };
        let segments: Vec<Part<'_>> = crate::shared::Segments::of(Some(path)).collect();
        let (name, cwds) = match segments.split_last() {
            Some((n, c)) => (*n, c),
            None => return Ok(out),
        };
        for c in cwds {
            out.push(FtpCommand::Cwd(arg(*c, "CWD argument")?));
        }
        let name_arg = arg(name, "file name")?;
        match self.type_code() {
            Some('d' | 'D') => out.push(FtpCommand::Nlst(name_arg)),
            t => {
                if name_arg.is_empty() {
                    return Ok(out);
                }
                if let Some(t) = t {
                    out.push(FtpCommand::Type(t));
                }
                out.push(FtpCommand::Retr(name_arg));
            }
        }
        Ok(out)
    }

    /// [`FtpUrl::login_commands`] and then [`FtpUrl::path_commands`].
    ///
    /// ```
    /// use urigram::rfc1738::{FtpCommand, Url};
    /// let Url::Ftp(u) = Url::parse("ftp://ftp.example.com/pub/x.txt").unwrap() else { panic!() };
    /// let c = u.commands(Some("me@example.com")).unwrap();
    /// assert_eq!(c[0], FtpCommand::User(b"anonymous".to_vec()));
    /// assert_eq!(c[1], FtpCommand::Pass(b"me@example.com".to_vec()));
    /// assert_eq!(c[2].to_string(), "CWD pub");
    /// assert_eq!(c[3].to_string(), "RETR x.txt");
    /// ```
    pub fn commands(&self, email: Option<&str>) -> Result<Vec<FtpCommand>, DecodeError> {
        let mut c = self.login_commands(email)?;
        c.extend(self.path_commands()?);
        Ok(c)
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::rfc1738::Url;

    fn ftp(s: &str) -> FtpUrl<'_> {
        match Url::parse(s).unwrap() {
            Url::Ftp(u) => u,
            u => panic!("{u:?}"),
        }
    }

    #[test]
    fn logins() {
        // Section 3.1's three examples.
        let c = ftp("ftp://@host.com/").login_commands(None).unwrap();
        assert_eq!(c, [FtpCommand::User(vec![]), FtpCommand::AskPassword]);
        let c = ftp("ftp://host.com/").login_commands(None).unwrap();
        assert_eq!(
            c,
            [
                FtpCommand::User(b"anonymous".to_vec()),
                FtpCommand::Pass(ANONYMOUS_PASSWORD.as_bytes().to_vec())
            ]
        );
        let c = ftp("ftp://foo:@host.com/").login_commands(None).unwrap();
        assert_eq!(
            c,
            [FtpCommand::User(b"foo".to_vec()), FtpCommand::Pass(vec![])]
        );
        let c = ftp("ftp://a%3Ab:p%40ss@h/").login_commands(None).unwrap();
        assert_eq!(
            c,
            [
                FtpCommand::User(b"a:b".to_vec()),
                FtpCommand::Pass(b"p@ss".to_vec())
            ]
        );
        assert_eq!(c[1].to_string(), "PASS");
    }

    #[test]
    fn paths() {
        assert!(ftp("ftp://h").path_commands().unwrap().is_empty());
        assert!(ftp("ftp://h/").path_commands().unwrap().is_empty());
        assert_eq!(
            ftp("ftp://h/;type=d").path_commands().unwrap(),
            [FtpCommand::Nlst(vec![])]
        );
        assert_eq!(
            ftp("ftp://h/a/;type=D").path_commands().unwrap(),
            [FtpCommand::Cwd(b"a".to_vec()), FtpCommand::Nlst(vec![])]
        );
        assert_eq!(
            ftp("ftp://h/x;type=A").path_commands().unwrap(),
            [FtpCommand::Type('A'), FtpCommand::Retr(b"x".to_vec())]
        );
        assert_eq!(
            ftp("ftp://h/caf%E9").path_commands().unwrap(),
            [FtpCommand::Retr(b"caf\xE9".to_vec())]
        );
        // Section 6: an encoded CR LF must not reach the control connection.
        let e = ftp("ftp://h/a%0D%0ADELE%20x/b")
            .path_commands()
            .unwrap_err();
        assert_eq!(
            e,
            DecodeError::ForbiddenOctet {
                component: "CWD argument",
                octet: b'\r',
                offset: 9
            }
        );
    }
}
