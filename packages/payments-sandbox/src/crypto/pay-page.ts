import { escapeHtml } from '../shared/html';
import type { CryptoPayment } from './crypto-sandbox';
import { cryptoNetworks } from './networks';

/** The sandbox wallet's page: send the coins asked for, or mine a block. */
export function payPage(publicUrl: string, required: number, p: CryptoPayment): string {
  const label = cryptoNetworks[p.pay_currency].label;
  const base = `${publicUrl}/pay/${p.payment_id}`;
  const open = p.payment_status === 'waiting' || p.payment_status === 'confirming';
  return `<!doctype html><html lang="en"><head><meta charset="utf-8">
<meta name="viewport" content="width=device-width, initial-scale=1"><title>Crypto sandbox wallet</title>
<style>body{font-family:system-ui,sans-serif;max-width:460px;margin:40px auto;padding:0 16px;color:#1d2330}
code{word-break:break-all}form{display:inline-block;margin:8px 8px 0 0}button{font:inherit;padding:8px 14px}</style>
</head><body><h1>Sandbox wallet (${escapeHtml(label)})</h1>
<p>Send <strong>${escapeHtml(p.pay_amount)} ${escapeHtml(p.pay_currency.toUpperCase())}</strong> to<br><code>${escapeHtml(p.pay_address)}</code></p>
<p>Status: <strong id="status">${escapeHtml(p.payment_status)}</strong> · received ${escapeHtml(p.actually_paid)} · confirmations ${p.confirmations}/${required}</p>
${
  open
    ? `<form method="post" action="${escapeHtml(`${base}/send`)}"><input type="hidden" name="amount" value="${escapeHtml(p.pay_amount)}"><button id="send">Send coins</button></form>
<form method="post" action="${escapeHtml(`${base}/mine`)}"><button id="mine">Mine a block</button></form>`
    : ''
}
</body></html>`;
}
