import { delayInput, delayText, parseDelay } from './delay-text.js';
import { appendOptions, byId, element } from './element.js';
import { faultInput } from './fault-input.js';
import { describeFault } from './fault-text.js';
import { act } from './notice.js';
import { METHODS, OPERATIONS } from './operations.js';

/** Rules a front-end developer reaches for first; a click fills the form, nothing is sent until "Add rule". */
const PRESETS = [
  { label: '503 on lists, 3 times', fields: { operationId: 'listSubscriptions', status: '503', times: '3' } },
  { label: '429 on creates', fields: { operationId: 'createSubscription', status: '429', retryAfter: '2' } },
  { label: '500 on updates, once', fields: { operationId: 'updateSubscription', status: '500', times: '1' } },
  {
    label: 'Slow node products (half, 1-3 s)',
    fields: {
      operationId: 'getNodeProducts',
      action: 'none',
      delay: '1000-3000',
      probability: '0.5',
      seed: '7',
    },
  },
  { label: 'Drop creates', fields: { method: 'POST', path: '/subscriptions/*', action: 'reset' } },
  { label: 'Lists never answer', fields: { operationId: 'listSubscriptions', action: 'hang', times: '1' } },
  { label: 'Cut list bodies short', fields: { operationId: 'listSubscriptions', action: 'truncate' } },
];

/** The form's named controls, as typed. */
function formFields(form) {
  const fields = {};
  for (const control of form.elements) {
    if (!control.name) continue;
    fields[control.name === 'session' ? 'onlySession' : control.name] =
      control.type === 'checkbox' ? control.checked : control.value;
  }
  return fields;
}

/** One rule with its remove button. */
function ruleView(rule, remove) {
  const text = describeFault(rule);
  const button = element(
    'button',
    { type: 'button', class: 'small', 'aria-label': `Remove rule ${rule.id}` },
    'Remove',
  );
  button.addEventListener('click', () => remove(button, rule.id));
  return element(
    'li',
    { 'data-fault': rule.id },
    element(
      'span',
      { class: 'what' },
      element('strong', {}, text.match),
      ': ',
      text.action,
      element('br'),
      element('span', { class: 'muted' }, `${rule.id} · ${text.limits}`),
    ),
    button,
  );
}

/**
 * The latency of every answer and the fault rules: listed, removed, added through a form or a preset.
 * @example const faults = faultsPanel({ client, refresh, limits }); faults.show(rules, info.delay)
 */
export function faultsPanel({ client, refresh, limits }) {
  const form = byId('fault-form');
  const problems = byId('fault-problems');
  appendOptions(byId('fault-method'), METHODS);
  const operation = byId('fault-operation');
  operation.append(
    ...OPERATIONS.map((op) => element('option', { value: op.id }, `${op.title} (${op.method})`)),
  );

  const showActionFields = () => {
    const action = byId('fault-action').value;
    for (const field of form.querySelectorAll('[data-for-action]'))
      field.hidden = field.dataset.forAction !== action;
  };
  byId('fault-action').addEventListener('change', showActionFields);
  form.addEventListener('reset', () => {
    problems.textContent = '';
    setTimeout(showActionFields);
  });
  showActionFields();

  form.addEventListener('submit', (event) => {
    event.preventDefault();
    const made = faultInput(formFields(form), client.session, limits);
    if ('problems' in made) {
      problems.textContent = made.problems.join('; ');
      return;
    }
    problems.textContent = '';
    void act(form.querySelector('button[type=submit]'), async () => {
      await client.call('POST', 'faults', { body: made.input });
      await refresh();
    });
  });

  const presets = byId('fault-presets');
  for (const preset of PRESETS) {
    const button = element('button', { type: 'button', class: 'small' }, preset.label);
    button.addEventListener('click', () => {
      form.reset();
      for (const [name, value] of Object.entries({ action: 'status', ...preset.fields }))
        form.elements[name].value = value;
      showActionFields();
      problems.textContent = '';
      form.querySelector('button[type=submit]').focus();
    });
    presets.append(button);
  }

  const remove = (button, id) =>
    act(button, async () => {
      await client.call('DELETE', `faults/${encodeURIComponent(id)}`);
      await refresh();
      byId('fault-form-box').querySelector('summary').focus();
    });
  const clearAll = byId('faults-clear');
  clearAll.addEventListener('click', () =>
    act(clearAll, async () => {
      await client.call('DELETE', 'faults');
      await refresh();
      byId('fault-form-box').querySelector('summary').focus();
    }),
  );

  const delayForm = byId('delay-form');
  const delayField = byId('delay-input');
  const setDelay = (button, delay) =>
    act(button, async () => {
      await client.call('PUT', 'delay', { body: { delay } });
      delayField.value = delayInput(delay);
      await refresh();
    });
  delayForm.addEventListener('submit', (event) => {
    event.preventDefault();
    const parsed = parseDelay(delayField.value, limits.delay);
    delayField.setAttribute('aria-invalid', String('problem' in parsed));
    if ('problem' in parsed) {
      byId('delay-now').textContent = parsed.problem;
      return;
    }
    void setDelay(delayForm.querySelector('button[type=submit]'), parsed.delay);
  });
  const noDelay = byId('delay-clear');
  noDelay.addEventListener('click', () => setDelay(noDelay, null));

  let shownDelay;
  return {
    show(rules, delay) {
      byId('faults-count').textContent = `(${rules.length})`;
      byId('fault-list').replaceChildren(
        ...(rules.length > 0
          ? rules.map((rule) => ruleView(rule, remove))
          : [element('li', { class: 'empty' }, 'No fault rule: every request is answered normally.')]),
      );
      clearAll.hidden = rules.length === 0;
      byId('delay-now').textContent = `Every answer of the four operations waits: ${delayText(delay)}.`;
      delayField.removeAttribute('aria-invalid');
      // The field follows the mock unless someone is typing in it.
      if (JSON.stringify(delay) !== JSON.stringify(shownDelay) && document.activeElement !== delayField) {
        delayField.value = delayInput(delay);
      }
      shownDelay = delay;
    },
  };
}
