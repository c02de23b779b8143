import AxeBuilder from '@axe-core/playwright';
import { expect, test } from '@playwright/test';
import { axeViolations } from './helpers';

// The one axe helper every journey uses reads colours as they end, not mid-fade: a button that changes
// variant while axe runs (the explorer's "Stop layout" becoming "Run layout" when a layout ends) was
// read halfway between white and blue and failed a journey now and then.
test('axe reads a button changing colour at the colours it ends with', async ({ page }) => {
  await page.setContent(
    '<!doctype html><html lang="en"><title>Layout</title><main><h1>Layout</h1><button id="b" style="transition: background-color 20s linear -10s, color 20s linear -10s; background-color: #ffffff; color: #1f2937">Run layout</button></main></html>',
  );
  // White and dark grey turn blue and white, already halfway through the fade.
  await page.evaluate(() => {
    const button = document.getElementById('b')!;
    button.style.backgroundColor = '#1d4ed8';
    button.style.color = '#ffffff';
  });
  const raw = await new AxeBuilder({ page }).analyze();
  expect(raw.violations.map((v) => v.id)).toEqual(['color-contrast']);
  expect((await axeViolations(page)).map((v) => v.id)).toEqual([]);
});
