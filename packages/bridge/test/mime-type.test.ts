import { describe, expect, it } from 'vitest';
import { mimeTypeFor } from '../src/mime-type-for.js';
import { sniffMimeType } from '../src/sniff-mime-type.js';
import { catalog } from './fixture.js';

const pdf = new TextEncoder().encode('%PDF-1.7\n');
const jpeg = Uint8Array.of(0xff, 0xd8, 0xff, 0xe0, 0, 0x10);
const png = Uint8Array.of(0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a, 0, 0);
const gif = new TextEncoder().encode('GIF89a');
const hello = new TextEncoder().encode('hello');

describe('sniffMimeType', () => {
  it('knows PDF, JPEG, PNG and GIF by their first bytes', () => {
    expect(sniffMimeType(pdf)).toBe('application/pdf');
    expect(sniffMimeType(jpeg)).toBe('image/jpeg');
    expect(sniffMimeType(png)).toBe('image/png');
    expect(sniffMimeType(gif)).toBe('image/gif');
    expect(sniffMimeType(new TextEncoder().encode('GIF87a'))).toBe('image/gif');
  });

  it('answers null for other bytes, truncated signatures and no bytes', () => {
    expect(sniffMimeType(hello)).toBeNull();
    expect(sniffMimeType(new Uint8Array())).toBeNull();
    expect(sniffMimeType(new TextEncoder().encode('%PDF'))).toBeNull();
    expect(sniffMimeType(Uint8Array.of(0xff, 0xd8))).toBeNull();
    expect(sniffMimeType(png.subarray(0, 7))).toBeNull();
    expect(sniffMimeType(new TextEncoder().encode('GIF'))).toBeNull();
    expect(sniffMimeType(new TextEncoder().encode(' %PDF-'))).toBeNull();
  });

  it('reads a subarray from its own start', () => {
    const framed = new Uint8Array(20);
    framed.set(png, 4);
    expect(sniffMimeType(framed.subarray(4))).toBe('image/png');
  });
});

describe('mimeTypeFor', () => {
  it('takes the given type first', () => {
    expect(mimeTypeFor(catalog, { given: 'text/x-mine', name: 'a.pdf', bytes: png })).toBe('text/x-mine');
  });

  it('ignores an empty given type', () => {
    expect(mimeTypeFor(catalog, { given: '', name: 'a.csv', bytes: hello })).toBe('text/csv');
  });

  it('then the last extension of the name, case-insensitive', () => {
    expect(mimeTypeFor(catalog, { name: 'photo.JPG', bytes: hello })).toBe('image/jpeg');
    expect(mimeTypeFor(catalog, { name: 'archive.tar.zip', bytes: hello })).toBe('application/zip');
    expect(mimeTypeFor(catalog, { name: 'notes.md', bytes: pdf })).toBe('text/markdown');
  });

  it('then the sniffed type when the extension is unknown, empty or absent', () => {
    expect(mimeTypeFor(catalog, { name: 'scan', bytes: pdf })).toBe('application/pdf');
    expect(mimeTypeFor(catalog, { name: 'scan.', bytes: jpeg })).toBe('image/jpeg');
    expect(mimeTypeFor(catalog, { name: 'scan.bin', bytes: png })).toBe('image/png');
    expect(mimeTypeFor(catalog, { bytes: gif })).toBe('image/gif');
  });

  it('never takes an inherited object key for an extension', () => {
    expect(mimeTypeFor(catalog, { name: 'x.constructor', bytes: hello })).toBe('application/octet-stream');
    expect(mimeTypeFor(catalog, { name: 'x.__proto__', bytes: hello, isText: true })).toBe('text/plain');
  });

  it('then text/plain for a text, else application/octet-stream', () => {
    expect(mimeTypeFor(catalog, { name: 'README', bytes: hello, isText: true })).toBe('text/plain');
    expect(mimeTypeFor(catalog, { name: 'README', bytes: hello })).toBe('application/octet-stream');
    expect(mimeTypeFor(catalog, { name: 'blob.dat', bytes: new Uint8Array() })).toBe('application/octet-stream');
  });

  it('sniffs a text too, before text/plain (the spec orders sniffing first)', () => {
    expect(mimeTypeFor(catalog, { name: 'x', bytes: pdf, isText: true })).toBe('application/pdf');
  });
});
