import { delayText } from './delay-text.js';
import { byId, element } from './element.js';
import { uptimeText } from './journal-text.js';

let ticking;

/**
 * The mock's seed, sizes, version and uptime (in the header and the About section), and links to its documents.
 * @example showAbout(info, '/__subcat/')
 */
export function showAbout(info, admin) {
  const fetchedAt = performance.now();
  const uptime = () => uptimeText(info.uptime_s + (performance.now() - fetchedAt) / 1000);
  const uptimeNodes = [element('span', {}, uptime()), element('span', {}, uptime())];
  const facts = [
    ['version', info.version],
    ['seed', String(info.seed)],
    ['subscriptions seeded', String(info.subscriptions)],
    ['products per release', String(info.products)],
    ['page length', String(info.page_length)],
    ['base path', info.base_path],
    ['started', new Date(info.started_at).toLocaleString()],
    ['uptime', uptimeNodes[0]],
    ['delay', delayText(info.delay)],
    ['fault rules', String(info.faults ?? 0)],
    ['sessions', `${info.sessions?.count ?? 1} of at most ${info.sessions?.max ?? '?'}`],
    ['state file', info.state_file ?? 'none (state lives in memory)'],
  ];
  byId('about-list').replaceChildren(
    ...facts.flatMap(([name, value]) => [element('dt', {}, name), element('dd', {}, value)]),
  );
  byId('facts').replaceChildren(
    `v${info.version} · seed ${info.seed} · ${info.subscriptions} subscriptions · ${info.products} products per release · up `,
    uptimeNodes[1],
  );
  clearInterval(ticking);
  ticking = setInterval(() => {
    if (document.hidden) return;
    for (const node of uptimeNodes) node.textContent = uptime();
  }, 1000);
  byId('links').replaceChildren(
    element('li', {}, element('a', { href: `${admin}openapi.yaml` }, 'The contract (OpenAPI, YAML)')),
    element('li', {}, element('a', { href: `${admin}openapi.json` }, 'The control plane (OpenAPI, JSON)')),
    element('li', {}, element('a', { href: `${admin}README.md` }, 'README (see “The inspector”)')),
  );
}
