//! The `urigram` command-line tool: see `urigram --help`.

fn main() -> std::process::ExitCode {
    urigram_cli::main()
}
