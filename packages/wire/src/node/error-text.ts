/** A short text for a caught value: an errno code when it has one (`ENOENT`), else its message. */
export function errorText(error: unknown): string {
  if (error instanceof Error) {
    const code = (error as NodeJS.ErrnoException).code;
    return typeof code === 'string' ? code : error.message;
  }
  return String(error);
}
