import {
  supportServerFrameSchema,
  supportSocketPath,
  type SupportThreadResponse,
} from '@casino/contracts';
import { useQueryClient } from '@tanstack/react-query';
import { useEffect } from 'react';
import { readAccessToken } from '../../auth';
import { supportThreadKey, withMessage } from '../api/support';

/**
 * While the support thread is open: its socket. On `ready` the thread is read again (what
 * arrived while the socket was opening is then in it); each `message` joins the cache once.
 * Reconnects after a drop with a growing delay (1 s to 30 s).
 */
export function useSupportLive(active: boolean): void {
  const client = useQueryClient();
  useEffect(() => {
    if (!active) return;
    let socket: WebSocket | null = null;
    let stopped = false;
    let failures = 0;
    let timer: ReturnType<typeof setTimeout> | undefined;
    const open = () => {
      const token = readAccessToken();
      if (stopped || !token) return;
      const scheme = window.location.protocol === 'https:' ? 'wss' : 'ws';
      const ws = new WebSocket(`${scheme}://${window.location.host}${supportSocketPath}`);
      socket = ws;
      ws.onopen = () => ws.send(JSON.stringify({ type: 'hello', token }));
      ws.onmessage = (event: MessageEvent) => {
        if (typeof event.data !== 'string') return;
        const parsed = supportServerFrameSchema.safeParse(JSON.parse(event.data));
        if (!parsed.success) return;
        if (parsed.data.type === 'ready') {
          failures = 0;
          void client.invalidateQueries({ queryKey: supportThreadKey });
        } else {
          const { message } = parsed.data;
          client.setQueryData<SupportThreadResponse>(supportThreadKey, (thread) =>
            withMessage(thread, message),
          );
        }
      };
      ws.onclose = () => {
        if (stopped || socket !== ws) return;
        const delay = Math.min(30_000, 1000 * 2 ** failures) * (0.5 + Math.random() / 2);
        failures += 1;
        timer = setTimeout(open, delay);
      };
    };
    open();
    return () => {
      stopped = true;
      clearTimeout(timer);
      socket?.close(1000);
    };
  }, [active, client]);
}
