import { readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { build } from 'esbuild';
import { type Browser, chromium, type Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { SIGMA_VERSION } from '../src/sigma-internals';

// The canary: sigma's private parts this package relies on (src/sigma-internals.ts), checked against a
// real sigma drawing with real WebGL in Debian's Chromium (software WebGL, as on CI). It fails when an
// upgrade renames or reshapes any of them, or when the sliced drawing stops matching sigma's own.

const here = dirname(fileURLToPath(import.meta.url));
const CHROMIUM = process.env.CHROMIUM_PATH ?? '/usr/bin/chromium';
const ARGS = JSON.parse(readFileSync(join(here, '../../../e2e/chromium-args.json'), 'utf8')) as string[];

type TCanary = {
  problems(): Record<string, string[]>;
  picking(): Promise<unknown>;
  camera(): Promise<{ withSigmas: number; withOurs: number; oursCalled: number }>;
  view(id: string, drawing: 'sliced' | 'whole', people: number, firstTies?: number): Promise<string>;
  sceneTies(id: string): number;
};
/** Calls one of the canary page's checks with its arguments (window.canary, canary-page.ts). */
const canary = <K extends keyof TCanary>(page: Page, check: K, ...args: Parameters<TCanary[K]>) =>
  page.evaluate(
    ({ check, args }) =>
      (window as unknown as { canary: Record<string, (...a: unknown[]) => unknown> }).canary[check]?.(...args),
    { check, args: args as unknown[] },
  ) as Promise<Awaited<ReturnType<TCanary[K]>>>;

let browser: Browser;
let page: Page;

beforeAll(async () => {
  const bundle = await build({
    entryPoints: [join(here, 'browser/canary-page.ts')],
    bundle: true,
    format: 'iife',
    platform: 'browser',
    write: false,
    logLevel: 'silent',
  });
  browser = await chromium.launch({ executablePath: CHROMIUM, args: ARGS });
  page = await browser.newPage({ viewport: { width: 900, height: 1600 } });
  await page.setContent('<!doctype html><html><body style="margin:0"></body></html>');
  await page.addScriptTag({ content: bundle.outputFiles[0]?.text ?? '' });
}, 120_000);

afterAll(async () => {
  await browser?.close();
});

/** Pixels that differ between two screenshots, and the pixels either one draws on (not white). */
async function compare(a: Buffer, b: Buffer) {
  return page.evaluate(
    async ({ x, y }) => {
      const read = async (base64: string) => {
        const bytes = Uint8Array.from(atob(base64), (c) => c.charCodeAt(0));
        const bitmap = await createImageBitmap(new Blob([bytes], { type: 'image/png' }));
        const canvas = new OffscreenCanvas(bitmap.width, bitmap.height);
        const ctx = canvas.getContext('2d') as OffscreenCanvasRenderingContext2D;
        ctx.drawImage(bitmap, 0, 0);
        return ctx.getImageData(0, 0, bitmap.width, bitmap.height).data;
      };
      const [p, q] = [await read(x), await read(y)];
      let differ = 0;
      let ink = 0;
      for (let i = 0; i < p.length; i += 4) {
        if (p[i] !== q[i] || p[i + 1] !== q[i + 1] || p[i + 2] !== q[i + 2]) differ++;
        if ((p[i] ?? 255) < 250 || (p[i + 1] ?? 255) < 250 || (p[i + 2] ?? 255) < 250) ink++;
      }
      return { differ, ink };
    },
    { x: a.toString('base64'), y: b.toString('base64') },
  );
}

describe("sigma's internals", () => {
  it('come from the sigma version they were read from', () => {
    const require = createRequire(join(here, '../package.json'));
    expect(require('sigma/package.json').version).toBe(SIGMA_VERSION);
  });

  it('are all there, with their shapes, for every program the view chooses', async () => {
    expect(await canary(page, 'problems')).toEqual({ arrowsAndCircles: [], linesAndPoints: [] });
  });

  it("sigma's hover events ask the picking we put in its place", async () => {
    await canary(page, 'picking');
    const box = await page.locator('#picking').boundingBox();
    if (!box) throw new Error('no picking box');
    await page.mouse.move(box.x + 50, box.y + 50);
    await page.mouse.move(box.x + 200, box.y + 150, { steps: 5 });
    await expect
      .poll(() => page.evaluate('window.pickingDone()'))
      .toMatchObject({ asked: expect.any(Number), entered: '3' });
    expect(((await page.evaluate('window.pickingDone()')) as { asked: number }).asked).toBeGreaterThan(0);
  });

  it("a camera step redraws through sigma's one listener, and not once ours replaces it", async () => {
    const r = await canary(page, 'camera');
    expect(r.withSigmas).toBeGreaterThan(0);
    expect(r.withOurs).toBe(0);
    expect(r.oursCalled).toBeGreaterThan(0);
  });

  for (const people of [60, 2_100]) {
    it(`the sliced drawing shows what sigma draws whole, pixel for pixel (${people} people)`, async () => {
      const whole = `whole${people}`;
      const sliced = `sliced${people}`;
      expect(await canary(page, 'view', whole, 'whole', people)).toBe('whole');
      expect(await canary(page, 'view', sliced, 'sliced', people)).toBe('sliced');
      // Each view draws several times (an empty graph, the network, its styles), the sliced one over
      // many frames: the two must come to show the same picture.
      const shot = async () =>
        compare(await page.locator(`#${whole}`).screenshot(), await page.locator(`#${sliced}`).screenshot());
      await expect.poll(async () => (await shot()).differ, { timeout: 60_000, interval: 250 }).toBe(0);
      expect((await shot()).ink).toBeGreaterThan(2_000);
    }, 90_000);
  }

  for (const drawing of ['sliced', 'whole'] as const) {
    it(`a large network's first drawing has a sample of its ties, then every tie (${drawing})`, async () => {
      const whole = `allties-${drawing}`;
      const loaded = `firstties-${drawing}`;
      const exported = `exported-${drawing}`;
      await canary(page, 'view', whole, drawing, 2_100);
      // 10,500 ties, 1,000 in the first drawing: every 11th (955 of them), the rest added after it.
      await canary(page, 'view', loaded, drawing, 2_100, 1_000);
      const ties = page.locator(`#${loaded}`);
      await expect.poll(() => ties.getAttribute('data-ties'), { timeout: 60_000 }).toMatch(/ 10500\/10500$/);
      const steps = ((await ties.getAttribute('data-ties')) ?? '').split(' ').map((s) => Number(s.split('/')[0]));
      expect(steps[0]).toBe(955);
      expect(steps.every((n, i) => i === 0 || n >= (steps[i - 1] ?? 0))).toBe(true);
      const shot = async () =>
        compare(await page.locator(`#${whole}`).screenshot(), await page.locator(`#${loaded}`).screenshot());
      await expect.poll(async () => (await shot()).differ, { timeout: 60_000, interval: 250 }).toBe(0);
      expect((await shot()).ink).toBeGreaterThan(2_000);
      // An export asked for before the ties are in waits for them all, not the sample.
      await canary(page, 'view', exported, drawing, 2_100, 1_000);
      expect(await canary(page, 'sceneTies', exported)).toBe(10_500);
    }, 120_000);
  }
});
