import type { Page } from '@playwright/test';

// The explorer's drawing read back as pixels (WebGL in SwiftShader: the screenshots are the truth).

/** The categorical palette's first colours (encoding.ts), as drawn. */
export const PALETTE = ['#0072B2', '#E69F00', '#009E73', '#CC79A7', '#56B4E9'];

export type TBox = { x: number; y: number; width: number; height: number };

/**
 * Colours of the canvas's pixels: how many are not background, and how many of `palette`'s colours
 * appear (on more than 20 pixels each), outside `hide` (a box on the page: the legend over the drawing).
 */
export async function canvasPixels(page: Page, palette = PALETTE, hide: TBox | null = null) {
  const canvas = page.getByTestId('explorer-canvas');
  const at = (await canvas.boundingBox()) ?? { x: 0, y: 0 };
  const png = await canvas.screenshot();
  const box = hide ? { ...hide, x: hide.x - at.x, y: hide.y - at.y } : null;
  return page.evaluate(
    async ({ base64, palette, box }) => {
      const bytes = Uint8Array.from(atob(base64), (c) => c.charCodeAt(0));
      const bitmap = await createImageBitmap(new Blob([bytes], { type: 'image/png' }));
      const canvas = new OffscreenCanvas(bitmap.width, bitmap.height);
      const ctx = canvas.getContext('2d') as OffscreenCanvasRenderingContext2D;
      ctx.drawImage(bitmap, 0, 0);
      const { data } = ctx.getImageData(0, 0, bitmap.width, bitmap.height);
      const rgb = palette.map((hex) => [1, 3, 5].map((k) => Number.parseInt(hex.slice(k, k + 2), 16)));
      const seen = new Array<number>(palette.length).fill(0);
      let ink = 0;
      for (let i = 0; i < data.length; i += 4) {
        const [x, y] = [(i / 4) % bitmap.width, Math.floor(i / 4 / bitmap.width)];
        if (box && x >= box.x && x < box.x + box.width && y >= box.y && y < box.y + box.height) continue;
        const [r, g, b] = [data[i] ?? 0, data[i + 1] ?? 0, data[i + 2] ?? 0];
        if (r < 235 || g < 235 || b < 235) ink++;
        rgb.forEach(([pr, pg, pb], k) => {
          if (Math.abs(r - (pr ?? 0)) < 12 && Math.abs(g - (pg ?? 0)) < 12 && Math.abs(b - (pb ?? 0)) < 12) {
            seen[k] = (seen[k] ?? 0) + 1;
          }
        });
      }
      return { ink, palette: seen.filter((n) => n > 20).length };
    },
    { base64: png.toString('base64'), palette, box },
  );
}

/** Dark pixels of the drawing inside `box` (a box on the page), with the legend over it hidden. */
export async function inkUnder(page: Page, box: TBox) {
  // A hidden legend leaves the accessibility tree: hold on to the element itself.
  const legend = await page.getByRole('region', { name: 'Legend' }).elementHandle();
  await legend?.evaluate((el) => {
    (el as HTMLElement).style.visibility = 'hidden';
  });
  const canvas = page.getByTestId('explorer-canvas');
  const at = (await canvas.boundingBox()) ?? { x: 0, y: 0 };
  const png = await canvas.screenshot();
  await legend?.evaluate((el) => {
    (el as HTMLElement).style.visibility = '';
  });
  return page.evaluate(
    async ({ base64, box }) => {
      const bytes = Uint8Array.from(atob(base64), (c) => c.charCodeAt(0));
      const bitmap = await createImageBitmap(new Blob([bytes], { type: 'image/png' }));
      const canvas = new OffscreenCanvas(bitmap.width, bitmap.height);
      const ctx = canvas.getContext('2d') as OffscreenCanvasRenderingContext2D;
      ctx.drawImage(bitmap, 0, 0);
      const w = Math.max(1, Math.floor(box.width));
      const h = Math.max(1, Math.floor(box.height));
      const { data } = ctx.getImageData(Math.floor(box.x), Math.floor(box.y), w, h);
      let ink = 0;
      for (let i = 0; i < data.length; i += 4) {
        if ((data[i] ?? 255) < 200 || (data[i + 1] ?? 255) < 200 || (data[i + 2] ?? 255) < 200) ink++;
      }
      return ink;
    },
    { base64: png.toString('base64'), box: { ...box, x: box.x - at.x, y: box.y - at.y } },
  );
}

/** Sweeps the pointer over the drawing until a person is highlighted; answers where, or null. */
export async function hoverSomeone(page: Page) {
  const canvas = page.getByTestId('explorer-canvas');
  const box = (await canvas.boundingBox()) ?? { x: 0, y: 0, width: 0, height: 0 };
  for (let y = box.y + box.height * 0.3; y < box.y + box.height * 0.8; y += 9) {
    for (let x = box.x + 40; x < box.x + box.width - 40; x += 5) {
      await page.mouse.move(x, y);
      if (await canvas.getAttribute('data-highlight')) return { x, y };
    }
  }
  return null;
}

/** Pixels the highlight overlay (a 2D canvas) has drawn dark: the hovered person's ring and ties. */
export const overlayInk = (page: Page) =>
  page.getByTestId('explorer-highlight').evaluate((el) => {
    const c = el as HTMLCanvasElement;
    const { data } = (c.getContext('2d') as CanvasRenderingContext2D).getImageData(0, 0, c.width, c.height);
    let dark = 0;
    for (let i = 0; i < data.length; i += 4) {
      if ((data[i + 3] ?? 0) > 200 && (data[i] ?? 0) < 80 && (data[i + 1] ?? 0) < 80) dark++;
    }
    return dark;
  });
