/** What a consent nonce may be: 16 to 128 of `A-Z a-z 0-9 _ -` (base64url), so every store keeps it as it is. */
export const consentNonceRule = /^[A-Za-z0-9_-]{16,128}$/;
