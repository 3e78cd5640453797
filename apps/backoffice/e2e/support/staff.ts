import { Buffer } from 'node:buffer';
import { createHmac } from 'node:crypto';
import { readFileSync } from 'node:fs';
import process from 'node:process';
import AxeBuilder from '@axe-core/playwright';
import type { Page } from '@playwright/test';

/** The set-up link `npm run staff:create` printed before the server started (playwright.config.ts). */
export function setupLinkPath(file = process.env.E2E_STAFF_SETUP_FILE ?? ''): string {
  const output = readFileSync(file, 'utf8');
  const link = output.split('\n').find((line) => line.includes('/backoffice/setup#'));
  if (!link) throw new Error(`No set-up link in the command's output:\n${output}`);
  const url = new URL(link.trim(), 'http://placeholder');
  return `${url.pathname}${url.hash}`;
}

function base32Decode(text: string): Buffer {
  const alphabet = 'ABCDEFGHIJKLMNOPQRSTUVWXYZ234567';
  let bits = '';
  for (const char of text.replace(/=+$/, '')) {
    bits += alphabet.indexOf(char).toString(2).padStart(5, '0');
  }
  const bytes = bits.match(/.{8}/g) ?? [];
  return Buffer.from(bytes.map((byte) => parseInt(byte, 2)));
}

/** RFC 6238 TOTP by hand (HMAC-SHA1, 30-second steps, 6 digits), not the server's library. */
export function totp(secret: string, at = Date.now()): string {
  const counter = Buffer.alloc(8);
  counter.writeBigUInt64BE(BigInt(Math.floor(at / 1000 / 30)));
  const mac = createHmac('sha1', base32Decode(secret)).update(counter).digest();
  const offset = (mac[mac.length - 1] ?? 0) & 0xf;
  const value = (mac.readUInt32BE(offset) & 0x7fffffff) % 1_000_000;
  return value.toString().padStart(6, '0');
}

/** axe's serious and critical findings on the page as it is (animations finished). */
export async function seriousFindings(page: Page): Promise<string[]> {
  await page.evaluate(() =>
    Promise.all(
      document
        .getAnimations()
        .filter((animation) => animation.effect?.getTiming().iterations !== Infinity)
        .map((animation) => animation.finished.catch(() => undefined)),
    ),
  );
  // Only the violations are read: collecting every pass too doubles a scan's time. Legacy
  // mode runs axe.run in the page itself (same-origin frames included) instead of finishing
  // each scan in a new blank page with axe injected a second time (decision 077); the back
  // office's screens open no cross-origin frame.
  const results = await new AxeBuilder({ page })
    .options({ resultTypes: ['violations'] })
    .setLegacyMode()
    .analyze();
  return results.violations
    .filter((v) => v.impact === 'serious' || v.impact === 'critical')
    .map((v) => `${v.id}: ${v.nodes.map((n) => n.target.join(' ')).join(', ')}`);
}
