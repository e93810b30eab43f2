//! Errors that end a command: a message for the user and an exit status.

/// Exit status for bad input (a bad move, variant, file or option value).
pub const BAD_INPUT: i32 = 2;
/// Exit status for failures that are not the input's fault (I/O and the like).
pub const FAILURE: i32 = 1;

/// A message for standard error and the process's exit status.
#[derive(Debug)]
pub struct CliError {
    pub code: i32,
    pub message: String,
}

impl CliError {
    /// The user gave something that cannot be used.
    pub fn input(message: impl std::fmt::Display) -> CliError {
        CliError { code: BAD_INPUT, message: message.to_string() }
    }

    /// Something went wrong that the input does not explain.
    pub fn failure(message: impl std::fmt::Display) -> CliError {
        CliError { code: FAILURE, message: message.to_string() }
    }
}
