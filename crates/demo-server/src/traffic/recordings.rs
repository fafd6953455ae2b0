//! A call's recording: a short WAV file made from the call, so each recorded call sounds a
//! little different (a few tones of its own) and the same every time it is fetched.

use crate::seeded::random::mix;
use crate::traffic::cdr_records::CdrCall;

/// Telephone quality: 8 kHz, 16-bit, mono.
const SAMPLE_RATE: u32 = 8000;
/// Tones of a recording, each this long.
const TONE_MILLIS: u32 = 400;
const TONES: usize = 4;
/// Quiet enough not to startle anyone who plays it.
const AMPLITUDE: f64 = 6000.0;

/// The frequencies of a recording's tones (Hz): notes between 300 Hz and 1 kHz.
fn tones(cdr: &CdrCall) -> [f64; TONES] {
    let mut bits = mix(cdr.call.key ^ 0x70e5);
    let mut out = [0.0; TONES];
    for tone in &mut out {
        *tone = 300.0 + (bits % 700) as f64;
        bits = mix(bits);
    }
    out
}

/// The 16-bit samples of the recording.
fn samples(cdr: &CdrCall) -> Vec<i16> {
    let per_tone = (SAMPLE_RATE * TONE_MILLIS / 1000) as usize;
    let rate = f64::from(SAMPLE_RATE);
    tones(cdr)
        .iter()
        .flat_map(|&frequency| {
            (0..per_tone).map(move |n| {
                // A short fade at both ends of each tone avoids clicks.
                let edge = n.min(per_tone - 1 - n) as f64;
                let fade = (edge / 80.0).min(1.0);
                let phase = 2.0 * std::f64::consts::PI * frequency * n as f64 / rate;
                (phase.sin() * AMPLITUDE * fade) as i16
            })
        })
        .collect()
}

/// The recording as a WAV file: a RIFF header of PCM format, then the samples.
pub fn recording_wav(cdr: &CdrCall) -> Vec<u8> {
    let samples = samples(cdr);
    let data_len = u32::try_from(samples.len() * 2).unwrap_or(u32::MAX);
    let mut wav = Vec::with_capacity(44 + samples.len() * 2);
    wav.extend_from_slice(b"RIFF");
    wav.extend_from_slice(&(36 + data_len).to_le_bytes());
    wav.extend_from_slice(b"WAVEfmt ");
    wav.extend_from_slice(&16u32.to_le_bytes()); // size of the format chunk
    wav.extend_from_slice(&1u16.to_le_bytes()); // PCM
    wav.extend_from_slice(&1u16.to_le_bytes()); // mono
    wav.extend_from_slice(&SAMPLE_RATE.to_le_bytes());
    wav.extend_from_slice(&(SAMPLE_RATE * 2).to_le_bytes()); // bytes per second
    wav.extend_from_slice(&2u16.to_le_bytes()); // bytes per sample frame
    wav.extend_from_slice(&16u16.to_le_bytes()); // bits per sample
    wav.extend_from_slice(b"data");
    wav.extend_from_slice(&data_len.to_le_bytes());
    for sample in samples {
        wav.extend_from_slice(&sample.to_le_bytes());
    }
    wav
}
