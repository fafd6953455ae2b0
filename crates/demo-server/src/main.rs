//! `demo-server [--host HOST] [--port PORT] [--dist DIR] [--token-lifetime SECONDS] [--seed N]`

use demo_server::{DEMO_LOGIN, DEMO_PASSWORD, Options};
use std::io::Write;
use std::path::PathBuf;
use std::process::ExitCode;
use std::time::Duration;

const USAGE: &str = "\
Usage: demo-server [OPTIONS]

Serves the demo customer API (and the portal's files with --dist).

Options:
  --host HOST               address to listen on (default 127.0.0.1)
  --port PORT               port to listen on; 0 picks a free one (default 8080)
  --dist DIR                serve the portal's built files from DIR
  --token-lifetime SECONDS  lifetime of issued tokens; 0 issues tokens without expiry (default 600)
  --seed N                  seed of the generated data (default 1)
  -h, --help                show this help
";

#[derive(Debug)]
struct Args {
    host: String,
    port: u16,
    options: Options,
}

fn parse_args(args: impl IntoIterator<Item = String>) -> Result<Option<Args>, String> {
    let mut parsed = Args {
        host: "127.0.0.1".to_owned(),
        port: 8080,
        options: Options::default(),
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
        match flag.as_str() {
            "--host" => parsed.host = value()?,
            "--port" => {
                let text = value()?;
                parsed.port = text
                    .parse()
                    .map_err(|_| format!("--port: {text:?} is not a port number"))?;
            }
            "--dist" => parsed.options.dist_dir = Some(PathBuf::from(value()?)),
            "--token-lifetime" => {
                let text = value()?;
                let seconds: u64 = text.parse().map_err(|_| {
                    format!("--token-lifetime: {text:?} is not a number of seconds")
                })?;
                parsed.options.token_lifetime = Duration::from_secs(seconds);
            }
            "--seed" => {
                let text = value()?;
                parsed.options.seed = text
                    .parse()
                    .map_err(|_| format!("--seed: {text:?} is not a whole number"))?;
            }
            other => return Err(format!("unknown argument {other:?}")),
        }
    }
    Ok(Some(parsed))
}

#[tokio::main]
async fn main() -> ExitCode {
    let args = match parse_args(std::env::args().skip(1)) {
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
    let app = demo_server::app(args.options);
    println!("Portal: http://{address}/");
    println!("Login: {DEMO_LOGIN} / {DEMO_PASSWORD}");
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
    }
}
