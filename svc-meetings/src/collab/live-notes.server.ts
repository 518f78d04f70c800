import type { IncomingMessage } from 'node:http';
import type { Duplex } from 'node:stream';
import { Hocuspocus, type Extension } from '@hocuspocus/server';
import { Redis } from '@hocuspocus/extension-redis';
import {
  answerSocket,
  DomainError,
  KEY_STORE,
  LOGGER,
  SERVICE_CONFIG,
  verifyInternalToken,
  type KeyStore,
} from '@meetings/service-kit';
import {
  Inject,
  Injectable,
  type OnApplicationBootstrap,
  type OnApplicationShutdown,
  type OnModuleDestroy,
} from '@nestjs/common';
import { HttpAdapterHost } from '@nestjs/core';
import type { Logger } from 'pino';
import { WebSocketServer, type RawData, type WebSocket } from 'ws';
import * as Y from 'yjs';
import type { Caller } from '../access/caller.js';
import { MeetingAccess } from '../access/meeting-access.service.js';
import type { MeetingsEnv } from '../config.js';
import { FROM_STORE, LiveNotesStore } from './live-notes.store.js';
import { replaceNotes } from './notes-doc.js';

/** `/api/meetings/<uuid>/collab`: the one address live notes are served on. */
const COLLAB_PATH =
  /^\/api\/meetings\/([0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12})\/collab\/?$/i;
/** A room is stored 2 s after typing stops, and at least every 10 s while people type. */
const STORE_DEBOUNCE_MS = 2_000;
const STORE_MAX_DEBOUNCE_MS = 10_000;
/** The editor's own limit on a message (a pasted image fits, a flood does not). */
const MAX_MESSAGE_BYTES = 8 * 1024 * 1024;

interface RoomContext {
  meetingId: string;
  readOnly: boolean;
}

/** A person's socket in a room, with who they were checked as. */
export interface RoomSocket {
  caller: Caller;
  readOnly: boolean;
  /** Ends the socket; the person's editor connects again and is checked anew. */
  reconnect(): void;
}

/** Close code of a socket whose person's rights on the meeting changed (4000-4999: the app's). */
const RIGHTS_CHANGED = 4403;

/**
 * Live notes (Hocuspocus) on svc-meetings' own port: WebSocket upgrades of
 * `/api/meetings/:id/collab` that the gateway forwarded with the caller's internal token. The
 * caller must see the meeting; a viewer, or an editor whose plan cannot edit, gets a read-only
 * connection (Hocuspocus refuses its changes). The room is the meeting; its state is stored in the
 * meeting's row (LiveNotesStore). With REDIS_URL, replicas share rooms through Redis.
 */
@Injectable()
export class LiveNotesServer
  implements OnApplicationBootstrap, OnModuleDestroy, OnApplicationShutdown
{
  private readonly sockets = new WebSocketServer({
    noServer: true,
    maxPayload: MAX_MESSAGE_BYTES,
  });
  readonly hocuspocus: Hocuspocus<RoomContext>;
  /** The sockets open on this replica, by meeting. */
  private readonly rooms = new Map<string, Set<RoomSocket>>();
  private readonly upgrade = (request: IncomingMessage, socket: Duplex, head: Buffer) =>
    void this.accept(request, socket, head);

  constructor(
    private readonly adapterHost: HttpAdapterHost,
    @Inject(KEY_STORE) private readonly keys: KeyStore,
    @Inject(SERVICE_CONFIG) config: MeetingsEnv,
    @Inject(LOGGER) private readonly logger: Logger,
    private readonly access: MeetingAccess,
    private readonly store: LiveNotesStore,
  ) {
    const extensions: Extension[] = [];
    if (config.REDIS_URL) {
      const url = new URL(config.REDIS_URL);
      extensions.push(
        new Redis({
          host: url.hostname,
          port: Number(url.port || 6379),
          options: {
            username: url.username ? decodeURIComponent(url.username) : undefined,
            password: url.password ? decodeURIComponent(url.password) : undefined,
            db: url.pathname.length > 1 ? Number(url.pathname.slice(1)) : undefined,
            tls: url.protocol === 'rediss:' ? {} : undefined,
          },
          prefix: `${config.CACHE_PREFIX ?? ''}svc-meetings:live-notes`,
        }),
      );
    }
    this.hocuspocus = new Hocuspocus<RoomContext>({
      name: 'svc-meetings',
      quiet: true,
      debounce: STORE_DEBOUNCE_MS,
      maxDebounce: STORE_MAX_DEBOUNCE_MS,
      extensions,
      onConnect: async ({ documentName, context, connectionConfig }) => {
        // One socket, one meeting: the one its address named and its caller was checked for.
        if (documentName !== context.meetingId) throw new Error('not this meeting');
        connectionConfig.readOnly = context.readOnly;
      },
      onLoadDocument: async ({ documentName, document }) => {
        const state = await this.store.load(documentName);
        if (state) Y.applyUpdate(document, state, FROM_STORE);
        return document;
      },
      onStoreDocument: async ({ documentName, document }) => {
        await this.store.store(documentName, document);
      },
    });
  }

  onApplicationBootstrap(): void {
    this.adapterHost.httpAdapter.getHttpServer().on('upgrade', this.upgrade);
  }

  /** Whether the meeting's room is open on this replica. */
  isOpen(meetingId: string): boolean {
    return this.hocuspocus.documents.has(meetingId);
  }

  /**
   * Notes saved over HTTP go into the room as the difference from what it holds: the room open
   * here, or opened for the change (from the stored state), whose update Redis brings to the room
   * on any other replica. The room's state is stored before the caller hears the save is done;
   * closing the connection, which the Redis extension holds back a second so replicas can sync
   * before the room unloads, is not waited for. A room that cannot be opened has not got the save:
   * it goes into the stored state instead.
   */
  async applySave(meetingId: string, notes: string): Promise<void> {
    const connection = await this.hocuspocus
      .openDirectConnection(meetingId, { meetingId, readOnly: false })
      .catch((error: unknown) => {
        this.logger.warn({ err: error, meetingId }, 'live notes: a save goes to the stored state');
        return null;
      });
    if (!connection) return this.store.saveIntoState(meetingId, notes);
    try {
      await connection.transact((document) => replaceNotes(document, notes));
      if (connection.document) await this.store.store(meetingId, connection.document);
    } finally {
      connection.disconnect().catch((error: unknown) => {
        this.logger.warn({ err: error, meetingId }, 'live notes: could not close a save');
      });
    }
  }

  private async accept(request: IncomingMessage, socket: Duplex, head: Buffer): Promise<void> {
    socket.on('error', () => socket.destroy());
    const meetingId = COLLAB_PATH.exec(request.url ?? '')?.[1]?.toLowerCase();
    if (!meetingId) return answerSocket(socket, 404);
    let context: RoomContext;
    let caller: Caller;
    try {
      caller = await verifyInternalToken(this.keys, request.headers.authorization);
      const rights = await this.access.liveNotesRights(caller, meetingId);
      context = { meetingId, readOnly: rights === 'read' };
    } catch (error) {
      if (!(error instanceof DomainError))
        this.logger.warn({ err: error }, 'live notes: could not check the caller');
      return answerSocket(socket, error instanceof DomainError ? error.status : 503);
    }
    this.sockets.handleUpgrade(request, socket, head, (websocket) =>
      this.connect(websocket, context, caller),
    );
  }

  /** The sockets open on this replica in a meeting's room. */
  socketsOf(meetingId: string): RoomSocket[] {
    return [...(this.rooms.get(meetingId) ?? [])];
  }

  private connect(websocket: WebSocket, context: RoomContext, caller: Caller): void {
    const person: RoomSocket = {
      caller,
      readOnly: context.readOnly,
      reconnect: () => websocket.close(RIGHTS_CHANGED, 'rights changed'),
    };
    let room = this.rooms.get(context.meetingId);
    if (!room) this.rooms.set(context.meetingId, (room = new Set()));
    room.add(person);
    websocket.once('close', () => {
      room.delete(person);
      if (room.size === 0 && this.rooms.get(context.meetingId) === room)
        this.rooms.delete(context.meetingId);
    });
    const connection = this.hocuspocus.handleConnection(
      websocket,
      new Request(`http://svc-meetings/api/meetings/${context.meetingId}/collab`),
      context,
    );
    websocket.on('message', (data: RawData) => connection.handleMessage(bytesOf(data)));
    websocket.on('close', (code, reason) =>
      connection.handleClose({ code, reason: reason.toString() }),
    );
    websocket.on('error', () => websocket.terminate());
  }

  /** Shutting down: the rooms are stored and their connections closed while the database is open. */
  async onModuleDestroy(): Promise<void> {
    this.adapterHost.httpAdapter?.getHttpServer().off('upgrade', this.upgrade);
    const unloaded = new Promise<void>((resolve) => {
      if (this.hocuspocus.getDocumentsCount() === 0) return resolve();
      this.hocuspocus.configuration.extensions.push({
        afterUnloadDocument: async ({ instance }) => {
          if (instance.getDocumentsCount() === 0) resolve();
        },
      });
    });
    this.hocuspocus.closeConnections();
    this.hocuspocus.flushPendingStores();
    await Promise.race([unloaded, new Promise((resolve) => setTimeout(resolve, 5_000).unref())]);
    for (const websocket of this.sockets.clients) websocket.terminate();
  }

  async onApplicationShutdown(): Promise<void> {
    await this.hocuspocus.hooks('onDestroy', { instance: this.hocuspocus });
    this.sockets.close();
  }
}

function bytesOf(data: RawData): Uint8Array {
  return new Uint8Array(Array.isArray(data) ? Buffer.concat(data) : data);
}
