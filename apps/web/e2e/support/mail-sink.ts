/**
 * A real SMTP server for the browser tests: the app under test sends its mail here over
 * SMTP (SMTP_URL), and the tests read the received messages over HTTP, as a player would
 * read their inbox. Run by Playwright's webServer; stops with it.
 *
 *   SMTP  127.0.0.1:$MAIL_SINK_SMTP_PORT   (default 4325)
 *   HTTP  127.0.0.1:$MAIL_SINK_HTTP_PORT   GET /messages?to=address → [{to, subject, text, html}]
 */
import { createServer } from 'node:http';
import { SMTPServer } from 'smtp-server';
import PostalMime from 'postal-mime';

interface Received {
  to: string[];
  subject: string;
  text: string;
  html: string;
  receivedAt: string;
}

const smtpPort = Number(process.env.MAIL_SINK_SMTP_PORT ?? 4325);
const httpPort = Number(process.env.MAIL_SINK_HTTP_PORT ?? 4326);
const inbox: Received[] = [];

const smtp = new SMTPServer({
  authOptional: true,
  disabledCommands: ['STARTTLS', 'AUTH'],
  logger: false,
  onData(stream, session, callback) {
    const chunks: Buffer[] = [];
    stream.on('data', (chunk: Buffer) => chunks.push(chunk));
    stream.on('error', (error) => callback(error));
    stream.on('end', () => {
      PostalMime.parse(Buffer.concat(chunks))
        .then((mail) => {
          inbox.push({
            to: session.envelope.rcptTo.map((r) => r.address.toLowerCase()),
            subject: mail.subject ?? '',
            text: mail.text ?? '',
            html: mail.html ?? '',
            receivedAt: new Date().toISOString(),
          });
          callback();
        })
        .catch((error: Error) => callback(error));
    });
  },
});
smtp.listen(smtpPort, '127.0.0.1');

createServer((req, res) => {
  const url = new URL(req.url ?? '/', `http://127.0.0.1:${httpPort}`);
  if (url.pathname === '/health') {
    res.end('ok');
    return;
  }
  if (url.pathname === '/messages') {
    const to = url.searchParams.get('to')?.toLowerCase();
    const found = to ? inbox.filter((m) => m.to.includes(to)) : inbox;
    res.setHeader('content-type', 'application/json');
    res.end(JSON.stringify(found));
    return;
  }
  res.statusCode = 404;
  res.end();
}).listen(httpPort, '127.0.0.1');
