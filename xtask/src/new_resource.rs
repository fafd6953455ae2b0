//! `cargo xtask new-resource PATH`: what adding the API collection at `/PATH` takes, with the
//! names it gets in each place, printed as a checklist with the code to paste. The tests named
//! at each step fail until it is done (README.md, "Adding a resource").

use anyhow::{Result, bail};

/// The names a collection at `path` (`phone-numbers`) gets in the code.
#[derive(Debug, PartialEq, Eq)]
pub struct Names {
    pub path: String,
    /// `PhoneNumbers`: the `Collection` variant.
    pub variant: String,
    /// `PHONE_NUMBERS`: its `Spec`.
    pub spec: String,
    /// `phone_numbers`: its `ResourceTexts` in the portal's texts.
    pub texts: String,
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
        let capitalized = |w: &&str| {
            let mut chars = w.chars();
            chars
                .next()
                .map(|c| c.to_ascii_uppercase().to_string() + chars.as_str())
                .unwrap_or_default()
        };
        Ok(Names {
            path: path.to_owned(),
            variant: words.iter().map(capitalized).collect(),
            spec: words.join("_").to_ascii_uppercase(),
            texts: words.join("_"),
        })
    }
}

/// The checklist for `path`.
pub fn checklist(names: &Names) -> String {
    let Names {
        path,
        variant,
        spec,
        texts,
    } = names;
    // The list's title as the files say it: `Phone numbers`.
    let spaced = path.replace('-', " ");
    let title = spaced[..1].to_ascii_uppercase() + &spaced[1..];
    format!(
        "\
Adding the collection /{path}: every step's test fails until it is done.

1. crates/api-model/src/catalog.rs (test: cargo test -p api-model catalog)
   - `{variant},` in `enum Collection`, and `{variant} => {spec},` in `declared! {{ … }}`
     (which makes `Collection::ALL`)
   - its declaration:
       pub const {spec}: Spec = Spec {{
           path: \"{path}\",
           fields: &[field(\"name\", Kind::Text)],
           filters: &[ID, filter(\"name\", Text)],
           title: \"name\",
           section: Section::Reference,
           // profile_flag: Some(Flag::…),         the GET /profiles flag that shows it
           // create: Some(Creation {{ segment: \"new\", path: \"{path}\", profile_flag: None,
           //     form: Form::Inputs(&[Input {{ name: \"name\", kind: Kind::Text, required: true, to: None }}]) }}),
           // summary, lists, within, download, window, …: see `Spec`
           ..Spec::BASE
       }};
   - a typed struct in crates/api-model/src/resources.rs if code reads its records
     (test: cargo test -p api-model --test typed_resources)

2. The portal's texts (the build checks the files; test: cargo test -p portal --test i18n, in
   the browser: cargo xtask test)
   - in every language file, src/i18n/en.ftl, uk.ftl and es.ftl, the message that becomes
     `Texts::{texts}`, with the attributes every resource type has:
       {path} = {title}
           .loading-list = Loading {title}…
           .loading-one = Loading <one record>…
           .none-match = No <records> match this view.
           .missing-title = No such <record>
           .missing = There is no <record> with the identifier “{{ $id }}”, or it is not yours.
           .heading = {{ $name }}
   - its arm `Collection::{variant} => &self.{texts},` in `Texts::resource` (src/i18n/mod.rs)
   - in every language file, `field-<name> = …` for each new attribute name (and
     `choice-<attribute>-<word> = …` for known words)

3. Demo data (test: cargo test -p demo-server --test http checklist)
   - a `Record` impl in crates/demo-server/src/jsonapi/records.rs over data the `seeded`
     layer makes, registered in crates/demo-server/src/routes/resources.rs
   - with `create`: its POST handler on that route, answering 422 for what is missing

Nothing in src/pages: routes, navigation, list, detail and creation pages follow from the
declaration. A page that is not a collection goes into `routing::ROUTES` (README.md).
"
    )
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_path_names_the_variant_the_declaration_and_the_texts() {
        let names = Names::of("phone-numbers").expect("a good path");
        assert_eq!(names.variant, "PhoneNumbers");
        assert_eq!(names.spec, "PHONE_NUMBERS");
        assert_eq!(names.texts, "phone_numbers");
        let list = checklist(&names);
        assert!(list.contains("PhoneNumbers => PHONE_NUMBERS,"));
        assert!(list.contains("pub const PHONE_NUMBERS: Spec"));
        assert!(list.contains("phone-numbers = Phone numbers"));
        assert!(list.contains("Collection::PhoneNumbers => &self.phone_numbers,"));
    }

    #[test]
    fn a_path_that_is_no_segment_is_refused() {
        for path in ["", "Phone", "phone--numbers", "-x", "a/b", "9lives"] {
            assert!(Names::of(path).is_err(), "{path}");
        }
    }
}
