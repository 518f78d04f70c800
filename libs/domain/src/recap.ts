/** Who a meeting's recap goes to: the owner, then the shared list, each address once. */
export function recapRecipients(ownerEmail: string, sharedWith: readonly string[]): string[] {
  return [...new Set([ownerEmail, ...sharedWith].map((email) => email.toLowerCase()))];
}
