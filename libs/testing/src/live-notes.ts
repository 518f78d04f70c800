import { HocuspocusProvider, HocuspocusProviderWebsocket } from '@hocuspocus/provider';
import WebSocket from 'ws';
import * as Y from 'yjs';

export interface LiveNotesClient {
  provider: HocuspocusProvider;
  document: Y.Doc;
  /** The notes as the editor binds them (Quill's delta in a Y.Text). */
  text: Y.Text;
  leave(): void;
}

/**
 * A person's notes editor in a meeting's room, outside a browser: a Yjs document synced over the
 * live notes WebSocket at `url`, sending `headers` (a session cookie, or a bearer token) with each
 * handshake. Reconnects within about a second once the server is back.
 */
export function joinLiveNotes(options: {
  url: string;
  meetingId: string;
  headers: Record<string, string>;
}): LiveNotesClient {
  const { headers } = options;
  class HandshakeWithHeaders extends WebSocket {
    constructor(url: string, protocols?: string | string[]) {
      super(url, protocols, { headers });
    }
  }
  const document = new Y.Doc();
  const websocket = new HocuspocusProviderWebsocket({
    url: options.url,
    WebSocketPolyfill: HandshakeWithHeaders,
    delay: 200,
    minDelay: 200,
    factor: 1.5,
    maxDelay: 1_000,
  });
  const provider = new HocuspocusProvider({
    websocketProvider: websocket,
    name: options.meetingId,
    document,
  });
  provider.attach();
  return {
    provider,
    document,
    text: document.getText('notes'),
    leave() {
      provider.destroy();
      websocket.destroy();
    },
  };
}

/**
 * Types `word` (bracketed, `[A12]`) at a random place between the bracketed words already in the
 * notes, as people typing in the same paragraph do, without splitting anyone's word.
 */
export function typeBetweenWords(client: LiveNotesClient, word: string): void {
  const gaps = [0, ...[...client.text.toString().matchAll(/\]/g)].map((m) => m.index + 1)];
  client.text.insert(gaps[Math.floor(Math.random() * gaps.length)]!, word);
}
