//! Reading lines of bounded length: a line longer than the cap is not kept
//! in memory; the rest of it is read and thrown away.

use std::io::{self, BufRead};

/// What [`read_line`] read.
#[derive(Debug, PartialEq, Eq)]
pub enum Line {
    /// The end of the input: nothing was read.
    End,
    /// A line (in the buffer, with its `\n` if it had one).
    Text,
    /// A line longer than the cap: the buffer holds its first `cap` bytes,
    /// the rest has been read and discarded.
    TooLong,
}

/// Reads one line into `buf` (cleared first), keeping at most `cap` bytes
/// of it. Interrupted reads are retried.
pub fn read_line(input: &mut impl BufRead, buf: &mut Vec<u8>, cap: usize) -> io::Result<Line> {
    buf.clear();
    let mut too_long = false;
    let mut any = false;
    loop {
        let chunk = match input.fill_buf() {
            Ok(c) => c,
            Err(e) if e.kind() == io::ErrorKind::Interrupted => continue,
            Err(e) => return Err(e),
        };
        if chunk.is_empty() {
            break;
        }
        any = true;
        let (piece, done) = match chunk.iter().position(|&b| b == b'\n') {
            Some(i) => (&chunk[..=i], true),
            None => (chunk, false),
        };
        let used = piece.len();
        if !too_long {
            let room = cap - buf.len();
            if piece.len() > room {
                buf.extend_from_slice(&piece[..room]);
                too_long = true;
            } else {
                buf.extend_from_slice(piece);
            }
        }
        input.consume(used);
        if done {
            break;
        }
    }
    Ok(match (any, too_long) {
        (false, _) => Line::End,
        (true, false) => Line::Text,
        (true, true) => Line::TooLong,
    })
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn long_lines_are_cut_and_the_next_line_is_whole() {
        let text = format!("ab\n{}\ncd", "x".repeat(100));
        let mut input = io::BufReader::with_capacity(7, text.as_bytes());
        let mut buf = Vec::new();
        assert_eq!(read_line(&mut input, &mut buf, 10).unwrap(), Line::Text);
        assert_eq!(buf, b"ab\n");
        assert_eq!(read_line(&mut input, &mut buf, 10).unwrap(), Line::TooLong);
        assert_eq!(buf.len(), 10);
        assert_eq!(read_line(&mut input, &mut buf, 10).unwrap(), Line::Text);
        assert_eq!(buf, b"cd");
        assert_eq!(read_line(&mut input, &mut buf, 10).unwrap(), Line::End);
        // A line of exactly the cap with its newline counts the newline.
        let mut input = io::BufReader::new(&b"0123456789\n"[..]);
        assert_eq!(read_line(&mut input, &mut buf, 11).unwrap(), Line::Text);
    }
}
