import type { Browser } from 'playwright-core';
import { afterAll, beforeAll } from 'vitest';
import { startTestPlatform, type TestPlatform } from '@atende/standalone/testing';
import { launchBrowser } from './browser.js';

/**
 * A platform and a browser for one test file: both start before its tests (`started` hands them over)
 * and stop after them, also when the start failed halfway.
 */
export function withPlatformAndBrowser(
  started: (running: { platform: TestPlatform; browser: Browser }) => void,
  options?: Parameters<typeof startTestPlatform>[0],
  timeoutMs?: number,
): void {
  let platform: TestPlatform | undefined;
  let browser: Browser | undefined;
  beforeAll(async () => {
    platform = await startTestPlatform(options);
    browser = await launchBrowser();
    started({ platform, browser });
  }, timeoutMs);
  afterAll(async () => {
    await browser?.close();
    await platform?.stop();
  });
}
