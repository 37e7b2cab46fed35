// Small DOM helpers for the pages. Text always goes in as text nodes, never as HTML.

/** el('td', { class: 'x', dataset: { id: 'a' } }, 'text', child) */
export function el(tag, attrs = {}, ...children) {
  const node = document.createElement(tag);
  for (const [key, value] of Object.entries(attrs || {})) {
    if (value === undefined || value === null || value === false) continue;
    if (key === 'dataset') Object.assign(node.dataset, value);
    else if (key.startsWith('on') && typeof value === 'function') node.addEventListener(key.slice(2), value);
    else if (key === 'text') node.textContent = value;
    else node.setAttribute(key, value === true ? '' : String(value));
  }
  for (const child of children.flat()) {
    if (child === undefined || child === null || child === false) continue;
    node.append(child instanceof Node ? child : document.createTextNode(String(child)));
  }
  return node;
}

/** A page heading plus a line under it, the way every page starts. */
export function header(title, intro) {
  return [el('h1', {}, title), intro ? el('p', { class: 'intro' }, intro) : null];
}

/** An element that announces errors to screen readers. */
export function errorBox(id) {
  return el('p', { id, class: 'error', role: 'alert' });
}

/** Short local time of an ISO instant, or '' */
export function time(iso) {
  if (!iso) return '';
  const d = new Date(iso);
  return Number.isNaN(d.getTime()) ? '' : d.toLocaleTimeString();
}

/** Calls fn every ms until the returned function is called. */
export function every(ms, fn) {
  const id = setInterval(fn, ms);
  return () => clearInterval(id);
}
