export interface MailMessage {
  to: string;
  subject: string;
  /** Plain-text part. */
  text: string;
  /** HTML part (the same content). */
  html: string;
}

/**
 * Sends e-mail (one-time codes). Injected, so tests read what was sent. `send` rejects
 * when the message could not be handed over (SMTP down): callers decide what that means.
 */
export interface Mailer {
  send(message: MailMessage): Promise<void>;
}
