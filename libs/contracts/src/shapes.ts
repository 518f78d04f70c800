/**
 * The product's e-mail shape: something@something.something with no spaces. Written so no
 * two quantifiers can trade characters (the domain's first dot after its first character splits
 * it one way only): checking takes time linear in the input, whatever the input.
 */
export const EMAIL_SHAPE = /^[^\s@]+@[^\s@][^\s@.]*\.[^\s@]+$/;

/**
 * What a browser's `<input type="email">` accepts (the WHATWG rule): addresses that fit the
 * product's shape but that no mail server takes (`a@b..co`, `d@&.#,b"!`) are refused before
 * a code is sent, so a send never fails on the format. Its labels' quantifiers are bounded (63
 * characters) and separated by dots, so it is linear too.
 */
export const BROWSER_EMAIL =
  /^[a-zA-Z0-9.!#$%&'*+/=?^_`{|}~-]+@[a-zA-Z0-9](?:[a-zA-Z0-9-]{0,61}[a-zA-Z0-9])?(?:\.[a-zA-Z0-9](?:[a-zA-Z0-9-]{0,61}[a-zA-Z0-9])?)*$/;

const MEETING_DATES_FROM = Date.UTC(1970, 0, 1);
const MEETING_DATES_BEFORE = Date.UTC(2101, 0, 1);

/** Whether a meeting may be on `date`: 1970 to 2100 (a year typed as "26" is a typo, not 0026). */
export function isMeetingDate(date: Date): boolean {
  const time = date.getTime();
  return time >= MEETING_DATES_FROM && time < MEETING_DATES_BEFORE;
}
