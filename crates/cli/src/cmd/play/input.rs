//! Reading one answer from the player: a line of at most [`MAX_LINE`] bytes,
//! whatever bytes arrive.

use std::io::{self, BufRead};

use crate::lines::Line;

/// Longest answer kept; longer lines are read to their end and refused.
pub const MAX_LINE: usize = 200;

/// One line typed by the player.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum Input {
    /// A line of text, without its line ending.
    Line(String),
    /// A line longer than [`MAX_LINE`] bytes.
    TooLong,
    /// A line that is not UTF-8.
    NotUtf8,
}

/// Reads one line; `None` at the end of input. A final line without a line
/// ending still counts.
pub fn read_line(r: &mut impl BufRead) -> io::Result<Option<Input>> {
    let mut line = Vec::new();
    // The cap counts the line ending.
    match crate::lines::read_line(r, &mut line, MAX_LINE + 1)? {
        Line::End => return Ok(None),
        Line::TooLong => return Ok(Some(Input::TooLong)),
        Line::Text => {}
    }
    if line.last() == Some(&b'\n') {
        line.pop();
    }
    if line.last() == Some(&b'\r') {
        line.pop();
    }
    Ok(Some(match String::from_utf8(line) {
        Ok(s) => Input::Line(s),
        Err(_) => Input::NotUtf8,
    }))
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn lines() {
        let mut long = vec![b'7'; 5000];
        long.push(b'\n');
        let mut data = b"3\r\n\nhint\n\xff\xfe\n".to_vec();
        data.extend_from_slice(&long);
        data.extend_from_slice(b"last");
        let mut r = io::BufReader::with_capacity(16, &data[..]);
        let mut got = Vec::new();
        while let Some(i) = read_line(&mut r).unwrap() {
            got.push(i);
        }
        assert_eq!(
            got,
            vec![
                Input::Line("3".into()),
                Input::Line("".into()),
                Input::Line("hint".into()),
                Input::NotUtf8,
                Input::TooLong,
                Input::Line("last".into()),
            ]
        );
        // The limit is on the text, not its line ending (a \r before it counts).
        let at_limit = "a".repeat(MAX_LINE);
        let over = "a".repeat(MAX_LINE + 1);
        let data = format!("{at_limit}\n{over}\n{at_limit}");
        let mut r = io::BufReader::with_capacity(16, data.as_bytes());
        assert_eq!(read_line(&mut r).unwrap(), Some(Input::Line(at_limit.clone())));
        assert_eq!(read_line(&mut r).unwrap(), Some(Input::TooLong));
        assert_eq!(read_line(&mut r).unwrap(), Some(Input::Line(at_limit)));
        assert_eq!(read_line(&mut r).unwrap(), None);
    }
}
