import { useEffect, useState, useSyncExternalStore } from 'react';
import { getAccessTokenRenewer } from '../../../shared/lib/access-token-renewer';
import { readAccessToken, useAuthStore } from '../../auth';
import {
  chatSocketUrl,
  connectingState,
  createChatConnection,
  type ChatConnection,
  type ChatState,
} from '../api/chat-connection';

const noop = () => () => undefined;

/**
 * The chat while the panel is open: one socket, opened on open and closed on close, and
 * opened anew when the player signs in or out (the hello carries who is reading).
 */
export function useChat(active: boolean): { state: ChatState; connection: ChatConnection | null } {
  const userId = useAuthStore((s) => (s.isAuth ? (s.user?.id ?? null) : null));
  const [connection, setConnection] = useState<ChatConnection | null>(null);

  useEffect(() => {
    if (!active) return;
    const created = createChatConnection(chatSocketUrl(window.location), {
      getToken: () => (userId ? readAccessToken() : null),
      renewToken: (failed) => {
        const renew = getAccessTokenRenewer();
        return renew ? renew(failed) : Promise.reject(new Error('no session'));
      },
    });
    setConnection(created);
    return () => {
      created.close();
      setConnection(null);
    };
  }, [active, userId]);

  const state = useSyncExternalStore(
    connection ? connection.subscribe : noop,
    connection ? connection.getState : () => connectingState,
  );
  return { state, connection };
}
