/**
 * A new element: `on…` attributes become listeners, `true` an empty attribute, `false`/undefined/null nothing;
 * children are nodes or strings (text, never HTML).
 * @example element('button', { type: 'button', onclick: send }, 'Send')
 */
export function element(tag, attributes = {}, ...children) {
  const node = document.createElement(tag);
  for (const [name, value] of Object.entries(attributes)) {
    if (value === undefined || value === null || value === false) continue;
    if (name.startsWith('on') && typeof value === 'function') node.addEventListener(name.slice(2), value);
    else node.setAttribute(name, value === true ? '' : String(value));
  }
  node.append(...children.flat().filter((child) => child !== undefined && child !== null && child !== false));
  return node;
}

/** The element with this id, which the page is known to have. */
export function byId(id) {
  const node = document.getElementById(id);
  if (node === null) throw new Error(`the inspector page has no #${id}`);
  return node;
}

/** Adds an option per value to a select, each its own label. */
export function appendOptions(select, values) {
  select.append(...values.map((value) => element('option', { value }, value)));
}
