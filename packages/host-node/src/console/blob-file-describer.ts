import type { BlobStore } from '@xcap/bridge';
import type { DescribeFile } from '@xcap/console';

/** The largest PDF whose pages are counted for a sheet, in bytes (a larger one is named without a page count). */
export const maxCountedPdfBytes = 16 * 1024 * 1024;

/**
 * The console's `describeFile` over the host's blob store: an app's file by
 * its stored name (`a file without a name` when it has none), its size and
 * its media type, and for a PDF of at most `maxCountedPdfBytes` its page
 * count when the page objects can be read plainly (`pdfPages`).
 */
export function blobFileDescriber(blobs: BlobStore): DescribeFile {
  return async (fileId, app) => {
    const blob = await blobs.get(app, fileId);
    if (blob === undefined) return undefined;
    const pages = blob.mimeType === 'application/pdf' && blob.bytes.byteLength <= maxCountedPdfBytes ? pdfPages(blob.bytes) : undefined;
    return {
      name: blob.name ?? 'a file without a name',
      size: blob.bytes.byteLength,
      ...(blob.mimeType === undefined ? {} : { mimeType: blob.mimeType }),
      ...(pages === undefined ? {} : { pages }),
    };
  };
}

/** The `/Type /Page` objects of a PDF, or `undefined` when none is written plainly (in compressed object streams, or not a PDF). */
export function pdfPages(bytes: Uint8Array): number | undefined {
  const text = Buffer.from(bytes.buffer, bytes.byteOffset, bytes.byteLength).toString('latin1');
  if (!text.startsWith('%PDF-')) return undefined;
  const count = text.match(/\/Type\s*\/Page(?![A-Za-z])/g)?.length ?? 0;
  return count === 0 ? undefined : count;
}
