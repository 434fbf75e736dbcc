import { describe, expect, it } from 'vitest';
import { createPrintProvider, type PrintRequest } from '../../src/providers/print-provider.js';
import { fakeBin, recordedCalls } from './provider-test-kit.js';

const job = { name: 'album.pdf', mimeType: 'application/pdf' as const, data: 'JVBERi0=' };

describe('createPrintProvider with a print picker', () => {
  it('asks the picker with the printers lpstat -e lists and prints to the chosen one with lp -d', async () => {
    const bin = fakeBin({ lp: 'cat > /dev/null; echo "request id is office-1"', lpstat: "printf 'office\\n\\nbad name\\nhome-laser\\n'" });
    const asked: PrintRequest[] = [];
    const print = createPrintProvider({
      env: bin.env,
      picker: (request) => {
        asked.push(request);
        return 'home-laser';
      },
    });
    expect(await print.print(job)).toEqual({ structuredContent: { printed: true } });
    expect(asked).toEqual([{ name: 'album.pdf', mimeType: 'application/pdf', printers: ['office', 'home-laser'] }]);
    expect(recordedCalls(bin.root, 'lpstat')).toEqual([['-e']]);
    expect(recordedCalls(bin.root, 'lp')).toEqual([['-d', 'home-laser', '-t', 'album.pdf']]);
  });

  it('answers printed false on cancel and pickerFailed for a printer not listed or a picker that throws; lp never runs', async () => {
    const bin = fakeBin({ lp: 'cat > /dev/null', lpstat: "echo 'office'" });
    expect(await createPrintProvider({ env: bin.env, picker: () => null }).print(job)).toEqual({ structuredContent: { printed: false } });
    expect(await createPrintProvider({ env: bin.env, picker: () => 'elsewhere' }).print(job)).toEqual({
      isError: 'pickerFailed: the picker did not answer a listed printer or null',
    });
    const throwing = createPrintProvider({
      env: bin.env,
      picker: () => {
        throw new Error('window closed');
      },
    });
    expect(await throwing.print(job)).toEqual({ isError: 'pickerFailed: window closed' });
    expect(recordedCalls(bin.root, 'lp')).toEqual([]);
  });

  it('lists no printers without lpstat (only Cancel can answer)', async () => {
    const bin = fakeBin({ lp: 'cat > /dev/null' });
    const asked: PrintRequest[] = [];
    const print = createPrintProvider({
      env: bin.env,
      lpstat: null,
      picker: (request) => {
        asked.push(request);
        return null;
      },
    });
    expect(await print.print(job)).toEqual({ structuredContent: { printed: false } });
    expect(asked[0]?.printers).toEqual([]);
  });
});
