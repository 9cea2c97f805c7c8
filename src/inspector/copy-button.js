import { element } from './element.js';

/** Copies text: the Clipboard API where the page may use it, else a selected textarea and `copy`. */
async function copyText(text) {
  try {
    await navigator.clipboard.writeText(text);
    return;
  } catch {
    // Not a secure context (a LAN address) or no permission: the old way still works on a click.
  }
  const area = element('textarea', { readonly: true, class: 'offscreen', 'aria-hidden': 'true' });
  area.value = text;
  area.style.position = 'fixed';
  area.style.left = '-9999px';
  document.body.append(area);
  area.select();
  const copied = document.execCommand('copy');
  area.remove();
  if (!copied) throw new Error('the browser refused to copy');
}

/**
 * A button that copies `text()` and says so for a moment.
 * @example copyButton('Copy', () => id, { name: `Copy ${name}` })
 */
export function copyButton(label, text, { name: accessibleName = label, small = true } = {}) {
  const button = element(
    'button',
    { type: 'button', class: small ? 'small' : undefined, 'aria-label': accessibleName },
    label,
  );
  button.addEventListener('click', async () => {
    let said;
    try {
      await copyText(text());
      said = 'Copied';
    } catch {
      said = 'Copy failed';
    }
    button.textContent = said;
    button.setAttribute('aria-label', said);
    setTimeout(() => {
      button.textContent = label;
      button.setAttribute('aria-label', accessibleName);
    }, 1500);
  });
  return button;
}
