import { AxeBuilder } from '@axe-core/playwright';
import { test as base, type Page } from '@playwright/test';
import axe, { type Result } from 'axe-core';

/**
 * Accessibility checked by axe-core on every page the journeys visit.
 *
 * The `test` exported here (and from helpers.ts) watches the journey's `page`: a script in the
 * page computes its state (path, h1, open dialogs and popovers, selected tabs) and marks `<html>`
 * while that state is unchecked. A Playwright locator handler on the mark runs before the
 * journey's next action or assertion, so the check happens in the journey's own flow, never
 * beside it: it waits until the page has settled (no fetch in flight, no transition running, no
 * spinner, DOM quiet for 200 ms), runs axe once per distinct state and test, and clears the mark.
 * The last state is checked when the test ends. Violations of impact serious or critical fail the
 * test with rule, impact, target selectors, the element and help. `A11Y_DEBUG=1` logs each check
 * with its duration.
 */

/** WCAG 2.0 and 2.1, levels A and AA. */
const TAGS = ['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa'];
const FAILING_IMPACTS = new Set(['serious', 'critical']);

/**
 * Third-party elements axe may skip, each with its reason (docs/decisions/accessibility-keine-ausnahmen.md).
 * Rules are never switched off as a whole.
 */
const EXCLUDED_SELECTORS: string[] = [];

/** How long a check waits for the page to settle before it runs anyway. */
const SETTLE_MS = 4_000;

const PENDING_ATTRIBUTE = 'data-a11y-pending';

/**
 * axe-core for the page, evaluated only where it is not loaded yet: AxeBuilder evaluates its
 * source twice per run, which took more time than the rules themselves.
 */
const AXE_SOURCE = `if (!window.axe) {\n${axe.source}\n}`;

/**
 * Results by the page's fingerprint (its HTML without generated ids, viewport and scroll), for
 * the whole worker: the same page in the same state (the login screen of every journey) is
 * analysed once, and each test that shows it gets its violations.
 */
const resultsByFingerprint = new Map<string, Result[]>();

interface Finding {
  state: string;
  url: string;
  violations: Result[];
}

/** Runs in the page before its own scripts (e2e has no DOM types, hence the loose typing). */
function pageWatcher(pendingAttribute: string) {
  // eslint-disable-next-line @typescript-eslint/no-explicit-any -- the page's globals, untyped here
  const w = globalThis as any;
  if (w.__a11y) return;
  const doc = w.document;
  const checked = new Set<string>();
  const state = { inflight: 0, lastMutation: performance.now() };
  const text = (el: { getAttribute(n: string): string | null; textContent: string | null } | null) =>
    (el?.getAttribute('aria-label') || el?.textContent || '').replace(/\s+/g, ' ').trim().slice(0, 80);
  const visible = (el: { checkVisibility(): boolean }) => el.checkVisibility();
  const key = (): string => {
    // Modals and popovers (Mantine's Popover is a dialog too: the calendar's choice, date pickers).
    const dialogs = [...doc.querySelectorAll('[role="dialog"], [role="alertdialog"]')].filter(visible).map((d) => {
      const labelledBy = d.getAttribute('aria-labelledby');
      const title = labelledBy ? doc.getElementById(labelledBy) : d.querySelector('h1, h2, h3');
      return text(title) || d.getAttribute('aria-label') || 'Dialog';
    });
    const tabs = [...doc.querySelectorAll('[role="tab"][aria-selected="true"]')].map(text);
    return [w.location.pathname, text(doc.querySelector('h1')), dialogs.join(', '), tabs.join(', ')].join(' | ');
  };
  const mark = () => {
    const root = doc.documentElement;
    if (!root) return;
    const pending = !checked.has(key());
    if (pending !== root.hasAttribute(pendingAttribute)) root.toggleAttribute(pendingAttribute, pending);
  };
  const originalFetch = w.fetch;
  w.fetch = async (...args: unknown[]) => {
    state.inflight++;
    try {
      return await originalFetch.apply(w, args);
    } finally {
      state.inflight--;
    }
  };
  w.__a11y = {
    key,
    /** The page's HTML without generated ids (Mantine, React) and the mark, hashed (FNV-1a), with viewport and scroll. */
    fingerprint(): string {
      const html = doc.documentElement.outerHTML
        .replace(/mantine-[a-z0-9]{9}\b/g, 'M')
        .replace(/_r_[0-9a-z]+_/g, 'R')
        .replace(` ${pendingAttribute}=""`, '');
      let hash = 0x811c9dc5;
      for (let i = 0; i < html.length; i++) hash = Math.imul(hash ^ html.charCodeAt(i), 16777619);
      return `${w.innerWidth}x${w.innerHeight}@${w.scrollX},${w.scrollY}:${html.length}:${(hash >>> 0).toString(36)}`;
    },
    done(k: string) {
      checked.add(k);
      mark();
    },
    /** Resolves once nothing loads, moves or changes any more (or after `maxMs`): true if settled. */
    async settle(maxMs: number): Promise<boolean> {
      const started = performance.now();
      for (;;) {
        const busy =
          state.inflight > 0 ||
          performance.now() - state.lastMutation < 150 ||
          doc.getAnimations().some((a: { playState: string; effect: { getComputedTiming(): { iterations: number } } | null }) =>
            a.playState === 'running' && a.effect?.getComputedTiming().iterations !== Infinity) ||
          [...doc.querySelectorAll('.mantine-Loader-root')].some(visible);
        if (!busy) return true;
        if (performance.now() - started > maxMs) return false;
        await new Promise((resolve) => setTimeout(resolve, 50));
      }
    },
  };
  new w.MutationObserver((records: { attributeName: string | null }[]) => {
    if (records.every((r) => r.attributeName === pendingAttribute)) return;
    state.lastMutation = performance.now();
    mark();
  }).observe(doc, { subtree: true, childList: true, attributes: true, characterData: true });
}

/** The readable failure: per state, each rule with impact, help and the offending elements. */
function describe(findings: Finding[]): string {
  const count = findings.reduce((n, f) => n + f.violations.length, 0);
  const lines = [`Barrierefreiheit (axe-core, ${TAGS.join(', ')}): ${count} schwere oder kritische Verstöße`];
  for (const finding of findings) {
    lines.push('', `Zustand: ${finding.state}`, `Adresse: ${finding.url}`);
    for (const v of finding.violations) {
      lines.push(`  ${v.id} (${v.impact}): ${v.help}`, `    ${v.helpUrl}`);
      for (const node of v.nodes.slice(0, 8)) {
        const why = (node.failureSummary ?? '').split('\n').slice(1).map((l) => l.trim()).filter(Boolean)[0];
        lines.push(`    - ${node.target.map(String).join(' >> ')}${why ? `  (${why})` : ''}`, `      ${node.html.replace(/\s+/g, ' ').slice(0, 160)}`);
      }
      if (v.nodes.length > 8) lines.push(`    … und ${v.nodes.length - 8} weitere`);
    }
  }
  return lines.join('\n');
}

/** The page navigated or closed while it was being checked. */
function isNavigationRace(error: unknown): boolean {
  return error instanceof Error && /Execution context was destroyed|Target page, context or browser has been closed|Frame was detached/i.test(error.message);
}

/** Runs axe on the page as it is now, without waiting: serious and critical violations. */
async function analyze(page: Page): Promise<Result[]> {
  // Legacy mode runs axe in the page itself (no extra page per run; the app has no frames); the
  // details of passed rules are not needed.
  let builder = new AxeBuilder({ page, axeSource: AXE_SOURCE }).setLegacyMode(true).options({ resultTypes: ['violations'] }).withTags(TAGS);
  for (const selector of EXCLUDED_SELECTORS) builder = builder.exclude(selector);
  const results = await builder.analyze();
  return results.violations.filter((v) => FAILING_IMPACTS.has(v.impact ?? ''));
}

/**
 * Watches a page: from now on each distinct state of it is checked once. Returns the function
 * that checks the state the page ends in and throws when any check found violations.
 */
export async function watchAccessibility(page: Page): Promise<() => Promise<void>> {
  const checked = new Set<string>();
  const findings: Finding[] = [];
  let failure: unknown;

  async function check() {
    try {
      const started = Date.now();
      const now = await page.evaluate(async (ms) => {
        const g = globalThis as unknown as { __a11y?: { settle(ms: number): Promise<boolean>; key(): string; fingerprint(): string }; document: { getElementById(id: string): unknown } };
        const a11y = g.__a11y;
        // Another party's page on the way (the company's sign-in page) is not the portal's to check.
        if (!a11y || !g.document.getElementById('root')) return null;
        const settled = await a11y.settle(ms);
        return { settled, state: a11y.key(), fingerprint: a11y.fingerprint() };
      }, SETTLE_MS);
      // A document without the watcher (not the application's) has nothing to check.
      if (!now) return;
      const { settled, state, fingerprint } = now;
      if (!checked.has(state)) {
        checked.add(state);
        const analyzing = Date.now();
        const known = resultsByFingerprint.get(fingerprint);
        const violations = known ?? (await analyze(page));
        resultsByFingerprint.set(fingerprint, violations);
        if (violations.length > 0) findings.push({ state, url: page.url(), violations });
        if (process.env.A11Y_DEBUG)
          console.log(`[a11y] settle ${analyzing - started} ms${settled ? '' : ' (not settled)'}, axe ${known ? 'known' : `${Date.now() - analyzing} ms`}: ${state}: ${violations.map((v) => v.id).join(', ') || 'ok'}`);
      }
      await page.evaluate((k) => (globalThis as unknown as { __a11y: { done(k: string): void } }).__a11y.done(k), state);
    } catch (error) {
      // The page went elsewhere meanwhile: its new state is marked and checked in its turn.
      if (!isNavigationRace(error)) failure ??= error;
    }
  }

  // From the next document on (call it before the page's first goto).
  await page.addInitScript(pageWatcher, PENDING_ATTRIBUTE);
  await page.addLocatorHandler(page.locator(`html[${PENDING_ATTRIBUTE}] > body`), check, { noWaitAfter: true });

  return async () => {
    if (!page.isClosed() && (await page.locator(`html[${PENDING_ATTRIBUTE}]`).count().catch(() => 0)) > 0) await check();
    if (failure) throw failure;
    if (findings.length > 0) throw new Error(describe(findings));
  };
}

/** Playwright's `test` whose `page` is checked by axe on every state it shows. */
export const test = base.extend({
  page: async ({ page }, use, testInfo) => {
    const verify = await watchAccessibility(page);
    await use(page);
    // A journey that already failed keeps its own error; its page may be anywhere.
    if (testInfo.status !== testInfo.expectedStatus) return;
    await verify();
  },
});
