/** The audit `client` of the calls a token makes: `token:<name>`. */
export function tokenClient(name: string): string {
  return `token:${name}`;
}
