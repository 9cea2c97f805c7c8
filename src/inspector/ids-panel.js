import { copyButton } from './copy-button.js';
import { byId, element } from './element.js';
import { fixedIds } from './fixed-ids.js';

/**
 * The fixed ids of fixtures/ids.json, each with a copy button.
 * @example showIds(info.ids)
 */
export function showIds(ids) {
  const rows = fixedIds(ids).flatMap(({ name, value }) => [
    element('dt', {}, name),
    element(
      'dd',
      {},
      element('code', {}, value),
      copyButton('Copy', () => value, { name: `Copy ${name}` }),
    ),
  ]);
  byId('id-list').replaceChildren(...(rows.length > 0 ? rows : [element('dd', {}, 'None.')]));
}
