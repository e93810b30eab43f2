// The server's JSON API (docs/web.md): one function per endpoint. A failed
// request throws an Error whose message is the API's own `error` text.

async function request(method, path, body) {
  let response;
  try {
    response = await fetch(path, {
      method,
      headers: body === undefined ? {} : { 'Content-Type': 'application/json' },
      body: body === undefined ? undefined : JSON.stringify(body),
    });
  } catch {
    throw new Error('The server cannot be reached: is `mancala serve` still running?');
  }
  let data = null;
  const text = await response.text();
  try {
    data = text ? JSON.parse(text) : null;
  } catch {
    data = null;
  }
  if (!response.ok) {
    const message = data && typeof data.error === 'string'
      ? data.error
      : `the server answered ${response.status} ${response.statusText}`;
    const error = new Error(message);
    error.status = response.status;
    throw error;
  }
  if (data === null) throw new Error('The server sent an answer that is not JSON.');
  return data;
}

export const variants = () => request('GET', '/api/variants');
export const state = (g) => request('POST', '/api/state', g);
export const computerMove = (g, level) => request('POST', '/api/computer-move', { ...g, level });
export const hint = (g) => request('POST', '/api/hint', g);
export const search = (g, movetimeMs) => request('POST', '/api/search', { ...g, movetime_ms: movetimeMs });
export const analyze = (g, movetimeMs) => request('POST', '/api/analyze', { ...g, movetime_ms: movetimeMs });
export const parseRecord = (text) => request('POST', '/api/record/parse', { text });
export const writeRecord = (g, players) => request('POST', '/api/record/write', { ...g, players });

// Solves a position over the WebSocket /api/solve. `onMessage` gets every
// message the server sends; the returned object's cancel() stops the solve.
export function solve(g, onMessage) {
  const scheme = location.protocol === 'https:' ? 'wss:' : 'ws:';
  const socket = new WebSocket(`${scheme}//${location.host}/api/solve`);
  let finished = false;
  socket.addEventListener('open', () => socket.send(JSON.stringify(g)));
  socket.addEventListener('message', (event) => {
    let message;
    try {
      message = JSON.parse(event.data);
    } catch {
      message = { type: 'error', error: 'the server sent a message that is not JSON' };
    }
    if (message.type !== 'progress') finished = true;
    onMessage(message);
    if (finished) socket.close();
  });
  socket.addEventListener('error', () => {
    if (!finished) {
      finished = true;
      onMessage({ type: 'error', error: 'the connection for the solve failed' });
    }
  });
  socket.addEventListener('close', () => {
    if (!finished) {
      finished = true;
      onMessage({ type: 'error', error: 'the connection for the solve closed before a result' });
    }
  });
  return {
    cancel() {
      if (socket.readyState === WebSocket.OPEN) socket.send(JSON.stringify({ type: 'cancel' }));
      else socket.close();
    },
  };
}
