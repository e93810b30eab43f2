//! Reading one answer from the player: a line of at most [`MAX_LINE`] bytes,
//! whatever bytes arrive.

use std::io::{self, BufRead};

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
    let mut too_long = false;
    let mut any = false;
    loop {
        let buf = match r.fill_buf() {
            Ok(buf) => buf,
            Err(e) if e.kind() == io::ErrorKind::Interrupted => continue,
            Err(e) => return Err(e),
        };
        if buf.is_empty() {
            if !any {
                return Ok(None);
            }
            break;
        }
        any = true;
        let (chunk, used, done) = match buf.iter().position(|&b| b == b'\n') {
            Some(i) => (&buf[..i], i + 1, true),
            None => (buf, buf.len(), false),
        };
        if line.len() + chunk.len() > MAX_LINE {
            too_long = true;
        } else {
            line.extend_from_slice(chunk);
        }
        r.consume(used);
        if done {
            break;
        }
    }
    if too_long {
        return Ok(Some(Input::TooLong));
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
    }
}
