// The product's own numbers (docs/product.md, Limits and timings). Exact values: do not tune.
export const TRIAL_DAYS = 30;
export const PREMIUM_PRICE_POUNDS_PER_MONTH = 5;
export const FREE_PRICE_POUNDS = 0;
export const OTP_LENGTH = 6;
export const PAGE_SIZE = 25;
export const MAX_PAGE_SIZE = 100;
export const SEARCH_DEBOUNCE_MS = 300;
export const INFINITE_SCROLL_MARGIN_PX = 200;
export const INFINITE_SCROLL_THRESHOLD = 0.5;
export const NARROW_SCREEN_BREAKPOINT_PX = 768;
export const LOGIN_REDIRECT_DELAY_MS = 500;
export const AVATAR_MAX_SHARED = 4;
export const SUBSCRIPTION_CACHE_MS = 1_800_000;
export const SUBSCRIPTION_MIN_INTERVAL_MS = 5_000;
export const SUBSCRIPTION_MAX_CONSECUTIVE_FAILURES = 3;
export const AUTH_STATUS_THROTTLE_MS = 1_000;
export const TITLE_AUTOSAVE_DEBOUNCE_MS = 1_500;
export const NOTES_AUTOSAVE_IDLE_MS = 5_000;
export const IMAGE_RESIZE_SAVE_DELAY_MS = 1_500;
export const TIME_STEP_MINUTES = 15;
export const TIME_CHOICES_PER_DAY = (24 * 60) / TIME_STEP_MINUTES;
export const NOTES_EDITOR_MIN_HEIGHT_PX = 400;
export const TOAST_MAX_VISIBLE = 1;
export const TOAST_DURATION_MS = 5_000;
/** A toast offering Undo stays longer: the user has to read it and reach its button. */
export const UNDO_TOAST_DURATION_MS = 10_000;
export const TOOLTIP_DELAY_MS = 700;
export const TOOLTIP_SKIP_DELAY_MS = 300;
export const PRIVACY_STATEMENT_DATE = 'August 13, 2025';
export const THEME_STORAGE_KEY = 'ui-theme';

// Server-side limits (the product leaves them to us).
export const OTP_TTL_MS = 10 * 60 * 1000;
export const OTP_MAX_ATTEMPTS = 5;
export const TITLE_MAX_LENGTH = 200;
/** A meeting's length in minutes: the default, and the range in steps of 15. */
export const MEETING_DURATION = { default: 30, min: 15, max: 480, step: 15 } as const;
export const RECURRENCE_MAX_LENGTH = 300;
export const EMAIL_MAX_LENGTH = 254;
export const AGENDA_TEXT_MAX_LENGTH = 1_000;
export const ACTION_TEXT_MAX_LENGTH = 2_000;
export const NOTES_MAX_LENGTH = 3_000_000;
export const SEARCH_MAX_LENGTH = 200;
export const MAX_SHARED_WITH = 200;
export const MAX_AGENDA_ITEMS = 500;
export const MAX_ACTION_ITEMS = 500;
/** Request bodies above this size are refused by the gateway and by every service. */
export const MAX_BODY_BYTES = 4 * 1024 * 1024;
/** At most one recap of a meeting per this many minutes. */
export const RECAP_INTERVAL_MINUTES = 10;
/** Notes longer than this (sanitised, without images) are left out of a recap mail. */
export const RECAP_NOTES_MAX_LENGTH = 200_000;

/** What a person a meeting is shared with may do: read (and tick actions), or edit too. */
export const SHARE_ROLES = ['viewer', 'editor'] as const;

/** The actions list's due-date filters, apart from the schemas: the actions page loads no zod. */
export const DUE_FILTERS = ['overdue', 'today', 'week', 'none'] as const;
export type DueFilter = (typeof DUE_FILTERS)[number];
