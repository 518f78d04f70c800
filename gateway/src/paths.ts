/** A percent-encoded slash, backslash or dot, also when its % is itself encoded (`%252e`). */
const ENCODED_SEPARATOR = /%(?:25)*(?:2f|5c|2e)/i;

/**
 * Whether a request's address is in the one form the gateway routes on and every service reads
 * the same way. Anything else could mean one thing here and another behind the proxy: a
 * backslash is read as `/` by URL parsers, an encoded slash or dot turns into one once decoded,
 * and dot or empty segments move a path out of the prefix the gateway routed it by.
 */
export function isCanonicalPath(url: string): boolean {
  const query = url.indexOf('?');
  const path = query === -1 ? url : url.slice(0, query);
  if (!path.startsWith('/') || path.includes('\\') || path.includes('#')) return false;
  if (ENCODED_SEPARATOR.test(path)) return false;
  const segments = path.slice(1).split('/');
  return segments.every(
    (segment, index) =>
      segment !== '.' && segment !== '..' && (segment !== '' || index === segments.length - 1),
  );
}
