//! `branding.accentColor`: the operator's colour, read from CSS notation, and the accent, link
//! and focus colours the portal derives from it for its light and dark themes, each checked
//! against WCAG 2's AA contrast before it is used (1.4.3: 4.5:1 for text, links included;
//! 1.4.11: 3:1 for a focus ring and other parts of controls).
//!
//! The brand's colour is kept as far as contrast allows: for the light theme it is darkened
//! (mixed with black), for the dark theme lightened (mixed with white), each only as much as
//! needed and at most by [`MAX_SHIFT_PERCENT`]. A colour that needs more than that (a pale
//! yellow on a white page, black on a dark one) would no longer be the brand's and is refused.

use std::fmt;

/// An opaque sRGB colour.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct Rgb {
    pub red: u8,
    pub green: u8,
    pub blue: u8,
}

const BLACK: Rgb = Rgb::new(0, 0, 0);
const WHITE: Rgb = Rgb::new(255, 255, 255);

impl Rgb {
    pub const fn new(red: u8, green: u8, blue: u8) -> Rgb {
        Rgb { red, green, blue }
    }

    /// Reads `#rgb`, `#rrggbb`, `rgb(r g b)` or `rgb(r, g, b)` (case and spaces aside). A
    /// colour with transparency is refused: what shows through it is unknown, so its contrast is.
    pub fn parse(text: &str) -> Result<Rgb, String> {
        let text = text.trim().to_ascii_lowercase();
        if let Some(hex) = text.strip_prefix('#') {
            return parse_hex(hex);
        }
        if let Some(inside) = text
            .strip_prefix("rgb(")
            .and_then(|rest| rest.strip_suffix(')'))
        {
            return parse_rgb_function(inside);
        }
        if text.starts_with("rgba(") || text.starts_with("hsla(") || text == "transparent" {
            return Err("a colour with transparency cannot be checked for contrast".into());
        }
        Err("write it as #rrggbb, #rgb or rgb(r, g, b)".into())
    }

    /// CSS's `#rrggbb`.
    pub fn hex(self) -> String {
        format!("#{:02x}{:02x}{:02x}", self.red, self.green, self.blue)
    }

    /// WCAG 2's relative luminance, 0 (black) to 1 (white).
    pub fn luminance(self) -> f64 {
        0.2126 * linear(self.red) + 0.7152 * linear(self.green) + 0.0722 * linear(self.blue)
    }

    /// `percent` of the way from this colour to `other`, channel by channel.
    fn mixed_with(self, other: Rgb, percent: u8) -> Rgb {
        let mix = |from: u8, to: u8| {
            let (start, end, p) = (i32::from(from), i32::from(to), i32::from(percent));
            // Rounded to the nearest; stays within 0..=255 since both ends do.
            u8::try_from(start + ((end - start) * p + 50 * (end - start).signum()) / 100)
                .unwrap_or(to)
        };
        Rgb::new(
            mix(self.red, other.red),
            mix(self.green, other.green),
            mix(self.blue, other.blue),
        )
    }
}

/// An sRGB channel's linear light, 0 to 1 (WCAG 2's relative luminance formula).
fn linear(channel: u8) -> f64 {
    let c = f64::from(channel) / 255.0;
    if c <= 0.040_45 {
        c / 12.92
    } else {
        pow_2_4((c + 0.055) / 1.055)
    }
}

/// `base` (0 to 1) to the power 2.4, by square roots alone: `powf` would bring libm's `pow`
/// (2 KB) into the portal's first load. 2.4 is 2 + 0.4, and 0.4 is 0.0110 0110 0110… in
/// binary, so `base^0.4` is the product of `base^(1/2^k)` for every k whose bit is set (k = 2,
/// 3, 6, 7, …). 32 bits leave the exponent off by under 1e-10: a relative error under 1e-9
/// for the bases sRGB gives (0.04 and up).
fn pow_2_4(base: f64) -> f64 {
    let mut root = base;
    let mut power = base * base;
    for k in 1..=32 {
        root = root.sqrt();
        if k % 4 == 2 || k % 4 == 3 {
            power *= root;
        }
    }
    power
}

impl fmt::Display for Rgb {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(&self.hex())
    }
}

fn parse_hex(hex: &str) -> Result<Rgb, String> {
    if !hex.chars().all(|c| c.is_ascii_hexdigit()) {
        return Err("a # colour holds hexadecimal digits only".into());
    }
    let digit = |i: usize| u8::from_str_radix(&hex[i..=i], 16).unwrap_or(0);
    let pair = |i: usize| u8::from_str_radix(&hex[i..i + 2], 16).unwrap_or(0);
    match hex.len() {
        3 => Ok(Rgb::new(digit(0) * 17, digit(1) * 17, digit(2) * 17)),
        6 => Ok(Rgb::new(pair(0), pair(2), pair(4))),
        4 | 8 => Err("a colour with transparency cannot be checked for contrast".into()),
        _ => Err("a # colour has 3 or 6 hexadecimal digits".into()),
    }
}

fn parse_rgb_function(inside: &str) -> Result<Rgb, String> {
    if inside.contains('/') {
        return Err("a colour with transparency cannot be checked for contrast".into());
    }
    let channels: Vec<&str> = inside
        .split([',', ' '])
        .map(str::trim)
        .filter(|part| !part.is_empty())
        .collect();
    let values: Option<Vec<u8>> = channels.iter().map(|c| c.parse::<u8>().ok()).collect();
    match values.as_deref() {
        Some(&[red, green, blue]) => Ok(Rgb::new(red, green, blue)),
        _ => Err("rgb() takes three whole numbers from 0 to 255".into()),
    }
}

/// WCAG 2's contrast ratio of two colours, from 1 (none) to 21 (black on white).
pub fn contrast(a: Rgb, b: Rgb) -> f64 {
    let (la, lb) = (a.luminance(), b.luminance());
    (la.max(lb) + 0.05) / (la.min(lb) + 0.05)
}

/// AA for text (links are text): WCAG 1.4.3.
pub const TEXT_CONTRAST: f64 = 4.5;
/// AA for a focus ring and parts of controls: WCAG 1.4.11.
pub const UI_CONTRAST: f64 = 3.0;
/// How far the brand's colour may be darkened or lightened for a theme, in percent of the way
/// to black or white.
pub const MAX_SHIFT_PERCENT: u8 = 50;

/// One of the portal's two themes, with the backgrounds its accent shows on.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Theme {
    Light,
    Dark,
}

impl Theme {
    pub fn name(self) -> &'static str {
        match self {
            Theme::Light => "light",
            Theme::Dark => "dark",
        }
    }

    /// The backgrounds links and focus rings sit on: the page, a surface, a table's head and a
    /// hovered row (`--bg`, `--surface`, `--table-head`, `--row-hover` in `style/main.css`,
    /// which a test holds to these).
    pub fn backgrounds(self) -> [Rgb; 4] {
        match self {
            Theme::Light => [
                Rgb::new(0xf6, 0xf7, 0xf9),
                Rgb::new(0xff, 0xff, 0xff),
                Rgb::new(0xee, 0xf1, 0xf5),
                Rgb::new(0xf3, 0xf6, 0xfb),
            ],
            Theme::Dark => [
                Rgb::new(0x14, 0x17, 0x1c),
                Rgb::new(0x1d, 0x21, 0x28),
                Rgb::new(0x25, 0x2a, 0x33),
                Rgb::new(0x23, 0x28, 0x33),
            ],
        }
    }

    /// The text written on an accent-coloured button, one of two (`--accent-text`).
    fn texts_on_accent(self) -> [Rgb; 2] {
        [WHITE, Rgb::new(0x0d, 0x11, 0x17)]
    }

    /// Away from this theme's backgrounds.
    fn shift_towards(self) -> Rgb {
        match self {
            Theme::Light => BLACK,
            Theme::Dark => WHITE,
        }
    }

    /// The lowest contrast of `colour` against any of this theme's backgrounds.
    fn worst_contrast(self, colour: Rgb) -> f64 {
        self.backgrounds()
            .into_iter()
            .map(|background| contrast(colour, background))
            .fold(f64::INFINITY, f64::min)
    }
}

/// The colours of one theme (`--accent`, `--accent-text`, `--link`, `--focus`).
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct ThemeColours {
    /// Buttons, the current page's mark, badges: also text, so held to 4.5:1.
    pub accent: Rgb,
    /// Text on an accent-coloured button.
    pub accent_text: Rgb,
    pub link: Rgb,
    /// The keyboard focus ring: 3:1.
    pub focus: Rgb,
}

/// `branding.accentColor` as given and as each theme uses it.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct Accent {
    pub given: Rgb,
    pub light: ThemeColours,
    pub dark: ThemeColours,
}

impl Accent {
    /// Derives both themes' colours from `given`, or says why a theme cannot have them.
    pub fn derive(given: Rgb) -> Result<Accent, String> {
        Ok(Accent {
            given,
            light: derive_theme(given, Theme::Light)?,
            dark: derive_theme(given, Theme::Dark)?,
        })
    }

    pub fn for_theme(&self, theme: Theme) -> ThemeColours {
        match theme {
            Theme::Light => self.light,
            Theme::Dark => self.dark,
        }
    }
}

/// A contrast ratio to one decimal, rounded down (`4.4`: never more than it is), written
/// without float formatting, which the portal's first load would otherwise carry.
fn ratio_text(ratio: f64) -> String {
    let tenths = (ratio * 10.0).floor() as u32;
    format!("{}.{}", tenths / 10, tenths % 10)
}

/// The least shifted colour that reaches `needed` against every background of `theme`.
fn least_shift(given: Rgb, theme: Theme, needed: f64) -> Option<Rgb> {
    (0..=MAX_SHIFT_PERCENT)
        .map(|percent| given.mixed_with(theme.shift_towards(), percent))
        .find(|colour| theme.worst_contrast(*colour) >= needed)
}

fn derive_theme(given: Rgb, theme: Theme) -> Result<ThemeColours, String> {
    let Some(link) = least_shift(given, theme, TEXT_CONTRAST) else {
        let farthest = given.mixed_with(theme.shift_towards(), MAX_SHIFT_PERCENT);
        let direction = match theme {
            Theme::Light => "darkened",
            Theme::Dark => "lightened",
        };
        return Err(format!(
            "its links and buttons in the {} theme would reach at most {}:1 against the \
             page even {direction} by half, and WCAG AA asks 4.5:1; choose a colour with more \
             contrast",
            theme.name(),
            ratio_text(theme.worst_contrast(farthest)),
        ));
    };
    // Never more shifted than the link, which reaches more than the focus ring needs.
    let focus = least_shift(given, theme, UI_CONTRAST).unwrap_or(link);
    let accent_text = theme
        .texts_on_accent()
        .into_iter()
        .max_by(|a, b| contrast(*a, link).total_cmp(&contrast(*b, link)))
        .unwrap_or(WHITE);
    if contrast(accent_text, link) < TEXT_CONTRAST {
        return Err(format!(
            "text on its buttons in the {} theme would reach only {}:1, and WCAG AA asks \
             4.5:1; choose a darker or lighter colour",
            theme.name(),
            ratio_text(contrast(accent_text, link)),
        ));
    }
    Ok(ThemeColours {
        accent: link,
        accent_text,
        link,
        focus,
    })
}

#[cfg(test)]
mod tests {
    use super::*;

    fn rgb(text: &str) -> Rgb {
        Rgb::parse(text).unwrap()
    }

    #[test]
    fn reads_css_notations() {
        assert_eq!(rgb("#1F5FBF"), Rgb::new(0x1f, 0x5f, 0xbf));
        assert_eq!(rgb(" #abc "), Rgb::new(0xaa, 0xbb, 0xcc));
        assert_eq!(rgb("rgb(31, 95, 191)"), Rgb::new(31, 95, 191));
        assert_eq!(rgb("RGB(31 95 191)"), Rgb::new(31, 95, 191));
        for bad in [
            "",
            "blue",
            "#12",
            "#12345g",
            "#1234",
            "#11223344",
            "rgb(1, 2)",
            "rgb(1, 2, 300)",
            "rgb(1 2 3 / 50%)",
            "rgba(1, 2, 3, 1)",
            "transparent",
        ] {
            assert!(Rgb::parse(bad).is_err(), "{bad:?} was read");
        }
    }

    #[test]
    fn contrast_is_wcag_s() {
        assert!((contrast(BLACK, WHITE) - 21.0).abs() < 1e-9);
        assert!((contrast(WHITE, WHITE) - 1.0).abs() < 1e-9);
        // Known values: #767676 is the lightest grey with 4.5:1 on white.
        assert!((contrast(rgb("#767676"), WHITE) - 4.54).abs() < 0.01);
        assert!((contrast(rgb("#777777"), WHITE) - 4.48).abs() < 0.01);
        assert_eq!(
            contrast(rgb("#1f5fbf"), WHITE),
            contrast(WHITE, rgb("#1f5fbf"))
        );
    }

    #[test]
    fn every_channel_is_linearised_as_with_powf() {
        for channel in 0..=255u8 {
            let c = f64::from(channel) / 255.0;
            let exact = if c <= 0.040_45 {
                c / 12.92
            } else {
                ((c + 0.055) / 1.055).powf(2.4)
            };
            let error = (linear(channel) - exact).abs();
            assert!(
                error <= 1e-9 * exact,
                "channel {channel}: {} for {exact}",
                linear(channel)
            );
        }
        // Ratios near AA's line are told apart as WCAG's formula does.
        assert!(contrast(rgb("#767676"), WHITE) >= TEXT_CONTRAST);
        assert!(contrast(rgb("#777777"), WHITE) < TEXT_CONTRAST);
        assert!(contrast(rgb("#949494"), WHITE) >= UI_CONTRAST);
        assert!(contrast(rgb("#959595"), WHITE) < UI_CONTRAST);
    }

    #[test]
    fn a_colour_with_contrast_is_kept_in_the_light_theme_and_lightened_for_the_dark() {
        let accent = Accent::derive(rgb("#1f5fbf")).unwrap();
        assert_eq!(accent.light.link, rgb("#1f5fbf"));
        assert_eq!(accent.light.focus, rgb("#1f5fbf"));
        assert_eq!(accent.light.accent_text, WHITE);
        assert_ne!(accent.dark.link, rgb("#1f5fbf"));
        for theme in [Theme::Light, Theme::Dark] {
            let colours = accent.for_theme(theme);
            assert!(
                theme.worst_contrast(colours.link) >= TEXT_CONTRAST,
                "{theme:?}"
            );
            assert!(
                theme.worst_contrast(colours.focus) >= UI_CONTRAST,
                "{theme:?}"
            );
            assert!(contrast(colours.accent_text, colours.accent) >= TEXT_CONTRAST);
        }
        // The dark theme's focus ring needs less than its links, so it is shifted less.
        assert!(accent.dark.focus.luminance() <= accent.dark.link.luminance());
    }

    #[test]
    fn a_pale_colour_is_darkened_for_the_light_theme_only_as_needed() {
        let accent = Accent::derive(rgb("#3b82f6")).unwrap();
        let link = accent.light.link;
        assert_ne!(link, rgb("#3b82f6"));
        assert!(Theme::Light.worst_contrast(link) >= TEXT_CONTRAST);
        // One step less and it would not reach AA.
        let percent = (0..=MAX_SHIFT_PERCENT)
            .find(|p| rgb("#3b82f6").mixed_with(BLACK, *p) == link)
            .unwrap();
        let less = rgb("#3b82f6").mixed_with(BLACK, percent - 1);
        assert!(Theme::Light.worst_contrast(less) < TEXT_CONTRAST);
    }

    #[test]
    fn ratios_are_written_rounded_down() {
        assert_eq!(ratio_text(4.49), "4.4");
        assert_eq!(ratio_text(21.0), "21.0");
        assert_eq!(ratio_text(1.07), "1.0");
    }

    #[test]
    fn colours_that_cannot_reach_aa_on_a_theme_are_refused_saying_which() {
        let yellow = Accent::derive(rgb("#ffff00")).unwrap_err();
        assert!(yellow.contains("light theme"), "{yellow}");
        assert!(yellow.contains("4.5:1"), "{yellow}");
        let black = Accent::derive(BLACK).unwrap_err();
        assert!(black.contains("dark theme"), "{black}");
    }

    #[test]
    fn the_themes_backgrounds_are_the_stylesheet_s() {
        let css = std::fs::read_to_string(
            std::path::Path::new(env!("CARGO_MANIFEST_DIR")).join("../../style/main.css"),
        )
        .unwrap();
        for (index, property) in ["--bg", "--surface", "--table-head", "--row-hover"]
            .into_iter()
            .enumerate()
        {
            let declaration = css
                .lines()
                .find_map(|line| {
                    line.trim()
                        .strip_prefix(&format!("{property}: light-dark("))
                })
                .unwrap_or_else(|| panic!("{property} is not set with light-dark() in main.css"));
            let (light, rest) = declaration.split_once(',').unwrap();
            let dark = rest.trim().trim_end_matches(");");
            assert_eq!(rgb(light), Theme::Light.backgrounds()[index], "{property}");
            assert_eq!(rgb(dark), Theme::Dark.backgrounds()[index], "{property}");
        }
    }
}
