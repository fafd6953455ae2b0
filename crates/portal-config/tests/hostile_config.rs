//! config.json is written by people: no input makes the reader panic.

use portal_config::parse_config;

#[test]
fn config_reader_survives_hostile_input() {
    // Deterministic mutations of a valid file: cut, byte flips, wrong kinds of values.
    let base = r#"{"apiBaseUrl":"https://switch.example","title":"Acme","locale":"uk","embed":{"allowedOrigins":["https://a.example"]}}"#;
    let nasty = [
        "null",
        "1e400",
        "[]",
        "{}",
        "\"\\ud800\"",
        "\"<script>\"",
        "-0",
        "true",
    ];
    let mut state: u64 = 0x2545_F491_4F6C_DD1D;
    let mut next = move || {
        state ^= state << 13;
        state ^= state >> 7;
        state ^= state << 17;
        state
    };
    let inputs = 200_000;
    for _ in 0..inputs {
        let mut bytes = base.as_bytes().to_vec();
        match next() % 3 {
            0 => bytes.truncate((next() % (bytes.len() as u64 + 1)) as usize),
            1 => {
                for _ in 0..=(next() % 4) {
                    let at = (next() % bytes.len() as u64) as usize;
                    bytes[at] = (next() & 0x7f) as u8;
                }
            }
            _ => {
                let text = base.replace("\"Acme\"", nasty[(next() % nasty.len() as u64) as usize]);
                bytes = text.into_bytes();
            }
        }
        let _ = parse_config(&String::from_utf8_lossy(&bytes));
    }
}
