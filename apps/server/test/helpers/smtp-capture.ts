import type { AddressInfo } from 'node:net';
import PostalMime from 'postal-mime';
import { SMTPServer, type SMTPServerOptions } from 'smtp-server';

export interface Received {
  envelopeTo: string[];
  from: string;
  subject: string;
  text: string;
  html: string;
  raw: string;
}

export type SmtpCapture = Awaited<ReturnType<typeof startSmtpServer>>;

/** A real SMTP server on a free port that keeps every message it receives, parsed. */
export async function startSmtpServer(options: SMTPServerOptions = {}) {
  const inbox: Received[] = [];
  const server = new SMTPServer({
    logger: false,
    ...options,
    onData(stream, session, callback) {
      const chunks: Buffer[] = [];
      stream.on('data', (chunk: Buffer) => chunks.push(chunk));
      stream.on('end', () => {
        const raw = Buffer.concat(chunks);
        PostalMime.parse(raw)
          .then((mail) => {
            inbox.push({
              envelopeTo: session.envelope.rcptTo.map((r) => r.address),
              from: mail.from?.address ?? '',
              subject: mail.subject ?? '',
              text: mail.text ?? '',
              html: mail.html ?? '',
              raw: raw.toString('latin1'),
            });
            callback();
          })
          .catch((error: Error) => callback(error));
      });
    },
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.server.address() as AddressInfo;
  return {
    inbox,
    port,
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}
