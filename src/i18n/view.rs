//! Texts in views: a [`Text`] or [`Phrase`] placed in a view (as a child, an attribute's value,
//! or what a closure returns) renders as the text in the language in use and follows the
//! language, as a Leptos signal does: `{t.retry}` and `aria-label=t.menu` need no closure, and
//! a language change redraws only that text node or attribute. The impls are Leptos' own for
//! signals (`tachys::reactive_graph`), reading the text where those read the signal.

use super::{Phrase, Text};
use leptos::tachys::html::attribute::any_attribute::AnyAttribute;
use leptos::tachys::html::attribute::{Attribute, AttributeValue};
use leptos::tachys::hydration::Cursor;
use leptos::tachys::reactive_graph::RenderEffectState;
use leptos::tachys::renderer::types::Element;
use leptos::tachys::ssr::StreamBuilder;
use leptos::tachys::view::add_attr::AddAnyAttr;
use leptos::tachys::view::{Position, PositionState, Render, RenderHtml};

macro_rules! reactive_text {
    ($name:ty, $value:ty) => {
        impl Render for $name {
            type State = RenderEffectState<<$value as Render>::State>;

            fn build(self) -> Self::State {
                Render::build(move || self.get())
            }

            fn rebuild(self, state: &mut Self::State) {
                Render::rebuild(move || self.get(), state)
            }
        }

        impl AddAnyAttr for $name {
            type Output<SomeNewAttr: Attribute> = Self;

            /// Text takes no attributes.
            fn add_any_attr<NewAttr: Attribute>(self, _attr: NewAttr) -> Self::Output<NewAttr> {
                self
            }
        }

        impl RenderHtml for $name {
            type AsyncOutput = Self;
            type Owned = Self;

            const MIN_LENGTH: usize = 0;

            fn dry_resolve(&mut self) {}

            async fn resolve(self) -> Self::AsyncOutput {
                self
            }

            fn html_len(&self) -> usize {
                0
            }

            fn to_html_with_buf(
                self,
                buf: &mut String,
                position: &mut Position,
                escape: bool,
                mark_branches: bool,
                extra_attrs: Vec<AnyAttribute>,
            ) {
                self.get()
                    .to_html_with_buf(buf, position, escape, mark_branches, extra_attrs)
            }

            fn to_html_async_with_buf<const OUT_OF_ORDER: bool>(
                self,
                buf: &mut StreamBuilder,
                position: &mut Position,
                escape: bool,
                mark_branches: bool,
                extra_attrs: Vec<AnyAttribute>,
            ) where
                Self: Sized,
            {
                self.get().to_html_async_with_buf::<OUT_OF_ORDER>(
                    buf,
                    position,
                    escape,
                    mark_branches,
                    extra_attrs,
                );
            }

            fn hydrate<const FROM_SERVER: bool>(
                self,
                cursor: &Cursor,
                position: &PositionState,
            ) -> Self::State {
                RenderHtml::hydrate::<FROM_SERVER>(move || self.get(), cursor, position)
            }

            fn into_owned(self) -> Self::Owned {
                self
            }
        }

        impl AttributeValue for $name {
            type AsyncOutput = Self;
            type State = leptos::prelude::RenderEffect<<$value as AttributeValue>::State>;
            type Cloneable = Self;
            type CloneableOwned = Self;

            fn html_len(&self) -> usize {
                0
            }

            fn to_html(self, key: &str, buf: &mut String) {
                AttributeValue::to_html(self.get(), key, buf);
            }

            fn to_template(_key: &str, _buf: &mut String) {}

            fn hydrate<const FROM_SERVER: bool>(self, key: &str, el: &Element) -> Self::State {
                AttributeValue::hydrate::<FROM_SERVER>(move || self.get(), key, el)
            }

            fn build(self, el: &Element, key: &str) -> Self::State {
                AttributeValue::build(move || self.get(), el, key)
            }

            fn rebuild(self, key: &str, state: &mut Self::State) {
                AttributeValue::rebuild(move || self.get(), key, state)
            }

            fn into_cloneable(self) -> Self::Cloneable {
                self
            }

            fn into_cloneable_owned(self) -> Self::CloneableOwned {
                self
            }

            fn dry_resolve(&mut self) {}

            async fn resolve(self) -> Self::AsyncOutput {
                self
            }
        }
    };
}

reactive_text!(Text, &'static str);
reactive_text!(Phrase, String);
