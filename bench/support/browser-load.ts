import { pathToFileURL } from 'node:url';
import { hasChromium, launchChromium } from '../../test/support/chromium.js';
import { median } from './scenario.js';

/**
 * Median milliseconds from navigating to an HTML file until its script has drawn it (`body[data-ready]`),
 * over `runs` fresh pages; null when chromium is not installed. Console errors fail the measurement.
 */
export async function browserLoadMs(file: string, runs = 3): Promise<number | null> {
  if (!hasChromium) return null;
  const browser = await launchChromium();
  try {
    const times: number[] = [];
    for (let run = 0; run < runs; run++) {
      const page = await browser.newPage({ viewport: { width: 1400, height: 900 } });
      const errors: string[] = [];
      page.on('console', (message) => void (message.type() === 'error' && errors.push(message.text())));
      page.on('pageerror', (error) => void errors.push(error.message));
      const start = performance.now();
      await page.goto(pathToFileURL(file).href);
      await page.waitForSelector('body[data-ready="true"]', { timeout: 120_000 });
      times.push(performance.now() - start);
      await page.close();
      if (errors.length > 0) throw new Error(`${file}: the page logged errors: ${errors.join('; ')}`);
    }
    return median(times);
  } finally {
    await browser.close();
  }
}
