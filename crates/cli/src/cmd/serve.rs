//! `mancala serve`: the web app (`mancala-web`, docs/web.md) on a local
//! port.

use std::net::{IpAddr, SocketAddr};

use crate::endgame::DbArgs;
use crate::error::CliError;
use crate::output::outln;

#[derive(clap::Args, Debug)]
pub struct Args {
    /// The port to listen on (0: any free port, printed).
    #[arg(long, default_value_t = mancala_web::DEFAULT_ADDR.port())]
    pub port: u16,
    /// The address to listen on. The default, 127.0.0.1, is this machine
    /// only; 0.0.0.0 is every network (anyone who reaches the machine can
    /// then use the page and its processor).
    #[arg(long, default_value_t = mancala_web::DEFAULT_ADDR.ip())]
    pub listen: IpAddr,
    /// Open the page in the default web browser.
    #[arg(long)]
    pub open: bool,
    /// A host name the server answers to besides localhost and the
    /// machine's addresses (e.g. its name on the network, with --listen);
    /// may be given several times.
    #[arg(long, value_name = "NAME")]
    pub allow_host: Vec<String>,
    #[command(flatten)]
    pub db: DbArgs,
}

pub fn run(args: Args) -> Result<(), CliError> {
    let options = mancala_web::ServeOptions {
        db_dir: (!args.db.no_db).then(|| args.db.location.root()),
        // Requests must name this machine (docs/web.md): listening beyond
        // the loopback address, any of its addresses, and the names allowed.
        any_address: !args.listen.is_loopback(),
        allowed_hosts: args.allow_host.clone(),
        ..mancala_web::ServeOptions::default()
    };
    let runtime = tokio::runtime::Builder::new_multi_thread()
        .enable_all()
        .build()
        .map_err(|e| CliError::failure(format!("starting the server: {e}")))?;
    runtime.block_on(async move {
        let addr = SocketAddr::new(args.listen, args.port);
        let listener = tokio::net::TcpListener::bind(addr)
            .await
            .map_err(|e| CliError::input(format!("cannot listen on {addr}: {e}")))?;
        let bound = listener
            .local_addr()
            .map_err(|e| CliError::failure(format!("reading the server's address: {e}")))?;
        let url = format!("http://{bound}/");
        outln!("mancala: serving on {url} (Ctrl-C stops)");
        if args.open {
            if let Err(e) = open::that_detached(&url) {
                eprintln!("mancala: could not open a browser ({e}); open {url}");
            }
        }
        mancala_web::serve(listener, options, std::future::pending())
            .await
            .map_err(|e| CliError::failure(format!("serving: {e}")))
    })
}
