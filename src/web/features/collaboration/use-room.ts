/**
 * The live collaboration room over WebSocket /ws (back-office spec sections 4, 7, 9;
 * DECISIONS.md message format). Joins with the token (client) or with the quote id alone
 * (admin, by session cookie); keeps the quote, revisions, annotations (newest first: a
 * new one goes to the front), the people online and the connection state. On a lost
 * connection it retries up to 5 times after 1, 2, 4, 8, 16 s; 'Session not found or
 * expired' ends the session (no retry).
 */

import { useCallback, useEffect, useRef, useState } from 'react';
import {
  type ActiveUser,
  type AnnotationType,
  type AnnotationView,
  QUOTE_DESK_MESSAGES,
  type QuoteRequestView,
  RECONNECT_DELAYS_MS,
  type RevisionView,
  type ServerMessage,
} from '../../../shared/schemas/quote-desk';

export type ConnectionState = 'connecting' | 'connected' | 'reconnecting' | 'lost' | 'ended';

export interface RoomState {
  connection: ConnectionState;
  quote: QuoteRequestView | null;
  revisions: RevisionView[];
  annotations: AnnotationView[];
  activeUsers: ActiveUser[];
  you: ActiveUser | null;
  /** The last refusal the server sent (shown near the comment box). */
  lastError: string | null;
}

export interface AnnotationDraft {
  content: string;
  annotationType?: AnnotationType;
  positionX?: number;
  positionY?: number;
  revisionNumber?: number;
  /** An approval's quoted amount as the client saw it, dollars (the server checks it). */
  quotedAmount?: number;
  parentId?: number;
}

/** How long a sent annotation waits for the server's answer before it counts as not sent. */
export const SEND_TIMEOUT_MS = 15_000;
const NO_ANSWER = 'Your message could not be confirmed. Please send it again.';

const INITIAL: RoomState = {
  connection: 'connecting',
  quote: null,
  revisions: [],
  annotations: [],
  activeUsers: [],
  you: null,
  lastError: null,
};

/** The room's state after one server message (pure; exported for tests). */
export function reduceRoom(state: RoomState, message: ServerMessage): RoomState {
  switch (message.type) {
    case 'session_joined':
      return {
        ...state,
        connection: 'connected',
        quote: message.quote,
        revisions: message.revisions,
        annotations: message.annotations,
        activeUsers: message.activeUsers,
        you: message.you,
        lastError: null,
      };
    case 'new_annotation':
      if (state.annotations.some((a) => a.id === message.annotation.id)) return state;
      return { ...state, annotations: [message.annotation, ...state.annotations] };
    case 'new_revision':
      if (state.revisions.some((r) => r.id === message.revision.id)) return state;
      return {
        ...state,
        revisions: [...state.revisions, message.revision].sort(
          (a, b) => a.revisionNumber - b.revisionNumber,
        ),
      };
    case 'quote_updated':
      return { ...state, quote: message.quote };
    case 'user_joined':
    case 'user_left':
      return { ...state, activeUsers: message.activeUsers };
    case 'error':
      if (message.message === QUOTE_DESK_MESSAGES.sessionNotFound)
        return { ...state, connection: 'ended', lastError: message.message };
      return { ...state, lastError: message.message };
    default:
      return state;
  }
}

function socketUrl(): string {
  const protocol = window.location.protocol === 'https:' ? 'wss:' : 'ws:';
  return `${protocol}//${window.location.host}/ws`;
}

/**
 * Connects while `quoteId` is set. `token` joins as the client (with `authorName`, if
 * given); without it the signed-in admin joins. Returns the state and `send`, which
 * posts an annotation and resolves true once the server has stored it, false when it was
 * refused (the error is in `lastError`), the connection was not open or closed first, or
 * no answer came within SEND_TIMEOUT_MS: a caller keeps the typed text until true.
 */
export function useCollaborationRoom(options: {
  quoteId: number | null;
  token?: string;
  authorName?: string;
}) {
  const { quoteId, token, authorName } = options;
  const [state, setState] = useState<RoomState>(INITIAL);
  const socketRef = useRef<WebSocket | null>(null);
  /** Annotations sent and not yet answered: clientMessageId -> settle. */
  const pendingRef = useRef(new Map<string, (saved: boolean) => void>());
  const sequenceRef = useRef(0);
  const keysRef = useRef(new WeakMap<WebSocket, string>());

  useEffect(() => {
    if (quoteId === null) return;
    let attempts = 0;
    let stopped = false;
    let ended = false;
    let timer: ReturnType<typeof setTimeout> | undefined;
    setState(INITIAL);

    const connect = () => {
      const socket = new WebSocket(socketUrl());
      sequenceRef.current += 1;
      // The ids of this socket's messages start with its key.
      const socketKey = `s${sequenceRef.current}:`;
      keysRef.current.set(socket, socketKey);
      socketRef.current = socket;
      socket.onopen = () => {
        socket.send(
          JSON.stringify({
            type: 'session_join',
            quoteId,
            timestamp: Date.now(),
            ...(token ? { sessionToken: token } : {}),
            ...(authorName ? { authorName } : {}),
          }),
        );
      };
      socket.onmessage = (event) => {
        let message: ServerMessage;
        try {
          message = JSON.parse(String(event.data)) as ServerMessage;
        } catch {
          return;
        }
        if (message.type === 'session_joined') attempts = 0;
        if (message.type === 'annotation_saved' || message.type === 'error') {
          const id = message.clientMessageId;
          const settle = id === undefined ? undefined : pendingRef.current.get(id);
          if (id !== undefined && settle) {
            pendingRef.current.delete(id);
            settle(message.type === 'annotation_saved');
          }
          if (message.type === 'annotation_saved') {
            const annotation = message.annotation;
            setState((s) => reduceRoom(s, { type: 'new_annotation', annotation }));
            return;
          }
        }
        if (message.type === 'error' && message.message === QUOTE_DESK_MESSAGES.sessionNotFound)
          ended = true;
        setState((s) => reduceRoom(s, message));
      };
      socket.onclose = () => {
        if (socketRef.current === socket) socketRef.current = null;
        // Whatever this socket had sent and not heard back about may not have been stored.
        for (const [id, settle] of pendingRef.current) {
          if (!id.startsWith(socketKey)) continue;
          pendingRef.current.delete(id);
          settle(false);
        }
        if (stopped || ended) return;
        const delay = RECONNECT_DELAYS_MS[attempts];
        if (delay === undefined) {
          setState((s) => ({ ...s, connection: 'lost' }));
          return;
        }
        attempts += 1;
        setState((s) => ({ ...s, connection: 'reconnecting' }));
        timer = setTimeout(connect, delay);
      };
    };
    connect();
    return () => {
      stopped = true;
      if (timer) clearTimeout(timer);
      socketRef.current?.close();
      socketRef.current = null;
    };
  }, [quoteId, token, authorName]);

  const send = useCallback((draft: AnnotationDraft): Promise<boolean> => {
    const socket = socketRef.current;
    if (!socket || socket.readyState !== WebSocket.OPEN) return Promise.resolve(false);
    sequenceRef.current += 1;
    const clientMessageId = `${keysRef.current.get(socket) ?? ''}${sequenceRef.current}`;
    const answered = new Promise<boolean>((resolve) => {
      const timer = setTimeout(() => {
        pendingRef.current.delete(clientMessageId);
        setState((s) => ({ ...s, lastError: NO_ANSWER }));
        resolve(false);
      }, SEND_TIMEOUT_MS);
      pendingRef.current.set(clientMessageId, (saved) => {
        clearTimeout(timer);
        resolve(saved);
      });
    });
    socket.send(
      JSON.stringify({ type: 'annotation', timestamp: Date.now(), clientMessageId, ...draft }),
    );
    setState((s) => ({ ...s, lastError: null }));
    return answered;
  }, []);

  return { ...state, send };
}
