import { randomUUID } from 'node:crypto';
import type { Method } from '../security/registered-routes.js';
import type { Fixture, Plan } from '../security/world.js';

/**
 * THE access matrix: every public /api route against every persona, and what each must get.
 * Tests are generated from it (access.spec.ts), and CI fails when a route the services register
 * is missing here, or a row names a route nobody registers.
 */

/**
 * What a call must answer: the status, the error code where it matters, and for lists whether the
 * persona's meeting (its id or its action's hashtag) is in them.
 */
export interface Outcome {
  status: number;
  code?: string;
  lists?: boolean;
}

export const OK: Outcome = { status: 200 };
export const CREATED: Outcome = { status: 201 };
export const LISTED: Outcome = { status: 200, lists: true };
export const NOT_LISTED: Outcome = { status: 200, lists: false };
export const SIGNED_OUT: Outcome = { status: 401, code: 'UNAUTHENTICATED' };
export const WRONG_CODE: Outcome = { status: 401, code: 'AUTH_INVALID_CODE' };
export const DENIED: Outcome = { status: 403, code: 'MEETING_ACCESS_DENIED' };
export const READ_ONLY: Outcome = { status: 403, code: 'MEETING_READ_ONLY' };
export const NOT_ENTITLED: Outcome = { status: 403, code: 'MEETING_NOT_ENTITLED' };
export const BAD_LINK: Outcome = { status: 400, code: 'VALIDATION_FAILED' };
export const NO_ACTION_DELETE: Outcome = { status: 403, code: 'MEETING_ACTION_PERMISSION_DENIED' };
export const NOT_RECURRING: Outcome = { status: 400, code: 'MEETING_NOT_RECURRING' };
export const NO_FEED: Outcome = { status: 404, code: 'MEETING_CALENDAR_FEED_NOT_FOUND' };

/** One row per persona, in this order. */
export type Outcomes = readonly [
  signedOut: Outcome,
  owner: Outcome,
  downgradedOwner: Outcome,
  sharedUser: Outcome,
  revokedUser: Outcome,
  payingStranger: Outcome,
  freeStranger: Outcome,
];

export interface CallContext {
  /** The meeting this persona acts on (the downgraded owner: their own; everyone else: the owner's). */
  target: Fixture;
  /** The caller's own e-mail and plan (signed out: a fresh address, no plan). */
  email: string;
  plan: Plan | null;
  /** Every target meeting is shared with the shared user. */
  sharedUserEmail: string;
}

export interface Call {
  /** The concrete path, query string included. */
  url: string;
  body?: unknown;
}

export interface MatrixRow {
  method: Method;
  /** As the service registers it. */
  route: string;
  /** When one route is called in more than one way (a tick is not an edit). */
  variant?: string;
  call(c: CallContext): Call;
  outcomes: Outcomes;
  /** A success changes or deletes the meeting: the entitled owner gets a fresh one each time. */
  writes?: boolean;
  /** The call ends the session it is made with: each persona makes it from a second session. */
  endsSession?: boolean;
}

const m = (c: CallContext) => `/api/meetings/${c.target.meetingId}`;
const search = (c: CallContext) => encodeURIComponent(c.target.title);

//                                signedOut   owner    downgraded     shared     revoked  paying   free
const READ: Outcomes = /*      */ [
  SIGNED_OUT,
  OK,
  /* */ OK,
  /*    */ OK,
  /*   */ DENIED,
  DENIED,
  DENIED,
];
const TICK: Outcomes = READ;
const EDIT: Outcomes = /*      */ [
  SIGNED_OUT,
  OK,
  /* */ NOT_ENTITLED,
  READ_ONLY,
  DENIED,
  DENIED,
  DENIED,
];
const ANY_USER: Outcomes = /*  */ [
  SIGNED_OUT,
  OK,
  /* */ OK,
  /*    */ OK,
  /*   */ OK,
  /**/ OK,
  /**/ OK,
];
const ANYONE: Outcomes = /*    */ [
  OK,
  /*    */ OK,
  /* */ OK,
  /*    */ OK,
  /*   */ OK,
  /**/ OK,
  /**/ OK,
];
const LIST: Outcomes = /*      */ [
  SIGNED_OUT,
  LISTED,
  LISTED,
  /**/ LISTED,
  NOT_LISTED,
  NOT_LISTED,
  NOT_LISTED,
];

export const ACCESS_MATRIX: readonly MatrixRow[] = [
  // ---------- svc-auth ----------
  {
    method: 'POST',
    route: '/api/auth/request-otp',
    call: () => ({
      url: '/api/auth/request-otp',
      body: { email: `new-${randomUUID()}@example.com` },
    }),
    outcomes: ANYONE,
  },
  {
    method: 'POST',
    route: '/api/auth/validate-otp',
    variant: 'a code never sent',
    call: (c) => ({ url: '/api/auth/validate-otp', body: { email: c.email, code: '000000' } }),
    outcomes: [WRONG_CODE, WRONG_CODE, WRONG_CODE, WRONG_CODE, WRONG_CODE, WRONG_CODE, WRONG_CODE],
  },
  {
    method: 'POST',
    route: '/api/auth/logout',
    call: () => ({ url: '/api/auth/logout', body: {} }),
    outcomes: ANY_USER,
    endsSession: true,
  },
  {
    method: 'GET',
    route: '/api/auth/status',
    call: () => ({ url: '/api/auth/status' }),
    outcomes: ANY_USER,
  },
  {
    method: 'POST',
    route: '/api/auth/accept-privacy',
    call: () => ({ url: '/api/auth/accept-privacy', body: {} }),
    outcomes: ANY_USER,
  },
  {
    method: 'GET',
    route: '/api/auth/privacy-status',
    call: () => ({ url: '/api/auth/privacy-status' }),
    outcomes: ANY_USER,
  },
  {
    method: 'PUT',
    route: '/api/auth/time-zone',
    call: () => ({ url: '/api/auth/time-zone', body: { timeZone: 'Pacific/Auckland' } }),
    outcomes: ANY_USER,
  },

  {
    method: 'GET',
    route: '/api/auth/mail-settings',
    call: () => ({ url: '/api/auth/mail-settings' }),
    outcomes: ANY_USER,
  },
  {
    method: 'PUT',
    route: '/api/auth/mail-settings',
    call: () => ({ url: '/api/auth/mail-settings', body: { dailyDigest: true } }),
    outcomes: ANY_USER,
  },
  // The digest's unsubscribe link works without a session: its token is the whole authority, so
  // a session changes nothing and a token that is not valid is refused for everyone.
  {
    method: 'GET',
    route: '/api/auth/unsubscribe',
    variant: 'a token that is not valid',
    call: () => ({ url: '/api/auth/unsubscribe?token=not-a-token' }),
    outcomes: [BAD_LINK, BAD_LINK, BAD_LINK, BAD_LINK, BAD_LINK, BAD_LINK, BAD_LINK],
  },
  {
    method: 'POST',
    route: '/api/auth/unsubscribe',
    variant: 'a token that is not valid',
    call: (c) => ({
      url: `/api/auth/unsubscribe?token=${Buffer.from(c.email).toString('base64url')}.${'A'.repeat(43)}`,
      body: {},
    }),
    outcomes: [BAD_LINK, BAD_LINK, BAD_LINK, BAD_LINK, BAD_LINK, BAD_LINK, BAD_LINK],
  },

  // ---------- svc-subscription (under /api/auth in the product's API) ----------
  {
    method: 'GET',
    route: '/api/auth/subscription-status',
    call: () => ({ url: '/api/auth/subscription-status' }),
    outcomes: ANY_USER,
  },
  {
    method: 'POST',
    route: '/api/auth/acknowledge-trial',
    call: () => ({ url: '/api/auth/acknowledge-trial', body: {} }),
    outcomes: ANY_USER,
  },
  {
    method: 'POST',
    route: '/api/auth/update-subscription',
    variant: 'to the plan the caller has',
    call: (c) => ({ url: '/api/auth/update-subscription', body: { status: c.plan ?? 'paid' } }),
    outcomes: ANY_USER,
  },

  // ---------- svc-meetings ----------
  {
    method: 'GET',
    route: '/api/meetings',
    call: (c) => ({ url: `/api/meetings?title=${search(c)}` }),
    outcomes: LIST,
  },
  {
    method: 'POST',
    route: '/api/meetings/create',
    call: () => ({ url: '/api/meetings/create', body: { title: 'Created by the matrix' } }),
    //         signedOut   owner    downgraded    shared   revoked  paying   free
    outcomes: [SIGNED_OUT, CREATED, NOT_ENTITLED, CREATED, CREATED, CREATED, NOT_ENTITLED],
  },
  { method: 'GET', route: '/api/meetings/:id', call: (c) => ({ url: m(c) }), outcomes: READ },
  {
    method: 'GET',
    route: '/api/meetings/:id/previous-actions',
    call: (c) => ({ url: `${m(c)}/previous-actions?showCompleted=true` }),
    outcomes: READ,
  },
  {
    method: 'PUT',
    route: '/api/meetings/:id/update-info',
    call: (c) => ({
      url: `${m(c)}/update-info`,
      body: { title: 'Renamed', date: '2030-01-02T10:15:00.000Z' },
    }),
    outcomes: EDIT,
    writes: true,
  },
  {
    method: 'DELETE',
    route: '/api/meetings/:id/delete',
    call: (c) => ({ url: `${m(c)}/delete` }),
    outcomes: EDIT,
    writes: true,
  },
  {
    method: 'POST',
    route: '/api/meetings/:id/duplicate',
    call: (c) => ({
      url: `${m(c)}/duplicate`,
      body: {
        title: 'Next week',
        date: '2030-01-09T10:00:00.000Z',
        includeShared: true,
        agendaOption: 'all',
        includeNotes: true,
        actionsOption: 'move-incomplete',
      },
    }),
    outcomes: [SIGNED_OUT, CREATED, NOT_ENTITLED, READ_ONLY, DENIED, DENIED, DENIED],
    writes: true,
  },
  {
    method: 'POST',
    route: '/api/meetings/:id/next-occurrence',
    // The targets do not repeat: the owner is told so, after the checks every edit has.
    call: (c) => ({ url: `${m(c)}/next-occurrence` }),
    outcomes: [SIGNED_OUT, NOT_RECURRING, NOT_ENTITLED, READ_ONLY, DENIED, DENIED, DENIED],
  },
  {
    method: 'GET',
    route: '/api/meetings/:id/live',
    call: (c) => ({ url: `${m(c)}/live` }),
    outcomes: READ,
  },
  {
    method: 'GET',
    route: '/api/meetings/:id/calendar.ics',
    call: (c) => ({ url: `${m(c)}/calendar.ics` }),
    outcomes: READ,
  },
  {
    method: 'GET',
    route: '/api/calendar/feed-url',
    call: () => ({ url: '/api/calendar/feed-url' }),
    outcomes: ANY_USER,
  },
  {
    method: 'POST',
    route: '/api/calendar/feed-url/rotate',
    call: () => ({ url: '/api/calendar/feed-url/rotate' }),
    outcomes: ANY_USER,
  },
  {
    method: 'GET',
    route: '/api/calendar/feed/:token/meetings.ics',
    // Read without a session: only a token a user was given opens a feed.
    call: () => ({ url: `/api/calendar/feed/${'A'.repeat(43)}/meetings.ics` }),
    outcomes: [NO_FEED, NO_FEED, NO_FEED, NO_FEED, NO_FEED, NO_FEED, NO_FEED],
  },
  {
    method: 'PUT',
    route: '/api/meetings/:id/add-shared-user',
    call: (c) => ({
      url: `${m(c)}/add-shared-user`,
      body: { email: `guest-${randomUUID()}@example.org` },
    }),
    outcomes: EDIT,
    writes: true,
  },
  {
    method: 'PUT',
    route: '/api/meetings/:id/remove-shared-user',
    call: (c) => ({ url: `${m(c)}/remove-shared-user`, body: { email: c.sharedUserEmail } }),
    outcomes: EDIT,
    writes: true,
  },
  {
    method: 'PUT',
    route: '/api/meetings/:id/add-agenda-item',
    call: (c) => ({ url: `${m(c)}/add-agenda-item`, body: { text: 'Budget', completed: false } }),
    outcomes: EDIT,
    writes: true,
  },
  {
    method: 'PUT',
    route: '/api/meetings/:id/restore-agenda-item',
    call: (c) => ({
      url: `${m(c)}/restore-agenda-item`,
      body: { text: 'AOB', completed: true, order: 1 },
    }),
    outcomes: EDIT,
    writes: true,
  },
  {
    method: 'PUT',
    route: '/api/meetings/:id/update-agenda-item/:itemId',
    call: (c) => ({
      url: `${m(c)}/update-agenda-item/${c.target.agendaItemId}`,
      body: { text: 'Review risks and issues', completed: true },
    }),
    outcomes: EDIT,
    writes: true,
  },
  {
    method: 'PUT',
    route: '/api/meetings/:id/update-agenda-order',
    call: (c) => ({
      url: `${m(c)}/update-agenda-order`,
      body: { agenda: [{ _id: c.target.agendaItemId, order: 5 }] },
    }),
    outcomes: EDIT,
    writes: true,
  },
  {
    method: 'DELETE',
    route: '/api/meetings/:id/delete-agenda-item/:itemId',
    call: (c) => ({ url: `${m(c)}/delete-agenda-item/${c.target.agendaItemId}` }),
    outcomes: EDIT,
    writes: true,
  },
  {
    method: 'PUT',
    route: '/api/meetings/:id/update-notes',
    call: (c) => ({
      url: `${m(c)}/update-notes`,
      body: { notes: '<p><strong>Decided</strong></p>' },
    }),
    outcomes: EDIT,
    writes: true,
  },
  {
    method: 'PUT',
    route: '/api/meetings/:id/add-action-item',
    call: (c) => ({ url: `${m(c)}/add-action-item`, body: { text: 'Book room #admin' } }),
    outcomes: EDIT,
    writes: true,
  },
  {
    method: 'PUT',
    route: '/api/meetings/:id/restore-action-item',
    call: (c) => ({
      url: `${m(c)}/restore-action-item`,
      body: { text: 'Send minutes #followup', completed: false, order: 1, dueDate: '2030-01-10' },
    }),
    outcomes: EDIT,
    writes: true,
  },
  {
    method: 'PUT',
    route: '/api/meetings/:id/update-action-item/:itemId',
    variant: 'edit the text',
    call: (c) => ({
      url: `${m(c)}/update-action-item/${c.target.actionId}`,
      body: { text: 'Send minutes today #followup' },
    }),
    outcomes: EDIT,
    writes: true,
  },
  {
    method: 'PUT',
    route: '/api/meetings/:id/update-action-item/:itemId',
    variant: 'tick',
    call: (c) => ({
      url: `${m(c)}/update-action-item/${c.target.actionId}`,
      body: { completed: true },
    }),
    outcomes: TICK,
  },
  {
    method: 'PUT',
    route: '/api/meetings/:id/update-action-order',
    call: (c) => ({
      url: `${m(c)}/update-action-order`,
      body: { actions: [{ id: c.target.actionId, _id: c.target.actionId, order: 3 }] },
    }),
    outcomes: EDIT,
    writes: true,
  },
  {
    method: 'DELETE',
    route: '/api/meetings/:id/delete-action-item/:itemId',
    call: (c) => ({ url: `${m(c)}/delete-action-item/${c.target.actionId}` }),
    // Deleting an action has its own refusal for those who can see the meeting.
    outcomes: [SIGNED_OUT, OK, NO_ACTION_DELETE, NO_ACTION_DELETE, DENIED, DENIED, DENIED],
    writes: true,
  },
  {
    method: 'GET',
    route: '/api/meetings/:id/export.md',
    call: (c) => ({ url: `${m(c)}/export.md` }),
    outcomes: READ,
  },
  // A recap is allowed once per 10 minutes: the entitled owner sends it on a fresh meeting.
  {
    method: 'POST',
    route: '/api/meetings/:id/send-recap',
    call: (c) => ({ url: `${m(c)}/send-recap`, body: {} }),
    outcomes: EDIT,
    writes: true,
  },

  // Under /api/actions, but a change to a meeting: the gateway sends it to svc-meetings.
  {
    method: 'PUT',
    route: '/api/actions/:meetingId/action/:actionId/status',
    call: (c) => ({
      url: `/api/actions/${c.target.meetingId}/action/${c.target.actionId}/status`,
      body: { completed: true },
    }),
    outcomes: TICK,
  },

  // ---------- svc-actions ----------
  {
    method: 'GET',
    route: '/api/actions',
    call: (c) => ({ url: `/api/actions?showCompleted=true&search=${search(c)}` }),
    outcomes: LIST,
  },
  {
    // A number, not a list: that it counts only what the caller may see is svc-actions' test.
    method: 'GET',
    route: '/api/actions/count',
    call: (c) => ({ url: `/api/actions/count?showCompleted=true&search=${search(c)}` }),
    outcomes: ANY_USER,
  },
  {
    method: 'GET',
    route: '/api/actions/hashtags',
    call: (c) => ({ url: `/api/actions/hashtags?q=${c.target.tag}` }),
    outcomes: LIST,
  },
];

/** `/api/meetings/:id/update-info` → a pattern concrete paths of that route match. */
export function routePattern(route: string): RegExp {
  return new RegExp(`^${route.replace(/:\w+/g, '[^/?]+')}(\\?.*)?$`);
}
