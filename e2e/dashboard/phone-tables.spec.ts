import { expect, test, type Page } from '@playwright/test';
import { DEMO_ADMIN, OPERATOR, shoot, signInWhenReady } from './helpers';
import { ADMIN, go, heading, OPERATOR_SCREENS, openSettled, type Screen } from './screen-list';
import { makeTradingFixture, runCutoff } from './settlement-data';

/**
 * Every list and table at 390 px (a phone held upright), read as a phone's user reads it. The rule:
 * - the page never scrolls sideways;
 * - no text on the page is cut: every visible word lies inside the screen and inside every box
 *   that clips it (a table's frame, a card, a cell with `overflow: hidden` or an ellipsis);
 * - the one exception is a table inside a scroll region of its own — focusable, labelled
 *   (`role="region"`, `tabindex="0"`, `aria-label`) — which a finger or the keyboard scrolls
 *   sideways: its words may lie past the region's edge, but the region lies inside the screen.
 * So a wide table is laid out as cards (DataTable below `sm`), fits in fewer columns, or scrolls
 * in a region that says so; it never runs under the edge of a frame.
 *
 * It runs a cut-off (the batch pages, a ledger with a settlement): with the cut-off specs.
 */
test.use({ viewport: { width: 390, height: 844 } });

/** What breaks the rule on the page now, one line each (empty: none). */
function problemsOf(page: Page): Promise<string[]> {
  return page.evaluate(() => {
    const problems: string[] = [];
    const width = document.documentElement.clientWidth;
    if (document.documentElement.scrollWidth > window.innerWidth)
      problems.push(
        `the page scrolls sideways (${document.documentElement.scrollWidth} px in ${window.innerWidth})`,
      );
    const clips = (el: Element) => getComputedStyle(el).overflowX !== 'visible';
    const isRegion = (el: Element) =>
      el.getAttribute('role') === 'region' &&
      el.getAttribute('tabindex') === '0' &&
      el.hasAttribute('aria-label') &&
      ['auto', 'scroll'].includes(getComputedStyle(el).overflowX);
    // Not drawn, or drawn for screen readers only (a 1 px box clipped to nothing: `sr-only`, also
    // as `max-sm:sr-only`, a card's header row), or a chart's text (recharts places it).
    const hidden = (el: Element) => {
      if (el.closest('svg') || !el.checkVisibility()) return true;
      for (let a: Element | null = el; a; a = a.parentElement) {
        const s = getComputedStyle(a);
        if (s.clip === 'rect(0px, 0px, 0px, 0px)' || s.clipPath === 'inset(50%)') return true;
      }
      return false;
    };
    const name = (el: Element) =>
      `${el.tagName.toLowerCase()}${el.id ? `#${el.id}` : ''} in ${
        el.closest('table')?.querySelector('caption')?.textContent?.trim() ??
        el.closest('section, figure, [role="dialog"]')?.querySelector('h2, h3')?.textContent?.trim() ??
        'the page'
      }`;
    const root = document.querySelector('main') ?? document.body;
    const seen = new Set<string>();
    // Every box that cuts what overflows it: its own content must fit (an ellipsis cuts too).
    for (const el of root.querySelectorAll('*')) {
      if (hidden(el) || !clips(el) || isRegion(el)) continue;
      const s = getComputedStyle(el);
      if (s.overflowX === 'auto' || s.overflowX === 'scroll') continue; // judged by the words below
      if (el.scrollWidth > el.clientWidth + 1 && (el.textContent ?? '').trim()) {
        const line = `${name(el)} cuts "${(el.textContent ?? '').trim().slice(0, 60)}"`;
        if (!seen.has(line)) problems.push(line);
        seen.add(line);
      }
    }
    // Every word inside the screen and inside every box that clips it, but a labelled region.
    const walker = document.createTreeWalker(root, NodeFilter.SHOW_TEXT);
    const range = document.createRange();
    for (let node = walker.nextNode(); node; node = walker.nextNode()) {
      const text = node.textContent?.trim();
      const parent = node.parentElement;
      if (!text || !parent || hidden(parent)) continue;
      range.selectNodeContents(node);
      const rects = [...range.getClientRects()].filter((r) => r.width > 0 && r.height > 0);
      if (rects.length === 0) continue;
      let left = 0;
      let right = width;
      let inRegion = false;
      for (let a: Element | null = parent; a && a !== document.documentElement; a = a.parentElement) {
        if (isRegion(a)) {
          inRegion = true;
          break;
        }
        if (!clips(a) || a === document.body) continue;
        const b = a.getBoundingClientRect();
        left = Math.max(left, b.left);
        right = Math.min(right, b.right);
      }
      if (inRegion) continue;
      for (const r of rects) {
        if (r.left < left - 1 || r.right > right + 1) {
          const line = `${name(parent)}: "${text.slice(0, 60)}" runs past its frame (${Math.round(r.left)}–${Math.round(r.right)} px in ${Math.round(left)}–${Math.round(right)})`;
          if (!seen.has(line)) problems.push(line);
          seen.add(line);
          break;
        }
      }
    }
    // A region that scrolls must itself be on the screen.
    for (const region of root.querySelectorAll('[role="region"][tabindex="0"]')) {
      const b = region.getBoundingClientRect();
      if (b.width > 0 && (b.left < -1 || b.right > width + 1))
        problems.push(`${name(region)}: a scroll region past the screen`);
    }
    return problems;
  });
}

/** The screens whose money, times or tables changed: shot in both themes at 390 and 1440 px too. */
const SHOWN_IN_FULL = new Set([
  'batch',
  'statement',
  'ledger',
  'overview',
  'namespaces',
  'tasks',
  'operator-liquidity',
  'network-batch',
]);

/** `<name>-dark.png` at 390 px, then `<name>-1440.png` and `<name>-1440-dark.png`; back to 390 px, light. */
async function shootWidthsAndThemes(page: Page, name: string) {
  const theme = (t: 'light' | 'dark') =>
    page.evaluate((d) => document.documentElement.classList.toggle('dark', d), t === 'dark');
  await theme('dark');
  await shoot(page, `${name}-dark`);
  await page.setViewportSize({ width: 1440, height: 900 });
  await shoot(page, `${name}-1440-dark`);
  await theme('light');
  await shoot(page, `${name}-1440`);
  await page.setViewportSize({ width: 390, height: 844 });
}

async function visit(page: Page, screens: Screen[], prefix: string) {
  for (const s of screens) {
    await test.step(s.name, async () => {
      await openSettled(page, s);
      await shoot(page, `${prefix}-${s.name}`);
      // Soft: one run names every screen at fault.
      expect.soft(await problemsOf(page), `${s.name} at 390 px`).toEqual([]);
      if (SHOWN_IN_FULL.has(s.name)) await shootWidthsAndThemes(page, `${prefix}-${s.name}`);
    });
  }
}

/** A record's page, opened from the first link of its list's table. */
const firstOf =
  (list: string, table: string, page: RegExp): Screen['open'] =>
  async (p) => {
    await p.goto(list);
    await p.getByRole('table', { name: table }).getByRole('link').first().click();
    await p.waitForURL(page);
  };

/** Screens the phone and screens specs do not list: the liquidity pages, the request log, records. */
const MORE_ADMIN: Screen[] = [
  { name: 'liquidity', open: go('/liquidity'), ready: heading('Liquidity') },
  { name: 'logs', open: go('/logs'), ready: heading('Request log') },
  {
    name: 'webhook',
    open: firstOf('/webhooks', 'Webhook endpoints', /\/webhooks\/[^/]+$/),
    ready: (p) => p.getByRole('heading', { level: 1 }),
  },
];

const MORE_OPERATOR: Screen[] = [
  { name: 'operator-liquidity', open: go('/operator/liquidity'), ready: heading('Liquidity desk') },
  {
    name: 'organization-review',
    open: firstOf('/operator', 'Organizations', /\/operator\/organizations\/[^/]+$/),
    ready: (p) => p.getByRole('heading', { level: 1 }),
  },
];

test('every list and table fits 390 px: cards, fewer columns or a scroll region, no word cut', async ({
  page,
  browser,
  request,
}) => {
  // About forty screens, three sign-ins and a cut-off on a loaded machine.
  test.setTimeout(600_000);
  const fx = await makeTradingFixture(request);
  // Before the cut-off, namespace A is a net creditor in EUR (it received 70.00 and paid 40.00):
  // the desk says so in words, where the gateway's utilisation is below zero.
  const operator = await (await browser.newContext({ viewport: { width: 390, height: 844 } })).newPage();
  await signInWhenReady(operator, OPERATOR);
  await operator.goto('/operator/liquidity?currency=EUR');
  const creditor = operator.getByRole('row').filter({ hasText: fx.a.domain });
  await expect(creditor).toContainText('EUR 30.00 (net credit)');
  await expect(creditor.getByRole('meter')).toHaveAttribute('aria-valuetext', 'net credit');
  await creditor.scrollIntoViewIfNeeded();
  await shoot(operator, 'fit-operator-net-creditor');

  const batches = await runCutoff(request);
  const batchId = batches.EUR!;

  // The fixture's namespace A: a settled batch, its statement and a ledger with the settlement.
  // Chosen at a desktop's width, where the namespace's select is in the sidebar.
  await page.setViewportSize({ width: 1440, height: 900 });
  await signInWhenReady(page, { email: fx.email, password: fx.password });
  await page.getByLabel('Namespace').selectOption(fx.a.token);
  await expect(page.getByLabel('Namespace')).toHaveValue(fx.a.token);
  await page.setViewportSize({ width: 390, height: 844 });
  await visit(
    page,
    [
      { name: 'batch', open: go(`/settlements/${batchId}`), ready: heading(batchId) },
      {
        name: 'statement',
        open: go('/settlements/statement'),
        ready: (p) => p.getByRole('heading', { name: 'Totals per currency', exact: true }),
      },
      {
        name: 'ledger',
        open: go('/liquidity'),
        ready: (p) => p.getByRole('table', { name: 'Settlement ledger' }),
      },
      { name: 'payments', open: go('/payments'), ready: heading('Payments') },
      {
        name: 'payment',
        open: go(`/payments/${encodeURIComponent(fx.payments[1]!.paymentId)}`),
        ready: heading(`Payment ${fx.payments[1]!.paymentId}`),
      },
    ],
    'fit-partner',
  );

  const admin = await (await browser.newContext({ viewport: { width: 390, height: 844 } })).newPage();
  await signInWhenReady(admin, DEMO_ADMIN);
  await visit(admin, [...ADMIN, ...MORE_ADMIN], 'fit-admin');

  await visit(
    operator,
    [
      ...OPERATOR_SCREENS,
      ...MORE_OPERATOR,
      {
        name: 'network-batch',
        open: go(`/operator/network/batches/${batchId}`),
        ready: heading(batchId),
      },
    ],
    'fit-operator',
  );
});
