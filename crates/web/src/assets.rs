//! The page and its assets, built into the binary.

use axum::http::header;
use axum::response::IntoResponse;
use axum::routing::get;
use axum::Router;

const JS: &str = "text/javascript; charset=utf-8";

/// Every file the page loads: its path, its type and its text.
const ASSETS: &[(&str, &str, &str)] = &[
    ("/", "text/html; charset=utf-8", include_str!("../assets/index.html")),
    ("/assets/style.css", "text/css; charset=utf-8", include_str!("../assets/style.css")),
    ("/assets/app.js", JS, include_str!("../assets/app.js")),
    ("/assets/state.js", JS, include_str!("../assets/state.js")),
    ("/assets/render.js", JS, include_str!("../assets/render.js")),
    ("/assets/play.js", JS, include_str!("../assets/play.js")),
    ("/assets/analysis.js", JS, include_str!("../assets/analysis.js")),
    ("/assets/records.js", JS, include_str!("../assets/records.js")),
    ("/assets/setup.js", JS, include_str!("../assets/setup.js")),
    ("/assets/api.js", JS, include_str!("../assets/api.js")),
    ("/assets/board.js", JS, include_str!("../assets/board.js")),
    ("/assets/graph.js", JS, include_str!("../assets/graph.js")),
];

pub fn routes() -> Router {
    ASSETS.iter().fold(Router::new(), |router, &(path, content_type, body)| {
        router.route(path, get(move || async move { asset(content_type, body) }))
    })
}

fn asset(content_type: &'static str, body: &'static str) -> impl IntoResponse {
    ([(header::CONTENT_TYPE, content_type), (header::CACHE_CONTROL, "no-cache")], body)
}

#[cfg(test)]
mod tests {
    use super::ASSETS;

    /// The files the page names: `/assets/...` in the HTML, `./x.js` in the
    /// modules' imports.
    fn named() -> Vec<String> {
        let mut out = Vec::new();
        for &(_, _, text) in ASSETS {
            for (i, _) in text.match_indices("/assets/") {
                let name: String = text[i..]
                    .chars()
                    .take_while(|c| c.is_ascii_alphanumeric() || "/._-".contains(*c))
                    .collect();
                out.push(name);
            }
            for (i, _) in text.match_indices("from './") {
                let rest = &text[i + "from './".len()..];
                out.push(format!("/assets/{}", &rest[..rest.find('\'').unwrap()]));
            }
        }
        out
    }

    #[test]
    fn every_file_the_page_names_is_served() {
        let named = named();
        assert!(named.iter().any(|n| n == "/assets/board.js"), "{named:?}");
        for name in &named {
            assert!(ASSETS.iter().any(|(path, ..)| path == name), "{name} is named but not served");
        }
    }
}
