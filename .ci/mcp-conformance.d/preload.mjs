// Loaded with `node --import` before the conformance suite. Two things the suite cannot do alone:
// 1. On Node 20 `fs` has no globSync, which the suite imports by name (it only uses it for its
//    tier report). A resolve hook hands the suite an `fs` that adds a stand-in.
// 2. The suite sends no credentials, and /mcp needs a project token. Requests to the hub under
//    test (and only those) get the Authorization header through undici's global dispatcher,
//    which both fetch and undici.request use.
import fs from 'node:fs';
import { createRequire, register } from 'node:module';

if (typeof fs.globSync !== 'function') {
  register('./fs-hooks.mjs', import.meta.url);
}

const token = process.env.KXM_CONFORMANCE_TOKEN;
const hub = process.env.KXM_CONFORMANCE_ORIGIN;
const suite = process.env.KXM_CONFORMANCE_PACKAGE;
if (token && hub && suite) {
  const require = createRequire(`${suite}/package.json`);
  const { Agent, setGlobalDispatcher } = require('undici');
  const header = `Bearer ${token}`;
  const withToken = (dispatch) => (options, handler) => {
    if (new URL(options.origin).origin !== hub) {
      return dispatch(options, handler);
    }
    const h = options.headers;
    let headers;
    if (h == null) {
      headers = { authorization: header };
    } else if (Array.isArray(h)) {
      headers = [...h, 'authorization', header];
    } else if (typeof h[Symbol.iterator] === 'function') {
      headers = [...[...h].flat(), 'authorization', header];
    } else {
      headers = { ...h, authorization: header };
    }
    return dispatch({ ...options, headers }, handler);
  };
  setGlobalDispatcher(new Agent().compose(withToken));
}
