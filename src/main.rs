//! The `urigram` command-line tool: see `urigram --help`.

mod cli;

fn main() -> std::process::ExitCode {
    cli::main()
}
