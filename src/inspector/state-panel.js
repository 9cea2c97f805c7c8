import { byId, element } from './element.js';
import { clockTime, sessionText } from './journal-text.js';
import { act } from './notice.js';

/** One snapshot with its restore and delete buttons. */
function snapshotView(snapshot, { restore, remove }) {
  const restoreButton = element('button', { type: 'button', class: 'small' }, 'Restore');
  const deleteButton = element('button', { type: 'button', class: 'small' }, 'Delete');
  restoreButton.addEventListener('click', () => restore(restoreButton, snapshot.name));
  deleteButton.addEventListener('click', () => remove(deleteButton, snapshot.name));
  restoreButton.setAttribute('aria-label', `Restore ${snapshot.name}`);
  deleteButton.setAttribute('aria-label', `Delete ${snapshot.name}`);
  return element(
    'li',
    { 'data-snapshot': snapshot.name },
    element(
      'span',
      { class: 'what' },
      element('strong', {}, snapshot.name),
      ' ',
      element(
        'span',
        { class: 'muted' },
        `${snapshot.subscriptions} subscriptions, taken at ${clockTime(snapshot.taken_at).slice(0, 8)}`,
      ),
    ),
    element('span', { class: 'actions' }, restoreButton, deleteButton),
  );
}

/**
 * The picked session's data: how many subscriptions it holds, reset, and its snapshots.
 * @example const state = statePanel({ client, refresh }); state.show(info, snapshots)
 */
export function statePanel({ client, refresh }) {
  const restore = (button, snapshot) =>
    act(button, async () => {
      await client.call('POST', `snapshots/${encodeURIComponent(snapshot)}/restore`, { scoped: true });
      await refresh();
    });
  const remove = (button, snapshot) =>
    act(button, async () => {
      await client.call('DELETE', `snapshots/${encodeURIComponent(snapshot)}`, { scoped: true });
      await refresh();
      byId('snapshot-name').focus();
    });

  const reset = byId('reset');
  reset.addEventListener('click', () =>
    act(reset, async () => {
      await client.call('POST', 'reset', { scoped: true });
      await refresh();
    }),
  );

  const form = byId('snapshot-form');
  form.addEventListener('submit', (event) => {
    event.preventDefault();
    const input = byId('snapshot-name');
    if (!input.reportValidity()) return;
    void act(form.querySelector('button[type=submit]'), async () => {
      await client.call('POST', 'snapshots', { scoped: true, body: { name: input.value.trim() } });
      input.value = '';
      await refresh();
    });
  });

  return {
    show(info, snapshots) {
      const session = info.session ?? { name: client.session, subscriptions: 0, snapshots: 0 };
      byId('state-summary').replaceChildren(
        `Session `,
        element('strong', {}, sessionText(session.name)),
        ' holds ',
        element('strong', { id: 'session-subscriptions' }, String(session.subscriptions)),
        ` subscriptions (the seed makes ${info.subscriptions} plus the fixed records). Reset brings the seeded data back; snapshots are kept.`,
      );
      const rows = snapshots.map((snapshot) => snapshotView(snapshot, { restore, remove }));
      byId('snapshots').replaceChildren(
        ...(rows.length > 0 ? rows : [element('li', { class: 'empty' }, 'No snapshot yet.')]),
      );
    },
  };
}
