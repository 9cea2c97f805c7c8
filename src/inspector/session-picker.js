import { copyButton } from './copy-button.js';
import { byId, element } from './element.js';
import { sessionText } from './journal-text.js';
import { act } from './notice.js';
import { isSessionName } from './session-name.js';

/**
 * The session picker: the sessions alive, a new name, forgetting one; `pick` switches the page to a session.
 * @example const picker = sessionPicker({ client, pick, limits }); picker.show(sessions)
 */
export function sessionPicker({ client, pick, limits }) {
  const select = byId('session-select');
  const input = byId('session-new');
  const forget = byId('session-forget');

  select.addEventListener('change', () => pick(select.value));
  byId('session-form').addEventListener('submit', (event) => {
    event.preventDefault();
    const name = input.value.trim();
    if (!isSessionName(name, limits.name)) {
      input.setAttribute('aria-invalid', 'true');
      input.reportValidity();
      return;
    }
    input.removeAttribute('aria-invalid');
    input.value = '';
    pick(name);
  });
  forget.addEventListener('click', () =>
    act(forget, async () => {
      await client.call('DELETE', `sessions/${encodeURIComponent(client.session)}`);
      await pick('');
      select.focus();
    }),
  );

  return {
    show(sessions) {
      const names = sessions.map((session) => session.name);
      if (!names.includes(client.session))
        sessions = [...sessions, { name: client.session, subscriptions: undefined }];
      if (!names.includes('')) sessions = [{ name: '', subscriptions: undefined }, ...sessions];
      select.replaceChildren(
        ...sessions.map((session) =>
          element(
            'option',
            { value: session.name, selected: session.name === client.session },
            session.subscriptions === undefined
              ? sessionText(session.name)
              : `${sessionText(session.name)} (${session.subscriptions} subscriptions)`,
          ),
        ),
      );
      select.value = client.session;
      forget.hidden = client.session === '';
      const hint = byId('session-hint');
      hint.hidden = client.session === '';
      if (client.session !== '') {
        const header = `x-subcat-session: ${client.session}`;
        hint.replaceChildren(
          'Requests sent from this page use session ',
          element('strong', {}, client.session),
          '. From your app or tests, send the header ',
          element('code', {}, header),
          ' (or the cookie ',
          element('code', {}, `subcat-session=${client.session}`),
          ') ',
          copyButton('Copy header', () => header, { name: 'Copy the session header' }),
        );
      }
    },
  };
}
