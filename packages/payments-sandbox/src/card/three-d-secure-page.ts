import { escapeHtml } from '../shared/html';
import type { PaymentIntent } from './objects';

/**
 * The issuer's 3-D Secure challenge as the player sees it: the amount, the merchant's
 * return, and two buttons. A real issuer asks for a code or an app confirmation; the sandbox
 * lets the player complete or cancel, which is what the merchant's flow has to handle.
 */
export function threeDSecurePage(intent: PaymentIntent, actionBase: string): string {
  const amount = `${(intent.amount / 100).toFixed(2)} ${intent.currency.toUpperCase()}`;
  const open = intent.status === 'requires_action';
  const body = open
    ? `<p>Confirm the payment of <strong>${escapeHtml(amount)}</strong> with your card.</p>
      <div class="actions">
        <form method="post" action="${escapeHtml(`${actionBase}/complete`)}">
          <button type="submit" class="primary" id="complete">Complete authentication</button>
        </form>
        <form method="post" action="${escapeHtml(`${actionBase}/fail`)}">
          <button type="submit" id="fail">Cancel</button>
        </form>
      </div>`
    : `<p>This authentication is already finished.</p>`;
  return `<!doctype html>
<html lang="en"><head><meta charset="utf-8">
<meta name="viewport" content="width=device-width, initial-scale=1">
<title>3-D Secure · Card sandbox</title>
<style>
  body { font-family: system-ui, sans-serif; background: #f4f5f7; color: #1d2330; margin: 0;
    display: grid; place-items: center; min-height: 100vh; }
  main { background: #fff; border-radius: 12px; padding: 28px; max-width: 380px; width: 90%;
    box-shadow: 0 6px 24px rgba(0,0,0,.08); }
  h1 { font-size: 18px; margin: 0 0 4px; } .test { color: #b35c00; font-size: 13px; }
  .actions { display: flex; gap: 12px; margin-top: 20px; }
  button { font: inherit; padding: 10px 16px; border-radius: 8px; border: 1px solid #c9ced8;
    background: #fff; cursor: pointer; } .primary { background: #3358ff; color: #fff; border: 0; }
</style></head>
<body><main>
  <h1>Card verification</h1>
  <p class="test">Sandbox issuer: no real card is charged.</p>
  ${body}
</main></body></html>`;
}
