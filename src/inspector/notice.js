import { byId, element } from './element.js';

/** Shows what went wrong in the page's alert area (and keeps it until dismissed or replaced). */
export function showProblem(error) {
  const notice = byId('notice');
  const message = error instanceof Error ? error.message : String(error);
  notice.replaceChildren(
    element('span', {}, message),
    element('button', { type: 'button', class: 'small', onclick: () => (notice.hidden = true) }, 'Dismiss'),
  );
  notice.hidden = false;
}

/** Hides the alert area: the last action went well. */
export function clearProblem() {
  byId('notice').hidden = true;
}

/**
 * Runs a user's action, its button disabled meanwhile; a failure is shown, never thrown.
 * @example button.onclick = () => act(button, () => client.call('POST', 'reset', { scoped: true }))
 */
export async function act(button, action) {
  const focused = button !== undefined && document.activeElement === button;
  if (button) button.disabled = true;
  try {
    const result = await action();
    clearProblem();
    return result;
  } catch (error) {
    showProblem(error);
    return undefined;
  } finally {
    if (button) button.disabled = false;
    // A disabled button loses the focus: give it back, so keyboard users stay where they were.
    if (focused && button.isConnected) button.focus();
  }
}
