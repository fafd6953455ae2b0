//! Writes: what a form sends to the server, every form through this one mechanism (Leptos'
//! `Action`).
//!
//! A write is pending from its dispatch until its answer, and a dispatch while it is pending
//! is refused, so a double click sends one request (edits of different records may go
//! together: [`Write::concurrent`]). The server's refusal of the fields (422)
//! shows each of its words under the field its JSON pointer names and the rest (pointer
//! `/data`, or none) above the form; any other failure shows the server's words above the
//! form, with a retry when sending the same again may help. The form's own checks show the
//! same way, before anything is sent.
//!
//! A write belongs to the session it was sent in: when that session ends (sign-out, a 401,
//! expiry, another customer's sign-in), the HTTP layer aborts it and takes no answer it may
//! still get, so `done` (which may store or follow what the answer carries) never runs for it.

use crate::components::problems::FieldProblems;
use crate::i18n::{error_text, tr};
use api_model::errors::{ApiError, field_errors_of};
use leptos::prelude::*;
use std::future::Future;
use std::rc::Rc;

/// A problem's words, chosen when they are shown, so a form whose problems say more than the
/// server's words can redraw them in another language.
pub trait Said: Clone + Send + Sync + 'static {
    /// The server's own words (or the portal's, for a failure without any).
    fn server(words: String) -> Self;
    fn text(&self) -> String;
}

impl Said for String {
    fn server(words: String) -> Self {
        words
    }

    fn text(&self) -> String {
        self.clone()
    }
}

/// A problem under the field it names, or above the form (`None`).
pub type Problem<P> = (Option<&'static str>, P);

/// What a failed write shows: under each field its pointer names (of `fields`, the form's),
/// and above the form the rest.
pub fn server_problems<P: Said>(error: &ApiError, fields: &[&'static str]) -> Vec<Problem<P>> {
    let found = match error.status() {
        Some(422) => field_errors_of(error, fields),
        _ => vec![(None, error_text(error))],
    };
    found
        .into_iter()
        .map(|(field, words)| (field, P::server(words)))
        .collect()
}

/// A form's write: its input `I` sent, answered by `O`.
pub struct Write<I: 'static, O: 'static, P: Said = String> {
    action: Action<I, Result<O, ApiError>>,
    problems: RwSignal<Vec<Problem<P>>>,
    /// The last failure may pass if sent again (the network, a 5xx, a 429).
    retryable: RwSignal<bool>,
    last_input: StoredValue<Option<I>, LocalStorage>,
    /// Sends while another is on its way (edits of different records), instead of refusing.
    concurrent: bool,
}

impl<I: 'static, O: 'static, P: Said> Clone for Write<I, O, P> {
    fn clone(&self) -> Self {
        *self
    }
}

impl<I: 'static, O: 'static, P: Said> Copy for Write<I, O, P> {}

impl<I: Clone + 'static, O: 'static, P: Said> Write<I, O, P> {
    /// `send` makes the request; `done` takes a good answer (with what was sent), and may
    /// still refuse it with a problem shown above the form. `fields` are the form's, as the
    /// server's pointers name them.
    pub fn new<Fut>(
        fields: impl AsRef<[&'static str]> + 'static,
        send: impl Fn(I) -> Fut + 'static,
        done: impl Fn(&I, &O) -> Result<(), P> + 'static,
    ) -> Write<I, O, P>
    where
        Fut: Future<Output = Result<O, ApiError>> + 'static,
    {
        let problems = RwSignal::new(Vec::new());
        let retryable = RwSignal::new(false);
        let done = Rc::new(done);
        let fields: Rc<[&'static str]> = fields.as_ref().into();
        let action = Action::new_local(move |input: &I| {
            let (input, request, done) = (input.clone(), send(input.clone()), done.clone());
            let fields = fields.clone();
            async move {
                let answer = request.await;
                match &answer {
                    Ok(good) => {
                        if let Err(problem) = done(&input, good) {
                            problems.try_set(vec![(None, problem)]);
                        }
                    }
                    // The session ended while it was on its way (`crate::http`): nothing
                    // of its answer is taken, nor is a problem shown to whoever comes next.
                    Err(ApiError::Aborted) => {}
                    Err(error) => {
                        problems.try_set(server_problems(error, &fields));
                        retryable.try_set(error.is_retryable());
                    }
                }
                answer
            }
        });
        Write {
            action,
            problems,
            retryable,
            last_input: StoredValue::new_local(None),
            concurrent: false,
        }
    }

    /// The same write for edits that may be on their way together (each row of a list its
    /// own): a dispatch while another is pending is sent, not refused.
    pub fn concurrent(self) -> Self {
        Write {
            concurrent: true,
            ..self
        }
    }

    /// Whether a request is on its way. Tracked.
    pub fn pending(&self) -> bool {
        self.action.pending().get()
    }

    /// Sends `input`, unless a request is on its way already (then `false`: nothing is sent;
    /// a [`Write::concurrent`] one sends it too).
    pub fn dispatch(&self, input: I) -> bool {
        if !self.concurrent && self.action.pending().get_untracked() {
            return false;
        }
        self.problems.set(Vec::new());
        self.retryable.set(false);
        self.last_input.set_value(Some(input.clone()));
        self.action.dispatch_local(input);
        true
    }

    /// Sends the last input again.
    pub fn retry(&self) {
        if let Some(input) = self.last_input.get_value() {
            self.dispatch(input);
        }
    }

    /// The form's own checks found `problems`: they show, and nothing is sent.
    pub fn refuse(&self, problems: Vec<Problem<P>>) {
        self.retryable.set(false);
        self.problems.set(problems);
    }

    /// Takes away the problems shown at `fields` (the customer is fixing them).
    pub fn forget_at(&self, fields: &[Option<&'static str>]) {
        let shown = |all: &Vec<Problem<P>>| all.iter().any(|(at, _)| fields.contains(at));
        if self.problems.with_untracked(shown) {
            self.problems
                .update(|all| all.retain(|(at, _)| !fields.contains(at)));
        }
    }

    /// The answer to the last request, once it came. Tracked.
    pub fn result(&self) -> MappedSignal<Option<Result<O, ApiError>>> {
        self.action.value()
    }

    /// The words of the problems shown at `field` (`None`: above the form). Tracked.
    pub fn texts_at(&self, field: Option<&'static str>) -> Signal<Vec<String>> {
        let problems = self.problems;
        Signal::derive(move || {
            problems.with(|all| {
                all.iter()
                    .filter(|(at, _)| *at == field)
                    .map(|(_, said)| said.text())
                    .collect()
            })
        })
    }

    /// Above the form: its problems as a whole, and a retry when sending again may help.
    pub fn above_form(&self) -> impl IntoView + use<I, O, P> {
        let write = *self;
        let retry = move || {
            (write.retryable.get() && !write.pending()).then(|| {
                view! {
                    <button type="button" class="retry" on:click=move |_| write.retry()>
                        {tr(|t| t.retry)}
                    </button>
                }
            })
        };
        view! {
            <FieldProblems texts=self.texts_at(None) />
            {retry}
        }
    }
}
