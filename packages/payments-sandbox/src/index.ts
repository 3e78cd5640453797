export { createCardSandbox, signatureHeaderName } from './card/card-sandbox';
export type { CardSandbox, CardSandboxOptions } from './card/card-sandbox';
export { testCards, luhnValid, cardBrand } from './card/cards';
export type { PaymentIntent, Payout, PaymentMethod } from './card/objects';
export { signatureHeader } from './shared/signature';
export type { WebhookEvent, WebhookRetryPolicy, WebhookSender } from './shared/webhooks';
export { createCryptoSandbox, ipnHeaderName } from './crypto/crypto-sandbox';
export type { CryptoSandbox, CryptoSandboxOptions, CryptoPayment } from './crypto/crypto-sandbox';
export { ipnSignature, sortKeys } from './crypto/ipn-signature';
