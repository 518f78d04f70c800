/** The first non-empty value of any of the named cookies in a Cookie header. */
export function cookieValue(
  header: string | undefined,
  names: readonly string[],
): string | undefined {
  if (!header) return undefined;
  for (const part of header.split(';')) {
    const [name, ...rest] = part.trim().split('=');
    if (name && names.includes(name) && rest.length > 0) {
      const value = rest.join('=');
      if (value) return value;
    }
  }
  return undefined;
}
