/** The rule of `tokenNamePattern` in words, as every message about a bad token name ends. */
export const tokenNameRule = '1 to 64 of A-Z a-z 0-9 . _ -, starting with a letter or digit';
