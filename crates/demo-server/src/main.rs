//! `demo-server [OPTIONS]`: serves the demo customer API; see `--help` and the README.

use demo_server::{DEMO_LOGIN, DEMO_PASSWORD, DataFile, Options, RESTRICTED_LOGIN};
use std::io::Write;
use std::net::{Ipv4Addr, SocketAddr};
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
  --public-url PATH         serve them under PATH, such as /portal/ (default /); GET /
                            then redirects there
  --config FILE             answer {PATH}config.json with FILE instead of DIR/config.json
                            (checked at start-up); the Content-Security-Policy follows it
  --upstream URL            forward every API request to the deployment at URL (such as
                            https://switch.example) instead of answering with demo data
  --embed-example PORT      also serve a page embedding the portal on 127.0.0.1:PORT
                            (0 picks a free one); its origin joins embed.allowedOrigins
  --embed-example-dir DIR   that page's files (default examples/embed)
  --token-lifetime SECONDS  lifetime of issued tokens; 0 issues tokens without expiry (default 600)
  --seed N                  seed of the generated data and call history (default 1)
  --data FILE               serve the data set in FILE (format demo-server-data/1) instead
                            of the seeded one
  --dump-data FILE          write the data set (seeded, or FILE of --data) to FILE in that
                            format and exit; - writes to standard output
  --tls                     serve HTTPS (HTTP/2 or HTTP/1.1) with a self-signed certificate
                            made at start, as a CDN serves; browsers must be told to accept it
  --hide-cdr-fields LIST    leave these comma-separated CDR attributes out of outgoing and
                            incoming CDRs and export files (such as time-connect,src-name-in),
                            as an operator's outgoing/incoming_cdr_hide_fields do
  --profile FILE            answer GET /profiles for the demo login with FILE: a JSON object
                            of access profile flags (or a whole GET /profiles document),
                            served as it is, flags left out or unknown included

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
  --enable-deploy-control   serve GET/POST/DELETE /__demo/deploy to act out a new build's
                            deployment while tabs are open (the portal's code directory
                            renamed; see the README)
  -h, --help                show this help
";

#[derive(Debug)]
struct Args {
    host: String,
    port: u16,
    options: Options,
    data_file: Option<PathBuf>,
    dump_data: Option<PathBuf>,
    config_file: Option<PathBuf>,
    profile_file: Option<PathBuf>,
    embed_example: Option<u16>,
    embed_example_dir: PathBuf,
    tls: bool,
}

/// One command-line flag, and where its value comes from: `--flag=value` or the next argument.
struct Flag<'a> {
    name: String,
    inline: Option<String>,
    rest: &'a mut dyn Iterator<Item = String>,
}

impl Flag<'_> {
    fn value(&mut self) -> Result<String, String> {
        self.inline
            .take()
            .or_else(|| self.rest.next())
            .ok_or_else(|| format!("{} needs a value", self.name))
    }

    /// The value as a number; `what` says which kind in the error.
    fn number<T: std::str::FromStr>(&mut self, what: &str) -> Result<T, String> {
        let text = self.value()?;
        text.parse()
            .map_err(|_| format!("{}: {text:?} is not {what}", self.name))
    }

    fn path(&mut self) -> Result<PathBuf, String> {
        self.value().map(PathBuf::from)
    }

    /// The value, read by `parse` (whose error is prefixed with the flag).
    fn parsed<T, E: std::fmt::Display>(
        &mut self,
        parse: impl FnOnce(&str) -> Result<T, E>,
    ) -> Result<T, String> {
        let text = self.value()?;
        parse(&text).map_err(|e| format!("{}: {e}", self.name))
    }

    /// A flag without a value: present means on.
    fn switch(&self) -> Result<bool, String> {
        match &self.inline {
            Some(_) => Err(format!("{} takes no value", self.name)),
            None => Ok(true),
        }
    }
}

fn parse_args(args: impl IntoIterator<Item = String>) -> Result<Option<Args>, String> {
    let mut parsed = Args {
        host: "127.0.0.1".to_owned(),
        port: 8080,
        options: Options::default(),
        data_file: None,
        dump_data: None,
        config_file: None,
        profile_file: None,
        embed_example: None,
        embed_example_dir: PathBuf::from("examples/embed"),
        tls: false,
    };
    let mut args = args.into_iter();
    while let Some(arg) = args.next() {
        let (name, inline) = match arg.split_once('=') {
            Some((name, value)) if name.starts_with("--") => {
                (name.to_owned(), Some(value.to_owned()))
            }
            _ => (arg.clone(), None),
        };
        if name == "-h" || name == "--help" {
            return Ok(None);
        }
        let mut flag = Flag {
            name,
            inline,
            rest: &mut args,
        };
        let known = hosting_flag(&mut parsed, &mut flag)?
            || data_flag(&mut parsed, &mut flag)?
            || fault_flag(&mut parsed.options, &mut flag)?;
        if !known {
            return Err(format!("unknown argument {:?}", flag.name));
        }
    }
    parsed.options.faults.validate()?;
    Ok(Some(parsed))
}

/// Where and how the server listens and what it serves beside the API; `false` for another flag.
fn hosting_flag(parsed: &mut Args, flag: &mut Flag) -> Result<bool, String> {
    match flag.name.as_str() {
        "--host" => parsed.host = flag.value()?,
        "--port" => parsed.port = flag.number("a port number")?,
        "--tls" => parsed.tls = flag.switch()?,
        "--dist" => parsed.options.dist_dir = Some(flag.path()?),
        "--public-url" => {
            parsed.options.public_url = flag.parsed(portal_config::parse_public_url)?
        }
        "--config" => parsed.config_file = Some(flag.path()?),
        "--upstream" => {
            let upstream = flag.parsed(demo_server::hosting::proxy::parse_upstream)?;
            parsed.options.upstream = Some(upstream);
        }
        "--embed-example" => parsed.embed_example = Some(flag.number("a port number")?),
        "--embed-example-dir" => parsed.embed_example_dir = flag.path()?,
        _ => return Ok(false),
    }
    Ok(true)
}

/// What the API serves: its data, tokens, profile and hidden fields; `false` for another flag.
fn data_flag(parsed: &mut Args, flag: &mut Flag) -> Result<bool, String> {
    match flag.name.as_str() {
        "--profile" => parsed.profile_file = Some(flag.path()?),
        "--token-lifetime" => {
            let seconds: u64 = flag.number("a number of seconds")?;
            parsed.options.token_lifetime = Duration::from_secs(seconds);
        }
        "--seed" => parsed.options.seed = flag.number("a whole number")?,
        "--data" => parsed.data_file = Some(flag.path()?),
        "--dump-data" => parsed.dump_data = Some(flag.path()?),
        "--hide-cdr-fields" => {
            parsed.options.hide_cdr_fields =
                flag.parsed(demo_server::jsonapi::cdrs::parse_hidden_fields)?
        }
        _ => return Ok(false),
    }
    Ok(true)
}

/// Fault injection and its control endpoint, and the deployment control; `false` for another
/// flag.
fn fault_flag(options: &mut Options, flag: &mut Flag) -> Result<bool, String> {
    let faults = &mut options.faults;
    let share = "a share from 0.0 to 1.0";
    let millis = "a number of milliseconds";
    match flag.name.as_str() {
        "--latency-ms" => faults.latency_ms = flag.number(millis)?,
        "--jitter-ms" => faults.jitter_ms = flag.number(millis)?,
        "--error-share" => faults.error_share = flag.number(share)?,
        "--error-body" => faults.error_body = flag.parsed(str::parse)?,
        "--rate-limit-share" => faults.rate_limit_share = flag.number(share)?,
        "--retry-after" => faults.retry_after_seconds = flag.number("a number of seconds")?,
        "--truncate-share" => faults.truncate_share = flag.number(share)?,
        "--faults-on-auth" => faults.include_auth = flag.switch()?,
        "--fault-seed" => faults.seed = flag.number("a whole number")?,
        "--enable-fault-control" => options.enable_fault_control = flag.switch()?,
        "--enable-deploy-control" => options.enable_deploy_control = flag.switch()?,
        _ => return Ok(false),
    }
    Ok(true)
}

/// Writes the data set to `path` (`-`: standard output).
fn dump_data(options: &Options, path: &std::path::Path) -> Result<(), String> {
    let now = chrono::Utc::now();
    let data = options.data_set(now);
    // Counted, so that the dump's `rows-count` are those of the downloads.
    demo_server::traffic::cdrs::settle_all(&data, now);
    // Worked out, so that the dump shows each payment's `balance-before-payment` (a file's
    // own are worked out again when it is loaded).
    demo_server::traffic::billing::settle_all_payments(&data);
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

/// Reads `--config FILE` and checks it as the portal would.
fn read_config(path: &std::path::Path) -> Result<String, String> {
    let text = std::fs::read_to_string(path)
        .map_err(|e| format!("--config: cannot read {}: {e}", path.display()))?;
    portal_config::parse_config(&text).map_err(|e| {
        format!(
            "--config: {} is not a config the portal accepts: {e}",
            path.display()
        )
    })?;
    Ok(text)
}

/// Reads the files `--profile` and `--config` name into the options, checked before the
/// server starts.
fn read_files(args: &mut Args) -> Result<(), String> {
    if let Some(path) = &args.profile_file {
        args.options.profile = Some(read_profile(path)?);
    }
    if let Some(path) = &args.config_file {
        args.options.config_json = Some(read_config(path)?);
        args.options.config_dir = path.parent().map(std::path::Path::to_path_buf);
    }
    Ok(())
}

/// Reads `--profile FILE`: the attributes `GET /profiles` answers for the demo login.
fn read_profile(
    path: &std::path::Path,
) -> Result<serde_json::Map<String, serde_json::Value>, String> {
    let text = std::fs::read_to_string(path)
        .map_err(|e| format!("--profile: cannot read {}: {e}", path.display()))?;
    demo_server::model::portal_access::served_attributes(&text)
        .map_err(|e| format!("--profile: {}: {e}", path.display()))
}

/// Binds the embedding example's listener on 127.0.0.1:`port`, adds its origin to the
/// portal's `embed.allowedOrigins` (in `args.options.config_json`), and makes its router.
async fn embed_example(
    args: &mut Args,
    port: u16,
    portal_address: SocketAddr,
) -> Result<(tokio::net::TcpListener, axum::Router), String> {
    let listener = tokio::net::TcpListener::bind((Ipv4Addr::LOCALHOST, port))
        .await
        .map_err(|e| format!("--embed-example: cannot listen on 127.0.0.1:{port}: {e}"))?;
    let parent_address = listener.local_addr().map_err(|e| e.to_string())?;
    let origin = format!("http://{parent_address}");
    let config = args.options.config_text().unwrap_or_default();
    let config = demo_server::example_parent::with_allowed_origin(&config, &origin)
        .map_err(|e| format!("--embed-example: cannot add {origin} to config.json: {e}"))?;
    args.options.config_json = Some(config);
    // A page on another host cannot frame a wildcard address; the portal is on loopback too.
    let mut portal_address = portal_address;
    if portal_address.ip().is_unspecified() {
        portal_address.set_ip(Ipv4Addr::LOCALHOST.into());
    }
    let dir = &args.embed_example_dir;
    if !dir.join("index.html").is_file() {
        eprintln!(
            "demo-server: warning: {} has no index.html; the embedding example will not load",
            dir.display()
        );
    }
    let parent = demo_server::example_parent(
        dir.clone(),
        format!("http://{portal_address}{}", args.options.public_url),
        format!("http://{portal_address}{}", api_model::API_PATH),
        DEMO_LOGIN.to_owned(),
        DEMO_PASSWORD.to_owned(),
    );
    Ok((listener, parent))
}

/// Prints `message` as the server's complaint and gives `code` to exit with.
fn fail(code: ExitCode, message: impl std::fmt::Display) -> ExitCode {
    eprintln!("demo-server: {message}");
    code
}

/// The exit code of wrong arguments or input files, as distinct from a failure to serve.
fn wrong_input() -> ExitCode {
    ExitCode::from(2)
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
            return wrong_input();
        }
    };
    if let Some(path) = &args.data_file {
        match DataFile::load(path) {
            Ok(file) => args.options.data = Some(Arc::new(file)),
            Err(message) => return fail(wrong_input(), message),
        }
    }
    if let Some(path) = &args.dump_data {
        return match dump_data(&args.options, path) {
            Ok(()) => ExitCode::SUCCESS,
            Err(message) => fail(ExitCode::FAILURE, message),
        };
    }
    if let Err(message) = read_files(&mut args) {
        return fail(wrong_input(), message);
    }
    warn_of_missing_portal(&args);
    match serve(args).await {
        Ok(()) => ExitCode::SUCCESS,
        Err(message) => fail(ExitCode::FAILURE, message),
    }
}

/// Warns when the portal's files are missing, or when flags that only concern them are given
/// without them (the server still starts: the API alone is useful).
fn warn_of_missing_portal(args: &Args) {
    match &args.options.dist_dir {
        Some(dist) if !dist.join("index.html").is_file() => eprintln!(
            "demo-server: warning: {} has no index.html; the portal will not load",
            dist.display()
        ),
        Some(_) => {}
        None if args.config_file.is_some()
            || args.options.public_url != "/"
            || args.embed_example.is_some() =>
        {
            eprintln!(
                "demo-server: warning: --config, --public-url and --embed-example need --dist"
            )
        }
        None => {}
    }
}

/// Listens as `args` say, tells where (and what) on standard output, and serves until the
/// process ends.
async fn serve(mut args: Args) -> Result<(), String> {
    let listener = tokio::net::TcpListener::bind((args.host.as_str(), args.port))
        .await
        .map_err(|error| format!("cannot listen on {}:{}: {error}", args.host, args.port))?;
    let address = listener.local_addr().map_err(|error| error.to_string())?;
    let embedding = match args.embed_example {
        Some(port) => Some(embed_example(&mut args, port, address).await?),
        None => None,
    };
    let banner = Banner::of(&args);
    let app = demo_server::app(args.options);
    let tls = match args.tls {
        true => Some(demo_server::hosting::tls::self_signed()?),
        false => None,
    };
    let scheme = if tls.is_some() { "https" } else { "http" };
    banner.print_where(scheme, address);
    if let Some((listener, parent)) = embedding {
        start_embed_example(listener, parent);
    }
    banner.print_faults(scheme, address);
    let _ = std::io::stdout().flush();
    let served = match tls {
        Some(config) => demo_server::hosting::tls::serve(listener, app, config).await,
        None => axum::serve(listener, app).await,
    };
    served.map_err(|error| error.to_string())
}

/// What the start-up lines on standard output tell (scripts and tests read them).
struct Banner {
    public_url: String,
    upstream: Option<String>,
    /// The `--data` file, when its data set is served.
    data_file: Option<PathBuf>,
    faults_on: bool,
    fault_control: bool,
    deploy_control: bool,
}

impl Banner {
    fn of(args: &Args) -> Banner {
        let loaded = args.options.data.is_some();
        Banner {
            public_url: args.options.public_url.clone(),
            upstream: args.options.upstream.clone(),
            data_file: loaded.then(|| args.data_file.clone().unwrap_or_default()),
            faults_on: !args.options.faults.is_off(),
            fault_control: args.options.enable_fault_control,
            deploy_control: args.options.enable_deploy_control,
        }
    }

    /// Where the portal is, and where its API answers come from.
    fn print_where(&self, scheme: &str, address: SocketAddr) {
        println!("Portal: {scheme}://{address}{}", self.public_url);
        if let Some(upstream) = &self.upstream {
            println!("API: proxied to {upstream}");
        } else if let Some(data_file) = &self.data_file {
            println!("Data: {}", data_file.display());
        } else {
            println!("Login: {DEMO_LOGIN} / {DEMO_PASSWORD}");
            println!("Login without prices or ACD: {RESTRICTED_LOGIN} / {RESTRICTED_LOGIN}");
        }
    }

    fn print_faults(&self, scheme: &str, address: SocketAddr) {
        if self.faults_on {
            println!("Faults: injected (see --help)");
        }
        if self.fault_control {
            println!(
                "Fault control: {scheme}://{address}{}",
                demo_server::routes::faults::CONTROL_PATH
            );
        }
        if self.deploy_control {
            println!(
                "Deploy control: {scheme}://{address}{}",
                demo_server::hosting::deployment::CONTROL_PATH
            );
        }
    }
}

/// Tells where the embedding example is and serves it in the background.
fn start_embed_example(listener: tokio::net::TcpListener, parent: axum::Router) {
    match listener.local_addr() {
        Ok(parent_address) => println!("Embedding example: http://{parent_address}/"),
        Err(error) => eprintln!("demo-server: {error}"),
    }
    tokio::spawn(async move {
        if let Err(error) = axum::serve(listener, parent).await {
            eprintln!("demo-server: embedding example: {error}");
        }
    });
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
        assert!(parse(&["--enable-deploy-control=yes"]).is_err());
        assert!(parse(&["--public-url", "https://x.example/portal/"]).is_err());
        assert!(parse(&["--public-url", "/a/../b/"]).is_err());
        assert!(parse(&["--upstream", "switch.example"]).is_err());
        assert!(parse(&["--upstream", "ftp://switch.example"]).is_err());
        assert!(parse(&["--upstream"]).is_err());
        assert!(parse(&["--embed-example", "x"]).is_err());
        assert!(parse(&["--config"]).is_err());
        assert!(parse(&["--profile"]).is_err());
        assert!(parse(&["--hide-cdr-fields", "time-connect,colour"]).is_err());
    }

    #[test]
    fn hidden_cdr_fields() {
        assert!(
            parse(&[])
                .unwrap()
                .unwrap()
                .options
                .hide_cdr_fields
                .is_empty()
        );
        let args = parse(&[
            "--hide-cdr-fields",
            "time-connect, customer-price,sign-term-ip",
        ]);
        assert_eq!(
            args.unwrap().unwrap().options.hide_cdr_fields,
            ["time-connect", "customer-price", "sign-term-ip"]
        );
    }

    #[test]
    fn hosting_proxy_and_embedding_flags() {
        let defaults = parse(&[]).unwrap().unwrap();
        assert_eq!(defaults.options.public_url, "/");
        assert_eq!(defaults.options.upstream, None);
        assert_eq!(defaults.options.config_json, None);
        assert_eq!(defaults.config_file, None);
        assert_eq!(defaults.embed_example, None);
        assert_eq!(defaults.embed_example_dir, PathBuf::from("examples/embed"));
        let args = parse(&[
            "--public-url",
            "portal",
            "--config=site.json",
            "--upstream",
            "https://switch.example/",
            "--embed-example",
            "0",
            "--embed-example-dir=parent",
        ])
        .unwrap()
        .unwrap();
        assert_eq!(args.options.public_url, "/portal/");
        assert_eq!(args.config_file, Some(PathBuf::from("site.json")));
        assert_eq!(
            args.options.upstream.as_deref(),
            Some("https://switch.example")
        );
        assert_eq!(args.embed_example, Some(0));
        assert_eq!(args.embed_example_dir, PathBuf::from("parent"));
        let args = parse(&[
            "--public-url=/a/b",
            "--upstream=http://127.0.0.1:9000/prefix",
        ])
        .unwrap()
        .unwrap();
        assert_eq!(args.options.public_url, "/a/b/");
        assert_eq!(
            args.options.upstream.as_deref(),
            Some("http://127.0.0.1:9000/prefix")
        );
    }

    #[test]
    fn config_files_are_checked_before_starting() {
        let dir = std::env::temp_dir().join(format!("demo-server-config-{}", std::process::id()));
        std::fs::create_dir_all(&dir).unwrap();
        let good = dir.join("good.json");
        std::fs::write(&good, r#"{"title":"Acme","auth":"cookie"}"#).unwrap();
        assert_eq!(
            read_config(&good).unwrap(),
            r#"{"title":"Acme","auth":"cookie"}"#
        );
        let bad = dir.join("bad.json");
        std::fs::write(&bad, r#"{"auth":"basic"}"#).unwrap();
        let message = read_config(&bad).unwrap_err();
        assert!(
            message.contains("bad.json") && message.contains("auth"),
            "{message}"
        );
        let message = read_config(&dir.join("missing.json")).unwrap_err();
        assert!(message.contains("cannot read"), "{message}");
        std::fs::remove_dir_all(&dir).ok();
    }

    #[test]
    fn profile_files_are_read_before_starting() {
        let args = parse(&["--profile", "restricted.json"]).unwrap().unwrap();
        assert_eq!(args.profile_file, Some(PathBuf::from("restricted.json")));
        let dir = std::env::temp_dir().join(format!("demo-server-profile-{}", std::process::id()));
        std::fs::create_dir_all(&dir).unwrap();
        let good = dir.join("good.json");
        std::fs::write(&good, r#"{"outgoing-statistics-total-price": false}"#).unwrap();
        assert_eq!(read_profile(&good).unwrap().len(), 1);
        let bad = dir.join("bad.json");
        std::fs::write(&bad, "[false]").unwrap();
        let message = read_profile(&bad).unwrap_err();
        assert!(message.contains("bad.json"), "{message}");
        assert!(read_profile(&dir.join("missing.json")).is_err());
        std::fs::remove_dir_all(&dir).ok();
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
            "--enable-deploy-control",
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
        assert!(args.options.enable_deploy_control);
        assert!(!parse(&[]).unwrap().unwrap().options.enable_deploy_control);
        assert_eq!(faults.seed, 3);
        assert!(parse(&[]).unwrap().unwrap().options.faults.is_off());
    }
}
