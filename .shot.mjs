import { chromium } from 'playwright-core';
const [,, base, width, out, ...paths] = process.argv;
const browser = await chromium.launch({ executablePath: '/usr/bin/chromium', args: ['--no-sandbox','--disable-gpu'] });
const context = await browser.newContext({ viewport: { width: Number(width), height: 800 } });
const page = await context.newPage();
for (const p of paths) {
  await page.goto(base + p);
  await page.waitForTimeout(1200);
  const w = await page.evaluate(() => document.documentElement.scrollWidth);
  console.log(p, 'scrollWidth', w);
  await page.screenshot({ path: `${out}-${p.replace(/\//g,'_') || 'root'}.png` });
}
await browser.close();
