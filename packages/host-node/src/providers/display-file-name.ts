/**
 * The characters a file name shown to an app or written into a folder must
 * not carry: NUL and the other C0 control characters, DEL, `/`, `\`, and
 * the bidirectional controls U+202A–U+202E and U+2066–U+2069 (they make
 * `invoice` + U+202E + `fdp.exe` show as `invoiceexe.pdf`).
 */
export const unsafeNameChars = /[\u0000-\u001f\u007f/\\\u202a-\u202e\u2066-\u2069]/g;

/** `name` with each of the `unsafeNameChars` replaced by `-`: how a file name the host did not choose is shown to an app. */
export function displayFileName(name: string): string {
  return name.replace(unsafeNameChars, '-');
}
