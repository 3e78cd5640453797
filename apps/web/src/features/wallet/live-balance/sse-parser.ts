/** One server-sent event (https://html.spec.whatwg.org/multipage/server-sent-events.html). */
export interface SseEvent {
  /** `message` when the server named none. */
  event: string;
  /** The data lines joined with "\n". */
  data: string;
  /** The last `id:` seen on the stream, if any. */
  id: string | undefined;
}

export interface SseParser {
  /** Feeds decoded text, in chunks of any size; complete events go to `onEvent`. */
  push(text: string): void;
  /** The reconnection time the server asked for (`retry:`), in ms. */
  readonly retryMs: number | undefined;
}

/**
 * The event-stream format as EventSource reads it, for a stream read with fetch (EventSource
 * cannot send an Authorization header). Lines end in \n, \r\n or \r, even split across chunks;
 * a blank line dispatches; `:` starts a comment (heartbeats); one space after the colon is
 * dropped; an event without data is not dispatched; unknown fields are ignored.
 */
export function createSseParser(onEvent: (event: SseEvent) => void): SseParser {
  let buffer = '';
  let skipLeadingNewline = false;
  let eventName = '';
  let data: string[] = [];
  let hasData = false;
  let lastId: string | undefined;
  let retryMs: number | undefined;

  const line = (text: string) => {
    if (text === '') {
      if (hasData) onEvent({ event: eventName || 'message', data: data.join('\n'), id: lastId });
      eventName = '';
      data = [];
      hasData = false;
      return;
    }
    if (text.startsWith(':')) return;
    const colon = text.indexOf(':');
    const field = colon === -1 ? text : text.slice(0, colon);
    let value = colon === -1 ? '' : text.slice(colon + 1);
    if (value.startsWith(' ')) value = value.slice(1);
    switch (field) {
      case 'event':
        eventName = value;
        break;
      case 'data':
        data.push(value);
        hasData = true;
        break;
      case 'id':
        if (!value.includes('\0')) lastId = value;
        break;
      case 'retry':
        if (/^\d+$/.test(value)) retryMs = Number(value);
        break;
      default:
        break;
    }
  };

  return {
    push(text) {
      let chunk = text;
      // A \r\n split across two chunks: the \n belongs to the line the \r ended.
      if (skipLeadingNewline && chunk.startsWith('\n')) chunk = chunk.slice(1);
      skipLeadingNewline = false;
      buffer += chunk;
      let start = 0;
      for (let i = 0; i < buffer.length; i++) {
        const c = buffer[i];
        if (c !== '\n' && c !== '\r') continue;
        line(buffer.slice(start, i));
        if (c === '\r') {
          if (i + 1 < buffer.length) {
            if (buffer[i + 1] === '\n') i++;
          } else {
            skipLeadingNewline = true;
          }
        }
        start = i + 1;
      }
      buffer = buffer.slice(start);
    },
    get retryMs() {
      return retryMs;
    },
  };
}
