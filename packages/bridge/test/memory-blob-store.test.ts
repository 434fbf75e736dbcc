import { describe, expect, it } from 'vitest';
import { MemoryBlobStore } from '../src/memory-blob-store.js';

const bytes = (text: string) => new TextEncoder().encode(text);

describe('MemoryBlobStore', () => {
  it('numbers new files blob-1, blob-2, … per store instance', () => {
    const a = new MemoryBlobStore();
    const b = new MemoryBlobStore();
    expect(a.put('app.one', 'x.txt', 'text/plain', bytes('x'))).toBe('blob-1');
    expect(a.put('app.two', 'y.txt', 'text/plain', bytes('y'))).toBe('blob-2');
    expect(b.put('app.one', 'z.txt', 'text/plain', bytes('z'))).toBe('blob-1');
  });

  it('answers a stored file with its name and type', () => {
    const store = new MemoryBlobStore();
    const id = store.put('app.one', 'x.txt', 'text/plain', bytes('xyz'));
    expect(store.get('app.one', id)).toEqual({ bytes: bytes('xyz'), name: 'x.txt', mimeType: 'text/plain' });
    expect(store.get('app.one', 'blob-9')).toBeUndefined();
  });

  it('keeps every app to its own files', () => {
    const store = new MemoryBlobStore();
    const id = store.put('app.one', 'secret.txt', 'text/plain', bytes('secret'));
    store.seed('app.one', 'f1', bytes('mine'));
    expect(store.get('app.two', id)).toBeUndefined();
    expect(store.get('app.two', 'f1')).toBeUndefined();
    expect(store.list('app.two')).toEqual([]);
    store.remove('app.two', id);
    expect(store.get('app.one', id)).toBeDefined();
  });

  it('seeds existing files with optional meta and lists them in order', () => {
    const store = new MemoryBlobStore();
    store.seed('app.one', 'f1', bytes('hello'));
    store.seed('app.one', 'p1', bytes('%PDF-'), { name: 'a.pdf', mimeType: 'application/pdf' });
    store.put('app.one', 'n.txt', 'text/plain', bytes(''));
    expect(store.list('app.one')).toEqual([
      { fileId: 'f1', size: 5 },
      { fileId: 'p1', name: 'a.pdf', mimeType: 'application/pdf', size: 5 },
      { fileId: 'blob-1', name: 'n.txt', mimeType: 'text/plain', size: 0 },
    ]);
  });

  it('copies bytes on the way in', () => {
    const store = new MemoryBlobStore();
    const source = bytes('abc');
    const id = store.put('app.one', 'a', 'text/plain', source);
    source[0] = 0x7a;
    expect(store.get('app.one', id)?.bytes).toEqual(bytes('abc'));
  });

  it('removes a file', () => {
    const store = new MemoryBlobStore();
    const id = store.put('app.one', 'a', 'text/plain', bytes('a'));
    store.remove('app.one', id);
    expect(store.get('app.one', id)).toBeUndefined();
    store.remove('app.one', 'nothing');
    expect(store.list('app.one')).toEqual([]);
  });
});
