//! A time-series line chart on `<canvas>` (plotters): series with gaps for nulls, decimated to
//! the canvas width, time ticks in the chosen zone, a legend that toggles series, a crosshair
//! with exact values, drag to zoom with a reset, sharp on high-DPI screens, redrawn on resize,
//! and downloads of the picture (PNG) and the numbers (CSV). For keyboards and screen readers:
//! zoom buttons, the zoom announced in words, and a table of each series' lowest, highest and
//! average value that describes the canvas.

use crate::export::save_text;
use crate::format::{self, Zone};
use crate::i18n::tr;
use api_model::stats::StatsPayload;
use chart_data::decimate::polylines;
use chart_data::series::{drawable, exact_at, nearest_index, summarize, value_bounds};
use chart_data::ticks::ticks_within;
use chart_data::ticks::time_ticks_with;
use leptos::html;
use leptos::prelude::*;
use plotters::prelude::*;
use plotters_canvas::CanvasBackend;
use std::collections::BTreeSet;
use std::sync::Arc;
use wasm_bindgen::JsCast;

/// The colours of a chart in one theme. Canvas cannot read CSS, so each theme has its own set,
/// matching the stylesheet's palette.
struct ChartColors {
    /// Series colours, distinguishable for most colour-blind readers too.
    series: [RGBColor; 7],
    background: RGBColor,
    text: RGBColor,
    light_lines: RGBColor,
    bold_lines: RGBColor,
    axis: RGBColor,
    time_grid: RGBColor,
}

const LIGHT: ChartColors = ChartColors {
    series: [
        RGBColor(31, 95, 191),
        RGBColor(230, 126, 34),
        RGBColor(39, 174, 96),
        RGBColor(192, 57, 43),
        RGBColor(142, 68, 173),
        RGBColor(22, 160, 133),
        RGBColor(127, 140, 141),
    ],
    background: RGBColor(255, 255, 255),
    text: RGBColor(92, 101, 119),
    light_lines: RGBColor(244, 246, 249),
    bold_lines: RGBColor(222, 226, 232),
    axis: RGBColor(180, 186, 196),
    time_grid: RGBColor(236, 239, 243),
};

/// The same hues, lighter, on the dark surface (`--surface` of the dark theme).
const DARK: ChartColors = ChartColors {
    series: [
        RGBColor(122, 167, 255),
        RGBColor(255, 166, 87),
        RGBColor(86, 211, 140),
        RGBColor(255, 128, 112),
        RGBColor(196, 142, 232),
        RGBColor(72, 209, 184),
        RGBColor(170, 180, 181),
    ],
    background: RGBColor(29, 33, 40),
    text: RGBColor(163, 171, 185),
    light_lines: RGBColor(37, 42, 51),
    bold_lines: RGBColor(52, 58, 69),
    axis: RGBColor(90, 98, 112),
    time_grid: RGBColor(44, 50, 60),
};

fn colors(dark: bool) -> &'static ChartColors {
    if dark { &DARK } else { &LIGHT }
}

const CHART_HEIGHT_CSS: f64 = 260.0;
/// How long drawing a chart takes, for the benchmark.
const CHART_DRAW_MEASURE: &str = "portal:chart-draw";

/// A text of a chart in the language in use, read anew when the language changes.
pub type Label = Arc<dyn Fn() -> String + Send + Sync>;

/// A [`Label`] from a function of the language's texts.
pub fn label(text: impl Fn() -> String + Send + Sync + 'static) -> Label {
    Arc::new(text)
}

/// One chart: a title, a unit for the value axis, and which series of the payload it draws.
/// The series are the page's to choose (those the customer may see): the legend, tooltip,
/// table of values, CSV and picture name and draw these and no other.
#[derive(Clone)]
pub struct ChartSpec {
    pub id: String,
    pub title: Label,
    pub unit: Label,
    /// (series key in the payload, label)
    pub series: Vec<(String, Label)>,
    pub payload: Arc<StatsPayload>,
    /// The time span shown before any zoom (unix seconds); `None` spans the samples. Filled
    /// axes run up to now, past a requested end, so pages pass the requested range here.
    pub span: Option<(f64, f64)>,
    pub legend: Legend,
}

/// The series a legend has turned off, and turning one on or off: the chart's own, or a
/// page's that keeps them in its URL.
#[derive(Clone, Copy)]
pub struct Legend {
    pub hidden: Signal<BTreeSet<String>>,
    /// (series key, shown)
    pub toggle: Callback<(String, bool)>,
}

impl Legend {
    /// A legend whose choices live with the chart.
    pub fn own() -> Legend {
        let hidden = RwSignal::new(BTreeSet::new());
        Legend {
            hidden: hidden.into(),
            toggle: Callback::new(move |(key, shown): (String, bool)| {
                hidden.update(|hidden| {
                    if shown {
                        hidden.remove(&key);
                    } else {
                        hidden.insert(key);
                    }
                })
            }),
        }
    }
}

/// Where the plot area lies on the canvas (CSS pixels) and which times it spans.
#[derive(Debug, Clone, Copy, PartialEq)]
struct PlotArea {
    left: f64,
    right: f64,
    top: f64,
    bottom: f64,
    from: f64,
    to: f64,
}

/// `value` kept between `low` and `high` (`low <= high`). Not `f64::clamp`: its assertion's
/// message writes floats with `Debug`, which brings core's float formatter (some 5 KB brotli)
/// into every chart page.
fn within(value: f64, low: f64, high: f64) -> f64 {
    value.max(low).min(high)
}

impl PlotArea {
    fn time_at(&self, x: f64) -> f64 {
        let share = within(
            (x - self.left) / (self.right - self.left).max(1.0),
            0.0,
            1.0,
        );
        self.from + share * (self.to - self.from)
    }
}

fn color_of(index: usize, dark: bool) -> RGBColor {
    let series = &colors(dark).series;
    series[index % series.len()]
}

fn css_color(color: RGBColor) -> String {
    format!("rgb({}, {}, {})", color.0, color.1, color.2)
}

/// Short axis numbers with enough digits to tell neighbours apart: 12000 → 12k, 0.0125 →
/// 0.0125. Written through the exact decimal: the float formatter is kilobytes of code.
fn compact(value: f64) -> String {
    let magnitude = value.abs();
    let (scaled, suffix, decimals) = if magnitude >= 1e6 {
        (value / 1e6, "M", 2)
    } else if magnitude >= 1e4 {
        (value / 1e3, "k", 2)
    } else if magnitude >= 100.0 || value.fract() == 0.0 {
        (value, "", 0)
    } else {
        // Three significant digits for small values.
        let decimals = (2 - magnitude.log10().floor() as i32).clamp(0, 8) as u32;
        (value, "", decimals)
    };
    let number = rust_decimal::Decimal::from_f64_retain(scaled).unwrap_or_default();
    format!("{}{suffix}", number.round_dp(decimals).normalize())
}

fn draw(
    canvas: &web_sys::HtmlCanvasElement,
    spec: &ChartSpec,
    hidden: &BTreeSet<String>,
    window_range: Option<(f64, f64)>,
    zone: Zone,
    dark: bool,
) -> Result<Option<PlotArea>, String> {
    let colors = colors(dark);
    let (css_width, ratio) = fit_to_screen(canvas);
    let px = |css: f64| (css * ratio).round() as i32;

    let names: Vec<&str> = spec.series.iter().map(|(key, _)| key.as_str()).collect();
    let data = drawable(&spec.payload, &names);
    let backend = CanvasBackend::with_canvas_object(canvas.clone())
        .ok_or_else(|| crate::i18n::texts().chart_canvas_unusable.to_string())?;
    let root = backend.into_drawing_area();
    root.fill(&colors.background).map_err(|e| e.to_string())?;
    let (Some(&first), Some(&last)) = (data.t.first(), data.t.last()) else {
        return Ok(None);
    };
    let (mut from, mut to) = window_range.or(full_span(spec)).unwrap_or((first, last));
    if to - from < 60.0 {
        from -= 30.0;
        to += 30.0;
    }
    let visible: Vec<(usize, &Vec<Option<f64>>)> = data
        .values
        .iter()
        .enumerate()
        .filter(|(_, (name, _))| !hidden.contains(name))
        .map(|(i, (_, values))| (i, values))
        .collect();
    let (low, high) = value_range(&data.t, &visible, (from, to));

    // The family as a value, not the name "sans-serif" (which plotters would look up in lower
    // case, bringing Unicode's case tables into the wasm).
    let font = (FontFamily::SansSerif, px(12.0))
        .into_font()
        .color(&colors.text);
    let mut chart = ChartBuilder::on(&root)
        .margin_top(px(10.0))
        .margin_right(px(16.0))
        .x_label_area_size(px(28.0))
        .y_label_area_size(px(56.0))
        .build_cartesian_2d(Axis::new(from..to), Axis::new(low..high))
        .map_err(|e| e.to_string())?;
    draw_value_axis(&mut chart, &(spec.unit)(), &font, colors)?;

    let (x_pixels, y_pixels) = chart.plotting_area().get_pixel_range();
    let width_px = (x_pixels.end - x_pixels.start).max(1) as usize;
    let ticks = (css_width / 110.0).max(2.0) as usize;
    let style = (&font, colors.time_grid);
    draw_time_ticks(&root, &chart, (from, to, low), ticks, zone, style, px(6.0))?;
    let stroke = px(1.5).max(1) as u32;
    draw_lines(
        &mut chart,
        &data.t,
        &visible,
        (from, to),
        width_px * 2,
        stroke,
        dark,
    )?;
    root.present().map_err(|e| e.to_string())?;
    Ok(Some(PlotArea {
        left: f64::from(x_pixels.start) / ratio,
        right: f64::from(x_pixels.end) / ratio,
        top: f64::from(y_pixels.start) / ratio,
        bottom: f64::from(y_pixels.end) / ratio,
        from,
        to,
    }))
}

/// Sizes the canvas's pixels to its width on screen at the screen's pixel ratio: that width
/// (CSS pixels) and the ratio.
fn fit_to_screen(canvas: &web_sys::HtmlCanvasElement) -> (f64, f64) {
    let ratio = web_sys::window()
        .map(|w| w.device_pixel_ratio())
        .unwrap_or(1.0)
        .max(1.0);
    let css_width = f64::from(canvas.client_width()).max(200.0);
    canvas.set_width((css_width * ratio) as u32);
    canvas.set_height((CHART_HEIGHT_CSS * ratio) as u32);
    (css_width, ratio)
}

/// The chart's plotting area with time across and values up.
type Plot<'a> = plotters::chart::ChartContext<
    'a,
    CanvasBackend,
    plotters::coord::cartesian::Cartesian2d<Axis, Axis>,
>;

/// A chart axis of plain numbers whose labels only [`compact`] writes and whose labelled values
/// are [`ticks_within`]: plotters' own number axis brings its float formatter and its key
/// points `powf` and `ln` (kilobytes of code in the statistics' part), though the page writes
/// the labels and has round values of its own.
struct Axis(plotters::coord::types::RangedCoordf64);

impl Axis {
    fn new(range: std::ops::Range<f64>) -> Axis {
        Axis(range.into())
    }
}

impl plotters::coord::ranged1d::Ranged for Axis {
    type FormatOption = plotters::coord::ranged1d::NoDefaultFormatting;
    type ValueType = f64;

    fn map(&self, value: &f64, limit: (i32, i32)) -> i32 {
        self.0.map(value, limit)
    }

    fn key_points<Hint: plotters::coord::ranged1d::KeyPointHint>(&self, hint: Hint) -> Vec<f64> {
        let range = self.0.range();
        ticks_within(range.start, range.end, hint.max_num_points())
    }

    fn range(&self) -> std::ops::Range<f64> {
        self.0.range()
    }
}

impl plotters::coord::ranged1d::ValueFormatter<f64> for Axis {
    fn format(value: &f64) -> String {
        compact(*value)
    }
}

/// The values' span up the chart: of what is in the window only, so a zoomed view fills the
/// height; from zero at most, with a little room above.
fn value_range(
    times: &[f64],
    visible: &[(usize, &Vec<Option<f64>>)],
    (from, to): (f64, f64),
) -> (f64, f64) {
    let in_window: Vec<Vec<Option<f64>>> = visible
        .iter()
        .map(|(_, values)| {
            times
                .iter()
                .zip(values.iter())
                .map(|(t, v)| if *t >= from && *t <= to { *v } else { None })
                .collect()
        })
        .collect();
    let slices: Vec<&[Option<f64>]> = in_window.iter().map(Vec::as_slice).collect();
    let (low, high) = value_bounds(&slices).unwrap_or((0.0, 1.0));
    let low = low.min(0.0);
    let high = if high <= low {
        low + 1.0
    } else {
        high + (high - low) * 0.05
    };
    (low, high)
}

/// The value axis with its unit, and light lines across at its labels.
fn draw_value_axis(
    chart: &mut Plot<'_>,
    unit: &str,
    font: &TextStyle<'_>,
    colors: &ChartColors,
) -> Result<(), String> {
    chart
        .configure_mesh()
        .disable_x_mesh()
        .x_labels(0)
        .y_labels(6)
        .y_desc(unit)
        .label_style(font.clone())
        .axis_desc_style(font.clone())
        .max_light_lines(1)
        .light_line_style(colors.light_lines)
        .bold_line_style(colors.bold_lines)
        .axis_style(colors.axis)
        .draw()
        .map_err(|e| e.to_string())
}

/// Lines and labels at the zone's round times across the window.
fn draw_time_ticks(
    root: &DrawingArea<CanvasBackend, plotters::coord::Shift>,
    chart: &Plot<'_>,
    (from, to, low): (f64, f64, f64),
    ticks: usize,
    zone: Zone,
    (font, grid): (&TextStyle<'_>, RGBColor),
    gap: i32,
) -> Result<(), String> {
    let (_, y_pixels) = chart.plotting_area().get_pixel_range();
    for (tick, label) in time_ticks_with(
        from as i64,
        to as i64,
        ticks,
        zone.rules(),
        &format::month_day,
    ) {
        let (x, _) = chart.backend_coord(&(tick as f64, low));
        root.draw(&PathElement::new(
            vec![(x, y_pixels.start), (x, y_pixels.end)],
            grid,
        ))
        .map_err(|e| e.to_string())?;
        let style = font.clone().pos(plotters::style::text_anchor::Pos::new(
            plotters::style::text_anchor::HPos::Center,
            plotters::style::text_anchor::VPos::Top,
        ));
        root.draw(&Text::new(label, (x, y_pixels.end + gap), style))
            .map_err(|e| e.to_string())?;
    }
    Ok(())
}

/// Each shown series as lines, broken at its gaps, at most `max_points` each.
fn draw_lines(
    chart: &mut Plot<'_>,
    times: &[f64],
    visible: &[(usize, &Vec<Option<f64>>)],
    (from, to): (f64, f64),
    max_points: usize,
    stroke_width: u32,
    dark: bool,
) -> Result<(), String> {
    for (index, values) in visible {
        let style = ShapeStyle {
            color: color_of(*index, dark).to_rgba(),
            filled: false,
            stroke_width,
        };
        for line in polylines(times, values, max_points) {
            let clipped = line
                .into_iter()
                .filter(|(t, _)| *t >= from - 1.0 && *t <= to + 1.0);
            chart
                .draw_series(LineSeries::new(clipped, style))
                .map_err(|e| e.to_string())?;
        }
    }
    Ok(())
}

/// The times a chart shows before any zoom (unix seconds): the requested span within the
/// samples, else the samples' own.
fn full_span(spec: &ChartSpec) -> Option<(f64, f64)> {
    let first = *spec.payload.t.first()? as f64;
    let last = *spec.payload.t.last()? as f64;
    let requested = spec
        .span
        .map(|(from, to)| (from.max(first), to.min(last)))
        .filter(|(from, to)| from < to);
    Some(requested.unwrap_or((first, last)))
}

/// Zooming by buttons, the keyboard's way to what dragging does: the middle half of `shown`
/// (not closer than two minutes), or twice `shown` around its middle within `full`, which is
/// `None` once it covers all of `full` (no zoom).
fn zoomed(shown: (f64, f64), full: (f64, f64), closer: bool) -> Option<(f64, f64)> {
    let middle = (shown.0 + shown.1) / 2.0;
    let half = (shown.1 - shown.0) / 2.0;
    if closer {
        let half = (half / 2.0).max(60.0);
        return Some((middle - half, middle + half));
    }
    let width = half * 4.0;
    if width >= full.1 - full.0 {
        return None;
    }
    let from = within(middle - width / 2.0, full.0, full.1 - width);
    Some((from, from + width))
}

fn focus_element(element: Option<web_sys::HtmlButtonElement>) {
    if let Some(element) = element {
        let _ = element.focus();
    }
}

/// What a chart's controls change, and what drawing it found out.
#[derive(Clone, Copy)]
struct ChartState {
    spec: StoredValue<ChartSpec>,
    zone: Signal<Zone>,
    /// Series the legend turned off.
    hidden: Signal<BTreeSet<String>>,
    /// The zoomed span (unix seconds), if zoomed.
    window_range: RwSignal<Option<(f64, f64)>>,
    /// Where the last drawing put the plot.
    area: RwSignal<Option<PlotArea>>,
    failure: RwSignal<Option<String>>,
    /// The pointer's x and the sample under it.
    hover: RwSignal<Option<(f64, usize)>>,
    /// A drag's start and current x.
    drag: RwSignal<Option<(f64, f64)>>,
    /// Sample times as numbers once, for finding the sample under the pointer.
    times: StoredValue<Vec<f64>>,
}

pub fn line_chart(spec: ChartSpec, zone: Signal<Zone>) -> impl IntoView {
    let canvas = NodeRef::<html::Canvas>::new();
    let times = spec.payload.t.iter().map(|t| *t as f64).collect();
    let id = spec.id.clone();
    let state = ChartState {
        hidden: spec.legend.hidden,
        spec: StoredValue::new(spec),
        zone,
        window_range: RwSignal::new(None),
        area: RwSignal::new(None),
        failure: RwSignal::new(None),
        hover: RwSignal::new(None),
        drag: RwSignal::new(None),
        times: StoredValue::new(times),
    };
    redraw_when_needed(state, canvas);
    let t = crate::i18n::texts();
    let values_id = format!("{id}-values");
    let summary = move || {
        state.spec.with_value(|s| {
            (t.chart_summary)(&(s.title)(), &(s.unit)(), &s.payload.t.len().to_string()).get()
        })
    };
    view! {
        <figure class="chart" id=id>
            <figcaption>
                <span class="chart-title">{move || state.spec.with_value(|s| (s.title)())}</span>
                {chart_actions(state, canvas)}
            </figcaption>
            <div class="legend">{legend(state)}</div>
            {canvas_area(state, canvas, summary, values_id.clone())}
            <p class="chart-time-axis">{move || (crate::i18n::texts().chart_time_axis)(&format::zone_name(state.zone.get()))}</p>
            <p class="zoom-state" aria-live="polite">{move || zoom_state(state)}</p>
            {values_table(state, values_id)}
            {move || state.failure.get().map(|f| view! { <p class="form-error">{f}</p> })}
        </figure>
    }
}

/// Draws the chart again whenever what it shows changes: series, zoom, zone, theme, language
/// (its unit) or the window's size.
fn redraw_when_needed(state: ChartState, canvas: NodeRef<html::Canvas>) {
    let appearance = expect_context::<crate::appearance::Appearance>();
    let resized = RwSignal::new(0u32);
    let handle = window_event_listener(leptos::ev::resize, move |_| resized.update(|n| *n += 1));
    on_cleanup(move || handle.remove());
    let t = crate::i18n::texts();
    Effect::new(move |_| {
        resized.track();
        let (hidden, range, zone) = (
            state.hidden.get(),
            state.window_range.get(),
            state.zone.get(),
        );
        let dark = appearance.is_dark();
        let Some(element) = canvas.get() else { return };
        let element: web_sys::HtmlCanvasElement = element.unchecked_into();
        crate::perf::start(CHART_DRAW_MEASURE);
        match state
            .spec
            .with_value(|spec| draw(&element, spec, &hidden, range, zone, dark))
        {
            Ok(plot) => {
                crate::perf::measure(CHART_DRAW_MEASURE);
                crate::perf::mark("portal:chart-drawn");
                state.area.set(plot);
                state.failure.set(None);
            }
            Err(reason) => state
                .failure
                .set(Some((t.chart_failed)(&reason).to_string())),
        }
    });
}

/// The canvas with the crosshair and the drag-to-zoom selection over it.
fn canvas_area(
    state: ChartState,
    canvas: NodeRef<html::Canvas>,
    summary: impl Fn() -> String + Send + Sync + 'static,
    values_id: String,
) -> impl IntoView {
    let ChartState {
        area,
        hover,
        drag,
        times,
        window_range,
        ..
    } = state;
    let x_in_canvas = move |ev: &web_sys::MouseEvent| f64::from(ev.offset_x());
    let on_move = move |ev: web_sys::MouseEvent| {
        let Some(plot) = area.get_untracked() else {
            return;
        };
        let x = x_in_canvas(&ev);
        if let Some((start, _)) = drag.get_untracked() {
            drag.set(Some((start, within(x, plot.left, plot.right))));
        }
        if x < plot.left || x > plot.right {
            hover.set(None);
            return;
        }
        let t = plot.time_at(x);
        let index = times.with_value(|times| nearest_index(times, t));
        hover.set(index.map(|i| (x, i)));
    };
    let on_down = move |ev: web_sys::MouseEvent| {
        if let Some(plot) = area.get_untracked() {
            let x = x_in_canvas(&ev);
            if x >= plot.left && x <= plot.right {
                drag.set(Some((x, x)));
            }
        }
    };
    let on_up = move |_| {
        let (Some((start, end)), Some(plot)) = (drag.get_untracked(), area.get_untracked()) else {
            drag.set(None);
            return;
        };
        drag.set(None);
        if (end - start).abs() >= 6.0 {
            let (a, b) = (plot.time_at(start.min(end)), plot.time_at(start.max(end)));
            window_range.set(Some((a, b)));
        }
    };
    let on_leave = move |_| {
        hover.set(None);
        drag.set(None);
    };
    view! {
        <div
            class="chart-canvas"
            on:mousemove=on_move
            on:mousedown=on_down
            on:mouseup=on_up
            on:mouseleave=on_leave
        >
            <canvas
                node_ref=canvas
                role="img"
                aria-label=summary
                aria-describedby=values_id
            ></canvas>
            {move || crosshair(state)}
            {move || selection(state)}
        </div>
    }
}

/// The line under the pointer and the exact values of the sample there.
fn crosshair(state: ChartState) -> Option<impl IntoView + use<>> {
    let (x, index) = state.hover.get()?;
    let plot = state.area.get()?;
    let zone = state.zone.get();
    let t = crate::i18n::texts();
    let dark = expect_context::<crate::appearance::Appearance>().is_dark();
    let (lines, when) = state.spec.with_value(|s| {
        let when = s
            .payload
            .t
            .get(index)
            .and_then(|t| chrono::DateTime::from_timestamp(*t, 0));
        let unit = (s.unit)();
        let lines: Vec<(String, String, String)> = s
            .series
            .iter()
            .enumerate()
            .filter(|(_, (key, _))| !state.hidden.with(|h| h.contains(key)))
            .map(|(i, (key, label))| {
                let value = exact_at(&s.payload, key, index)
                    .map(|d| format!("{} {unit}", format::decimal(&d)))
                    .unwrap_or_else(|| t.chart_no_data.to_string());
                (css_color(color_of(i, dark)), label(), value)
            })
            .collect();
        (lines, when)
    });
    let when = when
        .map(|t| format::timestamp_in(&t, zone))
        .unwrap_or_default();
    // The tooltip sits on the side of the crosshair with more room.
    let flip = x > (plot.left + plot.right) / 2.0;
    let (tip_left, tip_right) = if flip {
        (
            "auto".to_owned(),
            format!("calc(100% - {})", css_px(x - 8.0)),
        )
    } else {
        (css_px(x + 8.0), "auto".to_owned())
    };
    let rows = lines
        .into_iter()
        .map(|(color, label, value)| {
            view! {
                <li>
                    <span class="swatch" style:background-color=color></span>
                    {label}": "<strong>{value}</strong>
                </li>
            }
        })
        .collect_view();
    Some(view! {
        <div
            class="crosshair"
            style:left=css_px(x)
            style:top=css_px(plot.top)
            style:height=css_px(plot.bottom - plot.top)
        ></div>
        <div
            class="chart-tooltip"
            style:left=tip_left
            style:right=tip_right
            style:top=css_px(plot.top)
            role="status"
        >
            <p class="tooltip-time">{when}</p>
            <ul>{rows}</ul>
        </div>
    })
}

/// A length in whole CSS pixels: written from an integer, as a float's `Display` would bring
/// core's float formatter (some 5 KB brotli) into the chart's pages for sub-pixel digits no
/// one sees.
fn css_px(value: f64) -> String {
    format!("{}px", value.round() as i64)
}

/// The span a drag is selecting.
fn selection(state: ChartState) -> Option<impl IntoView + use<>> {
    let (start, end) = state.drag.get()?;
    let plot = state.area.get()?;
    Some(view! {
        <div
            class="zoom-selection"
            style:left=css_px(start.min(end))
            style:width=css_px((end - start).abs())
            style:top=css_px(plot.top)
            style:height=css_px(plot.bottom - plot.top)
        ></div>
    })
}

/// One check box per series, in its colour; Space or Enter toggles it.
fn legend(state: ChartState) -> impl IntoView {
    let appearance = expect_context::<crate::appearance::Appearance>();
    let hidden = state.hidden;
    let toggle = state.spec.with_value(|s| s.legend.toggle);
    state.spec.with_value(|s| {
        s.series
            .iter()
            .enumerate()
            .map(|(i, (key, label))| {
                let (key, label) = (key.clone(), label.clone());
                let (checked_key, enter_key) = (key.clone(), key.clone());
                view! {
                    <label class="legend-item">
                        <input
                            type="checkbox"
                            name=key.clone()
                            prop:checked=move || !hidden.with(|h| h.contains(&checked_key))
                            // Enter toggles an entry too, not only Space.
                            on:keydown=move |ev: leptos::ev::KeyboardEvent| {
                                if ev.key() == "Enter" {
                                    ev.prevent_default();
                                    let shown = !hidden.with_untracked(|h| h.contains(&enter_key));
                                    toggle.run((enter_key.clone(), !shown));
                                }
                            }
                            on:change=move |ev| toggle.run((key.clone(), event_target_checked(&ev)))
                        />
                        <span class="swatch" style:background-color=move || css_color(color_of(i, appearance.is_dark()))></span>
                        {move || label()}
                    </label>
                }
            })
            .collect_view()
    })
}

/// Zoom buttons (the keyboard's way to what dragging does) and the downloads.
fn chart_actions(state: ChartState, canvas: NodeRef<html::Canvas>) -> impl IntoView {
    let (spec, window_range) = (state.spec, state.window_range);
    // When the zoom goes, so do its buttons: the focus moves to "Zoom in" instead of getting
    // lost.
    let zoom_in_button = NodeRef::<html::Button>::new();
    let zoom = move |closer: bool| {
        let Some(full) = spec.with_value(full_span) else {
            return;
        };
        let shown = window_range.get_untracked().unwrap_or(full);
        let next = zoomed(shown, full, closer);
        window_range.set(next);
        if next.is_none() {
            focus_element(zoom_in_button.get_untracked());
        }
    };
    let reset_zoom = move |_| {
        window_range.set(None);
        focus_element(zoom_in_button.get_untracked());
    };
    let file_stem = spec.with_value(|s| s.id.clone());
    let png_name = format!("{file_stem}.png");
    let save_png = move |_| {
        if let Some(element) = canvas.get_untracked() {
            let element: web_sys::HtmlCanvasElement = element.unchecked_into();
            if let Ok(url) = element.to_data_url() {
                download_url(&url, &png_name);
            }
        }
    };
    let csv_name = format!("{file_stem}.csv");
    let save_csv = move |_| {
        let csv = spec.with_value(|s| {
            let names: Vec<&str> = s.series.iter().map(|(k, _)| k.as_str()).collect();
            chart_data::csv::payload_csv(&s.payload, &names)
        });
        let _ = save_text(&csv_name, "text/csv;charset=utf-8", &csv);
    };
    view! {
        <span class="chart-actions">
            <button type="button" class="zoom-in" node_ref=zoom_in_button on:click=move |_| zoom(true)>
                {tr(|t| t.chart_zoom_in)}
            </button>
            <Show when=move || window_range.get().is_some()>
                <button type="button" class="zoom-out" on:click=move |_| zoom(false)>
                    {tr(|t| t.chart_zoom_out)}
                </button>
                <button type="button" class="zoom-reset" on:click=reset_zoom>
                    {tr(|t| t.chart_reset_zoom)}
                </button>
            </Show>
            <button type="button" class="save-png" on:click=save_png>{tr(|t| t.chart_png)}</button>
            <button type="button" class="save-csv" on:click=save_csv>{tr(|t| t.chart_csv)}</button>
        </span>
    }
}

/// The zoomed span in words, for screen readers.
fn zoom_state(state: ChartState) -> Option<String> {
    let (from, to) = state.window_range.get()?;
    let zone = state.zone.get();
    let at = |seconds: f64| {
        chrono::DateTime::from_timestamp(seconds.round() as i64, 0)
            .map(|time| format::timestamp_marked(&time, zone, format::ZoneMark::InHeading))
            .unwrap_or_default()
    };
    Some((crate::i18n::texts().chart_zoom_state)(&at(from), &at(to)).get())
}

/// The numbers in words beside the picture: per series its lowest, highest and average value.
fn values_table(state: ChartState, id: String) -> impl IntoView {
    let t = crate::i18n::texts();
    let spec = state.spec;
    let rows = move || {
        spec.with_value(|s| {
            s.series
                .iter()
                .map(|(key, label)| {
                    let summary = summarize(&s.payload, key);
                    let cell = |value: Option<&rust_decimal::Decimal>| {
                        value.map_or_else(|| t.chart_no_data.to_string(), format::decimal)
                    };
                    let min = cell(summary.as_ref().map(|s| &s.min));
                    let max = cell(summary.as_ref().map(|s| &s.max));
                    let mean = cell(summary.as_ref().map(|s| &s.mean));
                    view! {
                        <tr data-key=key.clone()>
                            <th scope="row">{label()}</th>
                            <td class="num">{min}</td>
                            <td class="num">{max}</td>
                            <td class="num">{mean}</td>
                        </tr>
                    }
                })
                .collect_view()
        })
    };
    view! {
        <table class="chart-values" id=id>
            <caption>{move || (t.chart_values_caption)(&spec.with_value(|s| (s.unit)()))}</caption>
            <thead>
                <tr>
                    <th scope="col">{tr(|t| t.chart_series)}</th>
                    <th scope="col">{tr(|t| t.chart_minimum)}</th>
                    <th scope="col">{tr(|t| t.chart_maximum)}</th>
                    <th scope="col">{tr(|t| t.chart_average)}</th>
                </tr>
            </thead>
            <tbody>{rows}</tbody>
        </table>
    }
}

fn download_url(url: &str, file_name: &str) {
    let Some(document) = web_sys::window().and_then(|w| w.document()) else {
        return;
    };
    if let Ok(anchor) = document.create_element("a") {
        let anchor: web_sys::HtmlAnchorElement = anchor.unchecked_into();
        anchor.set_href(url);
        anchor.set_download(file_name);
        anchor.click();
    }
}
