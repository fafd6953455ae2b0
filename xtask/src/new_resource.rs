//! `cargo xtask new-resource PATH`: what adding the plain API collection at `/PATH` takes,
//! with the names it gets in each place, printed as a checklist with the code to paste: its
//! declaration, its texts and its demo rows (docs/adding-a-resource.md). The tests named at each
//! step fail until it is done.

use anyhow::{Result, bail};

/// The names a collection at `path` (`phone-numbers`) gets in the code.
#[derive(Debug, PartialEq, Eq)]
pub struct Names {
    pub path: String,
    /// `PhoneNumbers`: the `Collection` variant.
    pub variant: String,
    /// `PhoneNumber`: its attribute struct (the path's last word made singular).
    pub attributes: String,
    /// `PHONE_NUMBERS`: its `Spec`.
    pub spec: String,
}

impl Names {
    pub fn of(path: &str) -> Result<Names> {
        let words: Vec<&str> = path.split('-').collect();
        let well_formed = words.iter().all(|w| {
            !w.is_empty()
                && w.bytes()
                    .all(|b| b.is_ascii_lowercase() || b.is_ascii_digit())
        }) && path.starts_with(|c: char| c.is_ascii_lowercase());
        if !well_formed {
            bail!("`{path}` is not an API path segment: lowercase words joined by `-`");
        }
        let capitalized = |w: &str| {
            let mut chars = w.chars();
            chars
                .next()
                .map(|c| c.to_ascii_uppercase().to_string() + chars.as_str())
                .unwrap_or_default()
        };
        let variant: String = words.iter().map(|w| capitalized(w)).collect();
        let (last, first) = words.split_last().unwrap_or((&"", &[]));
        let attributes = first
            .iter()
            .map(|w| capitalized(w))
            .chain([capitalized(&singular(last))])
            .collect();
        Ok(Names {
            path: path.to_owned(),
            variant,
            attributes,
            spec: words.join("_").to_ascii_uppercase(),
        })
    }
}

/// An English plural's singular, for the common endings (`countries`, `prefixes`, `numbers`).
fn singular(word: &str) -> String {
    if let Some(stem) = word.strip_suffix("ies") {
        format!("{stem}y")
    } else if let Some(stem) = ["sses", "xes", "ches", "shes"]
        .iter()
        .find_map(|ending| word.strip_suffix(ending).map(|stem| (stem, ending)))
        .map(|(stem, ending)| format!("{stem}{}", &ending[..ending.len() - 2]))
    {
        stem
    } else {
        word.strip_suffix('s').unwrap_or(word).to_owned()
    }
}

/// The checklist for `path`.
pub fn checklist(names: &Names) -> String {
    format!(
        "\
Adding the plain collection /{path} (read-only records with attributes, of everyone, a
customer or an account): its declaration, its texts, its demo rows. Every step's test fails
until it is done.

{declaration}
{texts}
{rows}
That is all: 5 files. The portal's routes, navigation, list and record pages and CSV export,
and the demo server's routes, filters, sorting, paging and includes follow from the
declaration. A collection that is not plain (records made from other data, writes, a creation
form, relationships other than to its account): docs/adding-a-resource.md.
",
        path = names.path,
        declaration = declaration_step(names),
        texts = texts_step(names),
        rows = rows_step(names),
    )
}

fn declaration_step(names: &Names) -> String {
    let Names {
        path,
        variant,
        attributes,
        spec,
    } = names;
    format!(
        "\
1. Its declaration: crates/api-model/src/catalog/collections.rs
   (test: cargo test -p api-model)
   - in `declared! {{ … }}`, where the navigation should list it:
       {variant} => {attributes},
   - the declaration, which makes `{spec}` (the Spec), the struct `{attributes}` and its
     values by name:
       collection! {{
           /// What the records are, and whose.
           {spec}: Collection::{variant},
           attributes: {attributes} {{
               name: Text,
               // created_at: Time,                    always sent
               // notes: Text or null,                 may be null
               // amount: Money(\"currency\") [unsorted],  the server cannot sort by it
               // fee: Decimal or null [hidden],       a column shown only when chosen
               // kinds: see `Kind`; a set of words is `Choice(Words)` with `words!`
           }},
           path: \"{path}\",
           filters: &[ID, filter(\"name\", Text)],
           default_sort: \"name\",
           title: \"name\",
           section: Section::Reference,
           // profile_flag: Some(Flag::…),          the GET /profiles flag that shows it
           // relationships: &[to_one(\"account\", \"accounts\").as_column()],
           // key_fields, groups, lists, download, …: see `Spec`
           ..Spec::BASE
       }}
"
    )
}

fn texts_step(names: &Names) -> String {
    let path = &names.path;
    // The list's title as the files say it: `Phone numbers`.
    let spaced = path.replace('-', " ");
    let title = spaced[..1].to_ascii_uppercase() + &spaced[1..];
    format!(
        "\
2. Its texts, in every language file: src/i18n/en.ftl, uk.ftl and es.ftl (the build names
   what is missing; the browser tests check each language: cargo xtask test)
   - the message named by its path, with the attributes every resource type has:
       {path} = {title}
           .loading-list = Loading {title}…
           .loading-one = Loading <one record>…
           .none-match = No <records> match this view.
           .missing-title = No such <record>
           .missing = There is no <record> with the identifier “{{ $id }}”, or it is not yours.
           .heading = {{ $name }}
   - `field-<name> = …` for each attribute name no collection had (and
     `choice-<attribute>-<word> = …` for the words of a `Choice`)
"
    )
}

fn rows_step(names: &Names) -> String {
    let Names {
        path, attributes, ..
    } = names;
    format!(
        "\
3. Its demo rows: crates/demo-server/src/seeded/plain.rs
   (test: cargo test -p demo-server)
   - `{attributes}` among the imports from `api_model::catalog`, and in `each`:
       visit.visit::<{attributes}>();
   - its rows:
       impl Plain for {attributes} {{
           fn seeded(seeding: &Seeding) -> Vec<Row<Self>> {{
               [\"First\", \"Second\"]
                   .iter()
                   .enumerate()
                   .map(|(i, name)| Row {{
                       id: uuid(seeding.seed, \"{path}\", i as u64),
                       // Owner::Customer(DEMO_CUSTOMER), Owner::Account {{ customer, account }}
                       owner: Owner::Everyone,
                       attributes: {attributes} {{ name: (*name).to_owned() }},
                   }})
                   .collect()
           }}
       }}
"
    )
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_path_names_the_variant_the_struct_and_the_declaration() {
        let names = Names::of("phone-numbers").expect("a good path");
        assert_eq!(names.variant, "PhoneNumbers");
        assert_eq!(names.attributes, "PhoneNumber");
        assert_eq!(names.spec, "PHONE_NUMBERS");
        let list = checklist(&names);
        assert!(list.contains("PhoneNumbers => PhoneNumber,"));
        assert!(list.contains("PHONE_NUMBERS: Collection::PhoneNumbers,"));
        assert!(list.contains("phone-numbers = Phone numbers"));
        assert!(list.contains("visit.visit::<PhoneNumber>();"));
        assert!(list.contains("impl Plain for PhoneNumber {"));
    }

    #[test]
    fn a_plural_is_made_singular_for_the_struct() {
        for (path, attributes) in [
            ("countries", "Country"),
            ("network-prefixes", "NetworkPrefix"),
            ("addresses", "Address"),
            ("switches", "Switch"),
            ("sip-trunks", "SipTrunk"),
            ("data", "Data"),
        ] {
            assert_eq!(Names::of(path).unwrap().attributes, attributes, "{path}");
        }
    }

    #[test]
    fn a_path_that_is_no_segment_is_refused() {
        for path in ["", "Phone", "phone--numbers", "-x", "a/b", "9lives"] {
            assert!(Names::of(path).is_err(), "{path}");
        }
    }
}
