// The page's script (docs/web.md).
