//! Every example of RFC 6570 (`/work/shared/rfc/rfc6570.txt`) with its line: the templates of
//! section 1.1, the expansion of section 1.1, the tables of section 1.2 (levels 1 to 4) and the
//! example tables of sections 2.4.1, 2.4.2 and 3.2.1 to 3.2.9, each with the values the RFC gives
//! them. Every expansion is also checked as an RFC 3986 `URI-reference`: expansion produces URI
//! references (rfc6570.txt:183-185).

use std::collections::HashMap;

use urigram::Grammar;
use urigram::rfc6570::{Template, Value};

/// Section 3.2's values (rfc6570.txt:1033-1049), with those of sections 2.4.1 (`semi`,
/// rfc6570.txt:863) and 2.4.2 (`year`, rfc6570.txt:940); the values of section 1.2's tables
/// (rfc6570.txt:260-415) are the same.
fn values() -> HashMap<&'static str, Value> {
    HashMap::from([
        ("count", Value::from(["one", "two", "three"])),
        ("dom", Value::from(["example", "com"])),
        ("dub", Value::from("me/too")),
        ("hello", Value::from("Hello World!")),
        ("half", Value::from("50%")),
        ("var", Value::from("value")),
        ("who", Value::from("fred")),
        ("base", Value::from("http://example.com/home/")),
        ("path", Value::from("/foo/bar")),
        ("list", Value::from(["red", "green", "blue"])),
        (
            "keys",
            Value::from([("semi", ";"), ("dot", "."), ("comma", ",")]),
        ),
        ("v", Value::from("6")),
        ("x", Value::from("1024")),
        ("y", Value::from("768")),
        ("empty", Value::from("")),
        ("empty_keys", Value::Assoc(Vec::new())),
        ("semi", Value::from(";")),
        ("year", Value::from(["1965", "2000", "2012"])),
    ])
}

/// (line, template, expansion), in the RFC's order.
const EXAMPLES: &[(u32, &str, &str)] = &[
    (270, "{var}", "value"),
    (271, "{hello}", "Hello%20World%21"),
    (299, "{+var}", "value"),
    (300, "{+hello}", "Hello%20World!"),
    (301, "{+path}/here", "/foo/bar/here"),
    (302, "here?ref={+path}", "here?ref=/foo/bar"),
    (306, "X{#var}", "X#value"),
    (307, "X{#hello}", "X#Hello%20World!"),
    (332, "map?{x,y}", "map?1024,768"),
    (333, "{x,hello,y}", "1024,Hello%20World%21,768"),
    (346, "{+x,hello,y}", "1024,Hello%20World!,768"),
    (347, "{+path,x}/here", "/foo/bar,1024/here"),
    (352, "{#x,hello,y}", "#1024,Hello%20World!,768"),
    (353, "{#path,x}/here", "#/foo/bar,1024/here"),
    (358, "X{.var}", "X.value"),
    (359, "X{.x,y}", "X.1024.768"),
    (364, "{/var}", "/value"),
    (365, "{/var,x}/here", "/value/1024/here"),
    (370, "{;x,y}", ";x=1024;y=768"),
    (371, "{;x,y,empty}", ";x=1024;y=768;empty"),
    (376, "{?x,y}", "?x=1024&y=768"),
    (377, "{?x,y,empty}", "?x=1024&y=768&empty="),
    (382, "?fixed=yes{&x}", "?fixed=yes&x=1024"),
    (383, "{&x,y,empty}", "&x=1024&y=768&empty="),
    (417, "{var:3}", "val"),
    (418, "{var:30}", "value"),
    (419, "{list}", "red,green,blue"),
    (420, "{list*}", "red,green,blue"),
    (421, "{keys}", "semi,%3B,dot,.,comma,%2C"),
    (422, "{keys*}", "semi=%3B,dot=.,comma=%2C"),
    (427, "{+path:6}/here", "/foo/b/here"),
    (428, "{+list}", "red,green,blue"),
    (429, "{+list*}", "red,green,blue"),
    (430, "{+keys}", "semi,;,dot,.,comma,,"),
    (431, "{+keys*}", "semi=;,dot=.,comma=,"),
    (436, "{#path:6}/here", "#/foo/b/here"),
    (437, "{#list}", "#red,green,blue"),
    (438, "{#list*}", "#red,green,blue"),
    (439, "{#keys}", "#semi,;,dot,.,comma,,"),
    (440, "{#keys*}", "#semi=;,dot=.,comma=,"),
    (445, "X{.var:3}", "X.val"),
    (446, "X{.list}", "X.red,green,blue"),
    (455, "X{.list*}", "X.red.green.blue"),
    (456, "X{.keys}", "X.semi,%3B,dot,.,comma,%2C"),
    (457, "X{.keys*}", "X.semi=%3B.dot=..comma=%2C"),
    (462, "{/var:1,var}", "/v/value"),
    (463, "{/list}", "/red,green,blue"),
    (464, "{/list*}", "/red/green/blue"),
    (465, "{/list*,path:4}", "/red/green/blue/%2Ffoo"),
    (466, "{/keys}", "/semi,%3B,dot,.,comma,%2C"),
    (467, "{/keys*}", "/semi=%3B/dot=./comma=%2C"),
    (472, "{;hello:5}", ";hello=Hello"),
    (473, "{;list}", ";list=red,green,blue"),
    (474, "{;list*}", ";list=red;list=green;list=blue"),
    (475, "{;keys}", ";keys=semi,%3B,dot,.,comma,%2C"),
    (476, "{;keys*}", ";semi=%3B;dot=.;comma=%2C"),
    (867, "{var}", "value"),
    (868, "{var:20}", "value"),
    (869, "{var:3}", "val"),
    (870, "{semi}", "%3B"),
    (871, "{semi:2}", "%3B"),
    (945, "find{?year*}", "find?year=1965&year=2000&year=2012"),
    (946, "www{.dom*}", "www.example.com"),
    (1150, "{count}", "one,two,three"),
    (1151, "{count*}", "one,two,three"),
    (1152, "{/count}", "/one,two,three"),
    (1153, "{/count*}", "/one/two/three"),
    (1154, "{;count}", ";count=one,two,three"),
    (1155, "{;count*}", ";count=one;count=two;count=three"),
    (1156, "{?count}", "?count=one,two,three"),
    (1157, "{?count*}", "?count=one&count=two&count=three"),
    (1158, "{&count*}", "&count=one&count=two&count=three"),
    (1185, "{var}", "value"),
    (1186, "{hello}", "Hello%20World%21"),
    (1187, "{half}", "50%25"),
    (1188, "O{empty}X", "OX"),
    (1189, "O{undef}X", "OX"),
    (1190, "{x,y}", "1024,768"),
    (1191, "{x,hello,y}", "1024,Hello%20World%21,768"),
    (1192, "?{x,empty}", "?1024,"),
    (1193, "?{x,undef}", "?1024"),
    (1194, "?{undef,y}", "?768"),
    (1195, "{var:3}", "val"),
    (1196, "{var:30}", "value"),
    (1197, "{list}", "red,green,blue"),
    (1198, "{list*}", "red,green,blue"),
    (1199, "{keys}", "semi,%3B,dot,.,comma,%2C"),
    (1200, "{keys*}", "semi=%3B,dot=.,comma=%2C"),
    (1241, "{+var}", "value"),
    (1242, "{+hello}", "Hello%20World!"),
    (1243, "{+half}", "50%25"),
    (
        1245,
        "{base}index",
        "http%3A%2F%2Fexample.com%2Fhome%2Findex",
    ),
    (1246, "{+base}index", "http://example.com/home/index"),
    (1247, "O{+empty}X", "OX"),
    (1248, "O{+undef}X", "OX"),
    (1250, "{+path}/here", "/foo/bar/here"),
    (1251, "here?ref={+path}", "here?ref=/foo/bar"),
    (1252, "up{+path}{var}/here", "up/foo/barvalue/here"),
    (1253, "{+x,hello,y}", "1024,Hello%20World!,768"),
    (1254, "{+path,x}/here", "/foo/bar,1024/here"),
    (1256, "{+path:6}/here", "/foo/b/here"),
    (1257, "{+list}", "red,green,blue"),
    (1258, "{+list*}", "red,green,blue"),
    (1259, "{+keys}", "semi,;,dot,.,comma,,"),
    (1260, "{+keys*}", "semi=;,dot=.,comma=,"),
    (1271, "{#var}", "#value"),
    (1272, "{#hello}", "#Hello%20World!"),
    (1273, "{#half}", "#50%25"),
    (1274, "foo{#empty}", "foo#"),
    (1275, "foo{#undef}", "foo"),
    (1276, "{#x,hello,y}", "#1024,Hello%20World!,768"),
    (1277, "{#path,x}/here", "#/foo/bar,1024/here"),
    (1278, "{#path:6}/here", "#/foo/b/here"),
    (1279, "{#list}", "#red,green,blue"),
    (1280, "{#list*}", "#red,green,blue"),
    (1281, "{#keys}", "#semi,;,dot,.,comma,,"),
    (1282, "{#keys*}", "#semi=;,dot=.,comma=,"),
    (1311, "{.who}", ".fred"),
    (1312, "{.who,who}", ".fred.fred"),
    (1313, "{.half,who}", ".50%25.fred"),
    (1314, "www{.dom*}", "www.example.com"),
    (1315, "X{.var}", "X.value"),
    (1316, "X{.empty}", "X."),
    (1317, "X{.undef}", "X"),
    (1318, "X{.var:3}", "X.val"),
    (1319, "X{.list}", "X.red,green,blue"),
    (1320, "X{.list*}", "X.red.green.blue"),
    (1321, "X{.keys}", "X.semi,%3B,dot,.,comma,%2C"),
    (1322, "X{.keys*}", "X.semi=%3B.dot=..comma=%2C"),
    (1323, "X{.empty_keys}", "X"),
    (1324, "X{.empty_keys*}", "X"),
    (1353, "{/who}", "/fred"),
    (1354, "{/who,who}", "/fred/fred"),
    (1355, "{/half,who}", "/50%25/fred"),
    (1356, "{/who,dub}", "/fred/me%2Ftoo"),
    (1357, "{/var}", "/value"),
    (1358, "{/var,empty}", "/value/"),
    (1359, "{/var,undef}", "/value"),
    (1360, "{/var,x}/here", "/value/1024/here"),
    (1361, "{/var:1,var}", "/v/value"),
    (1362, "{/list}", "/red,green,blue"),
    (1363, "{/list*}", "/red/green/blue"),
    (1364, "{/list*,path:4}", "/red/green/blue/%2Ffoo"),
    (1365, "{/keys}", "/semi,%3B,dot,.,comma,%2C"),
    (1366, "{/keys*}", "/semi=%3B/dot=./comma=%2C"),
    (1409, "{;who}", ";who=fred"),
    (1410, "{;half}", ";half=50%25"),
    (1411, "{;empty}", ";empty"),
    (1412, "{;v,empty,who}", ";v=6;empty;who=fred"),
    (1413, "{;v,bar,who}", ";v=6;who=fred"),
    (1414, "{;x,y}", ";x=1024;y=768"),
    (1415, "{;x,y,empty}", ";x=1024;y=768;empty"),
    (1416, "{;x,y,undef}", ";x=1024;y=768"),
    (1417, "{;hello:5}", ";hello=Hello"),
    (1418, "{;list}", ";list=red,green,blue"),
    (1419, "{;list*}", ";list=red;list=green;list=blue"),
    (1420, "{;keys}", ";keys=semi,%3B,dot,.,comma,%2C"),
    (1421, "{;keys*}", ";semi=%3B;dot=.;comma=%2C"),
    (1445, "{?who}", "?who=fred"),
    (1446, "{?half}", "?half=50%25"),
    (1447, "{?x,y}", "?x=1024&y=768"),
    (1448, "{?x,y,empty}", "?x=1024&y=768&empty="),
    (1449, "{?x,y,undef}", "?x=1024&y=768"),
    (1450, "{?var:3}", "?var=val"),
    (1451, "{?list}", "?list=red,green,blue"),
    (1452, "{?list*}", "?list=red&list=green&list=blue"),
    (1453, "{?keys}", "?keys=semi,%3B,dot,.,comma,%2C"),
    (1454, "{?keys*}", "?semi=%3B&dot=.&comma=%2C"),
    (1485, "{&who}", "&who=fred"),
    (1486, "{&half}", "&half=50%25"),
    (1487, "?fixed=yes{&x}", "?fixed=yes&x=1024"),
    (1488, "{&x,y,empty}", "&x=1024&y=768&empty="),
    (1489, "{&x,y,undef}", "&x=1024&y=768"),
    (1491, "{&var:3}", "&var=val"),
    (1492, "{&list}", "&list=red,green,blue"),
    (1493, "{&list*}", "&list=red&list=green&list=blue"),
    (1494, "{&keys}", "&keys=semi,%3B,dot,.,comma,%2C"),
    (1495, "{&keys*}", "&semi=%3B&dot=.&comma=%2C"),
];

#[test]
fn every_example_expands_as_printed() {
    let vars = values();
    let mut bad = Vec::new();
    for &(line, template, expansion) in EXAMPLES {
        let got = Template::parse(template).and_then(|t| t.expand(&vars));
        match got {
            Ok(s) if s == expansion => {
                if let Err(e) = Grammar::Rfc3986.check("URI-reference", s.as_str()) {
                    bad.push(format!(
                        "rfc6570.txt:{line}: {s:?} is no URI-reference: {e}"
                    ));
                }
            }
            other => bad.push(format!(
                "rfc6570.txt:{line}: {template} gave {other:?}, not {expansion:?}"
            )),
        }
    }
    assert!(bad.is_empty(), "{}", bad.join("\n"));
    assert_eq!(EXAMPLES.len(), 178);
}

/// Section 1.1's templates (rfc6570.txt:154-156) and its expansion of
/// `http://www.example.com/foo{?query,number}` (rfc6570.txt:192-222).
#[test]
fn section_1_1() {
    for t in [
        "http://example.com/~{username}/",
        "http://example.com/dictionary/{term:1}/{term}",
        "http://example.com/search{?q,lang}",
    ] {
        assert!(Template::parse(t).is_ok(), "{t}");
    }
    let t = Template::parse("http://www.example.com/foo{?query,number}").unwrap();
    let vars = [
        ("query", Value::from("mycelium")),
        ("number", Value::from("100")),
    ];
    assert_eq!(
        t.expand(&vars).unwrap(),
        "http://www.example.com/foo?query=mycelium&number=100"
    );
    assert_eq!(
        t.expand(&vars[1..]).unwrap(),
        "http://www.example.com/foo?number=100"
    );
}
