use super::*;

const FACTS_EN: &str = "language-name = English
language-locale = en-GB
language-date-time-pattern = %Y-%m-%d %H:%M:%S
language-plural-forms = one other
";

const FACTS_UK: &str = "language-name = Українська
language-locale = uk-UA
language-date-time-pattern = %d.%m.%Y %H:%M:%S
language-plural-forms = one few many other
";

const REFERENCE: &str = "
retry = Retry
# $first, $last, $total: the rows shown and how many in all
pager-rows = Rows { $first }–{ $last } of { $total }
export-done = { $rows ->
    [one] Exported one row.
   *[other] Exported { $rows } rows.
}
accounts = Accounts
    .heading = Account { $name }
field-min-balance = Min balance
";

fn reference() -> Reference {
    read_reference("en.ftl", &format!("{FACTS_EN}{REFERENCE}")).expect("the reference reads")
}

fn uk(body: &str) -> Result<LanguageFile, Problems> {
    compile(&reference(), "uk", "uk.ftl", &format!("{FACTS_UK}{body}"))
}

const UK_COMPLETE: &str = "
retry = Повторити
pager-rows = Рядки { $first }–{ $last } з { $total }
export-done = Експортовано { $rows } { $rows ->
    [one] рядок
    [few] рядки
    [many] рядків
   *[other] рядка
}.
accounts = Рахунки
    .heading = Рахунок { $name }
field-min-balance = Мін. баланс
";

#[test]
fn the_reference_names_its_texts_and_their_arguments_in_order() {
    let reference = reference();
    let ids: Vec<(&str, Vec<&str>)> = reference
        .texts
        .iter()
        .map(|d| (d.id.as_str(), d.args.iter().map(String::as_str).collect()))
        .collect();
    assert_eq!(
        ids,
        [
            ("retry", vec![]),
            ("pager-rows", vec!["first", "last", "total"]),
            ("export-done", vec!["rows"]),
            ("accounts", vec![]),
            ("accounts.heading", vec!["name"]),
        ]
    );
    assert!(reference.keyed.contains("field-min-balance"));
}

#[test]
fn a_complete_language_compiles_to_positional_json() {
    let file = uk(UK_COMPLETE).expect("complete");
    assert_eq!(file.name, "Українська");
    assert_eq!(file.plural_forms, ["one", "few", "many", "other"]);
    assert_eq!(
        file.json,
        r#"{"m":["Повторити",["Рядки ",0,"–",1," з ",2],["Експортовано ",0," ",{"s":0,"v":[["one","рядок"],["few","рядки"],["many","рядків"],["other","рядка"]],"d":3},"."],"Рахунки",["Рахунок ",0]],"k":{"field-min-balance":"Мін. баланс"}}"#
    );
    assert!(file.file_name().starts_with("uk."));
    assert!(file.file_name().ends_with(".json"));
}

#[test]
fn a_changed_text_changes_the_file_name() {
    let a = uk(UK_COMPLETE).unwrap().file_name();
    let b = uk(&UK_COMPLETE.replace("Повторити", "Ще раз"))
        .unwrap()
        .file_name();
    assert_ne!(a, b);
}

fn problems(body: &str) -> String {
    uk(body).expect_err("should fail").join("\n")
}

#[test]
fn a_missing_message_fails() {
    let text = problems(&UK_COMPLETE.replace("retry = Повторити\n", ""));
    assert!(text.contains("`retry` is missing"), "{text}");
    let text = problems(&UK_COMPLETE.replace("field-min-balance = Мін. баланс\n", ""));
    assert!(text.contains("`field-min-balance` is missing"), "{text}");
    let text = problems(&UK_COMPLETE.replace("    .heading = Рахунок { $name }\n", ""));
    assert!(text.contains("`accounts.heading` is missing"), "{text}");
}

#[test]
fn a_message_the_reference_lacks_fails() {
    let text = problems(&format!("{UK_COMPLETE}surplus = Зайве\n"));
    assert!(text.contains("`surplus` is not in the reference"), "{text}");
}

#[test]
fn an_unknown_argument_fails() {
    let text = problems(&UK_COMPLETE.replace("{ $total }", "{ $count }"));
    assert!(text.contains("`pager-rows` uses $count"), "{text}");
}

#[test]
fn a_missing_plural_form_fails() {
    let text = problems(&UK_COMPLETE.replace("    [few] рядки\n", ""));
    assert!(
        text.contains("`export-done` lacks the plural form [few]"),
        "{text}"
    );
}

#[test]
fn a_syntax_error_names_its_line() {
    // An unclosed placeable (its brace escaped, so the braces of this file stay balanced).
    let text = problems(&(UK_COMPLETE.to_owned() + "broken = \u{7b} $rows\n"));
    assert!(text.contains("uk.ftl:"), "{text}");
}

#[test]
fn two_arguments_without_their_order_fail_in_the_reference() {
    let source = format!("{FACTS_EN}pair = {{ $a }} and {{ $b }}\n");
    let text = read_reference("en.ftl", &source).unwrap_err().join("\n");
    assert!(text.contains("name the arguments in order"), "{text}");
}

#[test]
fn keyed_messages_are_plain_text() {
    let text = problems(&UK_COMPLETE.replace("Мін. баланс", "{ $x }"));
    assert!(
        text.contains("`field-min-balance` must be plain text"),
        "{text}"
    );
}

#[test]
fn the_rust_names_follow_the_reference() {
    let api = rust_api(&reference());
    assert!(api.contains("pub retry: Text,"), "{api}");
    assert!(
        api.contains("pub pager_rows: fn(&str, &str, &str) -> Phrase,"),
        "{api}"
    );
    assert!(
        api.contains("pager_rows: |first, last, total| Phrase::new(1, &[first, last, total]),"),
        "{api}"
    );
    assert!(api.contains("pub accounts: ResourceTexts,"), "{api}");
    assert!(api.contains("pub heading: fn(&str) -> Phrase,"), "{api}");
    assert!(api.contains("accounts: ResourceTexts { title: Text::at(3), heading: |name| Phrase::new(4, &[name]), },"), "{api}");
    assert!(api.contains("pub const TEXT_COUNT: usize = 5;"), "{api}");
}

#[test]
fn texts_by_name_are_written_in_the_order_of_their_names() {
    let reference = format!("{FACTS_EN}{REFERENCE}field-zone = Zone\nfield-account = Account\n");
    let reference = read_reference("en.ftl", &reference).expect("the reference reads");
    let body = format!("{UK_COMPLETE}field-zone = Зона\nfield-account = Рахунок\n");
    let file = compile(&reference, "uk", "uk.ftl", &format!("{FACTS_UK}{body}")).unwrap();
    assert!(
        file.json.ends_with(
            r#""k":{"field-account":"Рахунок","field-min-balance":"Мін. баланс","field-zone":"Зона"}}"#
        ),
        "{}",
        file.json
    );
}

#[test]
fn texts_of_a_group_marked_with_its_page_are_left_out_of_the_first_copy() {
    let marked = format!(
        "{FACTS_EN}retry = Retry\n\n## Statement [with its page]\nstatement-make = Download\n\n## Detail page\nback = Back\n"
    );
    let reference = read_reference("en.ftl", &marked).expect("reads");
    let later: Vec<bool> = reference.texts.iter().map(|d| d.with_its_page).collect();
    assert_eq!(later, [false, true, false]);
    let file = compile(&reference, "en", "en.ftl", &marked).expect("compiles");
    assert_eq!(file.json, r#"{"m":["Retry","Download","Back"],"k":{}}"#);
    assert_eq!(file.first_json, r#"{"m":["Retry","","Back"],"k":{},"p":1}"#);
}

#[test]
fn without_a_marked_group_the_first_copy_is_the_file() {
    let file = uk(UK_COMPLETE).expect("complete");
    assert_eq!(file.first_json, file.json);
}

#[test]
fn a_text_looked_up_by_name_cannot_come_with_its_page() {
    let marked = format!("{FACTS_EN}## Labels [with its page]\nfield-name = Name\n");
    let problems = read_reference("en.ftl", &marked)
        .expect_err("refused")
        .join("\n");
    assert!(
        problems.contains("`field-name` is looked up by name"),
        "{problems}"
    );
}
