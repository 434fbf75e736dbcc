/** xcap pdf: the engine's byte-exact A4 PDF writer behind print_pdf. */
export {};
