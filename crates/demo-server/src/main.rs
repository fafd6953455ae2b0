//! `demo-server [OPTIONS]`: serves the demo customer API; see `--help` and the README.

use demo_server::data::DataSet;
use demo_server::{DEMO_LOGIN, DEMO_PASSWORD, DataFile, Options};
use std::io::Write;
use std::path::PathBuf;
use std::process::ExitCode;
use std::sync::Arc;
use std::time::Duration;

const USAGE: &str = "\
Usage: demo-server [OPTIONS]

Serves the demo customer API (and the portal's files with --dist).

Options:
  --host HOST               address to listen on (default 127.0.0.1)
  --port PORT               port to listen on; 0 picks a free one (default 8080)
  --dist DIR                serve the portal's built files from DIR
  --token-lifetime SECONDS  lifetime of issued tokens; 0 issues tokens without expiry (default 600)
  --seed N                  seed of the generated data and call history (default 1)
  --data FILE               serve the data set in FILE (format demo-server-data/1) instead
                            of the seeded one
  --dump-data FILE          write the data set (seeded, or FILE of --data) to FILE in that
                            format and exit; - writes to standard output

Fault injection (off by default; never on /auth unless --faults-on-auth):
  --latency-ms MS           add MS milliseconds to every API request
  --jitter-ms MS            add up to MS more milliseconds, different per request
  --error-share SHARE       answer SHARE (0.0-1.0) of API requests with 500
  --error-body KIND         body of those 500s: mixed (default), empty or jsonapi
  --rate-limit-share SHARE  answer SHARE of API requests with 429 and Retry-After
  --retry-after SECONDS     the Retry-After of those 429s (default 1)
  --truncate-share SHARE    cut SHARE of API response bodies in half (invalid JSON)
  --faults-on-auth          inject faults into /auth too
  --fault-seed N            seed of which requests get faults (default 0)
  --enable-fault-control    serve GET/POST/DELETE /__demo/faults to change faults at run time
  -h, --help                show this help
";

#[derive(Debug)]
struct Args {
    host: String,
    port: u16,
    options: Options,
    data_file: Option<PathBuf>,
    dump_data: Option<PathBuf>,
}

fn number<T: std::str::FromStr>(flag: &str, text: &str, what: &str) -> Result<T, String> {
    text.parse()
        .map_err(|_| format!("{flag}: {text:?} is not {what}"))
}

fn parse_args(args: impl IntoIterator<Item = String>) -> Result<Option<Args>, String> {
    let mut parsed = Args {
        host: "127.0.0.1".to_owned(),
        port: 8080,
        options: Options::default(),
        data_file: None,
        dump_data: None,
    };
    let mut args = args.into_iter();
    while let Some(arg) = args.next() {
        let (flag, inline) = match arg.split_once('=') {
            Some((flag, value)) if flag.starts_with("--") => {
                (flag.to_owned(), Some(value.to_owned()))
            }
            _ => (arg.clone(), None),
        };
        if flag == "-h" || flag == "--help" {
            return Ok(None);
        }
        let mut value = || {
            inline
                .clone()
                .or_else(|| args.next())
                .ok_or_else(|| format!("{flag} needs a value"))
        };
        let switch = || match &inline {
            Some(_) => Err(format!("{flag} takes no value")),
            None => Ok(true),
        };
        let faults = &mut parsed.options.faults;
        let share = "a share from 0.0 to 1.0";
        let millis = "a number of milliseconds";
        match flag.as_str() {
            "--host" => parsed.host = value()?,
            "--port" => parsed.port = number(&flag, &value()?, "a port number")?,
            "--dist" => parsed.options.dist_dir = Some(PathBuf::from(value()?)),
            "--token-lifetime" => {
                let seconds: u64 = number(&flag, &value()?, "a number of seconds")?;
                parsed.options.token_lifetime = Duration::from_secs(seconds);
            }
            "--seed" => parsed.options.seed = number(&flag, &value()?, "a whole number")?,
            "--data" => parsed.data_file = Some(PathBuf::from(value()?)),
            "--dump-data" => parsed.dump_data = Some(PathBuf::from(value()?)),
            "--latency-ms" => faults.latency_ms = number(&flag, &value()?, millis)?,
            "--jitter-ms" => faults.jitter_ms = number(&flag, &value()?, millis)?,
            "--error-share" => faults.error_share = number(&flag, &value()?, share)?,
            "--error-body" => {
                faults.error_body = value()?.parse().map_err(|e| format!("{flag}: {e}"))?
            }
            "--rate-limit-share" => faults.rate_limit_share = number(&flag, &value()?, share)?,
            "--retry-after" => {
                faults.retry_after_seconds = number(&flag, &value()?, "a number of seconds")?
            }
            "--truncate-share" => faults.truncate_share = number(&flag, &value()?, share)?,
            "--faults-on-auth" => faults.include_auth = switch()?,
            "--fault-seed" => faults.seed = number(&flag, &value()?, "a whole number")?,
            "--enable-fault-control" => parsed.options.enable_fault_control = switch()?,
            other => return Err(format!("unknown argument {other:?}")),
        }
    }
    parsed.options.faults.validate()?;
    Ok(Some(parsed))
}

/// Writes the data set to `path` (`-`: standard output).
fn dump_data(options: &Options, path: &std::path::Path) -> Result<(), String> {
    let now = chrono::Utc::now();
    let data = match &options.data {
        Some(file) => DataSet::from_file(file, options.seed, now),
        None => DataSet::generate(options.seed, now),
    };
    let mut text = data.to_file().to_json_pretty();
    text.push('\n');
    if path.as_os_str() == "-" {
        return std::io::stdout()
            .write_all(text.as_bytes())
            .map_err(|e| e.to_string());
    }
    std::fs::write(path, text).map_err(|e| format!("cannot write {}: {e}", path.display()))?;
    eprintln!("demo-server: wrote the data set to {}", path.display());
    Ok(())
}

#[tokio::main]
async fn main() -> ExitCode {
    let mut args = match parse_args(std::env::args().skip(1)) {
        Ok(Some(args)) => args,
        Ok(None) => {
            print!("{USAGE}");
            return ExitCode::SUCCESS;
        }
        Err(message) => {
            eprintln!("demo-server: {message}\n\n{USAGE}");
            return ExitCode::from(2);
        }
    };
    if let Some(path) = &args.data_file {
        match DataFile::load(path) {
            Ok(file) => args.options.data = Some(Arc::new(file)),
            Err(message) => {
                eprintln!("demo-server: {message}");
                return ExitCode::from(2);
            }
        }
    }
    if let Some(path) = &args.dump_data {
        return match dump_data(&args.options, path) {
            Ok(()) => ExitCode::SUCCESS,
            Err(message) => {
                eprintln!("demo-server: {message}");
                ExitCode::FAILURE
            }
        };
    }
    if let Some(dist) = &args.options.dist_dir
        && !dist.join("index.html").is_file()
    {
        eprintln!(
            "demo-server: warning: {} has no index.html; the portal will not load",
            dist.display()
        );
    }
    let listener = match tokio::net::TcpListener::bind((args.host.as_str(), args.port)).await {
        Ok(listener) => listener,
        Err(error) => {
            eprintln!(
                "demo-server: cannot listen on {}:{}: {error}",
                args.host, args.port
            );
            return ExitCode::FAILURE;
        }
    };
    let address = match listener.local_addr() {
        Ok(address) => address,
        Err(error) => {
            eprintln!("demo-server: {error}");
            return ExitCode::FAILURE;
        }
    };
    let loaded = args.options.data.is_some();
    let control = args.options.enable_fault_control;
    let faults_on = !args.options.faults.is_off();
    let app = demo_server::app(args.options);
    println!("Portal: http://{address}/");
    if loaded {
        println!("Data: {}", args.data_file.unwrap_or_default().display());
    } else {
        println!("Login: {DEMO_LOGIN} / {DEMO_PASSWORD}");
    }
    if faults_on {
        println!("Faults: injected (see --help)");
    }
    if control {
        println!(
            "Fault control: http://{address}{}",
            demo_server::faults::CONTROL_PATH
        );
    }
    let _ = std::io::stdout().flush();
    match axum::serve(listener, app).await {
        Ok(()) => ExitCode::SUCCESS,
        Err(error) => {
            eprintln!("demo-server: {error}");
            ExitCode::FAILURE
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn parse(args: &[&str]) -> Result<Option<Args>, String> {
        parse_args(args.iter().map(|s| (*s).to_owned()))
    }

    #[test]
    fn defaults_and_every_flag() {
        let defaults = parse(&[]).unwrap().unwrap();
        assert_eq!((defaults.host.as_str(), defaults.port), ("127.0.0.1", 8080));
        assert_eq!(defaults.options.token_lifetime, Duration::from_secs(600));
        let args = parse(&[
            "--host",
            "0.0.0.0",
            "--port=0",
            "--dist",
            "dist",
            "--token-lifetime",
            "5",
            "--seed=9",
        ])
        .unwrap()
        .unwrap();
        assert_eq!((args.host.as_str(), args.port), ("0.0.0.0", 0));
        assert_eq!(args.options.dist_dir, Some(PathBuf::from("dist")));
        assert_eq!(args.options.token_lifetime, Duration::from_secs(5));
        assert_eq!(args.options.seed, 9);
    }

    #[test]
    fn help_and_errors() {
        assert!(parse(&["--help"]).unwrap().is_none());
        assert!(parse(&["--port"]).is_err());
        assert!(parse(&["--port", "http"]).is_err());
        assert!(parse(&["--seed", "-1"]).is_err());
        assert!(parse(&["--colour"]).is_err());
        assert!(parse(&["--error-share", "1.5"]).is_err());
        assert!(parse(&["--error-share", "0.7", "--truncate-share", "0.7"]).is_err());
        assert!(parse(&["--error-body", "sometimes"]).is_err());
        assert!(parse(&["--enable-fault-control=yes"]).is_err());
    }

    #[test]
    fn data_and_fault_flags() {
        let args = parse(&[
            "--data",
            "mine.json",
            "--dump-data=-",
            "--latency-ms",
            "20",
            "--jitter-ms=5",
            "--error-share",
            "0.25",
            "--error-body",
            "jsonapi",
            "--rate-limit-share=0.1",
            "--retry-after",
            "7",
            "--truncate-share",
            "0.05",
            "--faults-on-auth",
            "--fault-seed",
            "3",
            "--enable-fault-control",
        ])
        .unwrap()
        .unwrap();
        assert_eq!(args.data_file, Some(PathBuf::from("mine.json")));
        assert_eq!(args.dump_data, Some(PathBuf::from("-")));
        let faults = &args.options.faults;
        assert_eq!((faults.latency_ms, faults.jitter_ms), (20, 5));
        assert_eq!(faults.error_share, 0.25);
        assert_eq!(faults.error_body, demo_server::ErrorBody::Jsonapi);
        assert_eq!(
            (faults.rate_limit_share, faults.retry_after_seconds),
            (0.1, 7)
        );
        assert_eq!(faults.truncate_share, 0.05);
        assert!(faults.include_auth && args.options.enable_fault_control);
        assert_eq!(faults.seed, 3);
        assert!(parse(&[]).unwrap().unwrap().options.faults.is_off());
    }
}
