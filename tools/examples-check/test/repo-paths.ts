import { fileURLToPath } from 'node:url';

/** The repository's root folder. */
export const repoRoot = fileURLToPath(new URL('../../../', import.meta.url));

/** The Python reference provider, relative to the repository root (as the README runs it). */
export const pythonProvider = 'examples/python-provider/xcap_provider.py';

/** The Java provider's folder, relative to the repository root. */
export const javaProviderDir = 'examples/java-provider';
