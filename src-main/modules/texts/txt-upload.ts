// Runs in: main. A .txt upload to text: UTF-8 (BOM stripped) or UTF-16 with a BOM (converted); anything
// else is refused with a message rather than read as mojibake.
import { badRequest, payloadTooLarge } from '../../../src-shared/contract/errors';
import { TEXT_UPLOAD_MAX_BYTES } from '../../../src-shared/contract/texts';
import { readTextHeader } from '../../../src-shared/text/txt-header';
import { msg } from '../../../src-shared/contract/messages';

export interface DecodedTxt {
  title: string | null;
  text: string;
}

export function decodeTxt(data: Uint8Array, filename: string): DecodedTxt {
  if (!/\.(txt|text|md)$/i.test(filename)) throw badRequest(msg('text.notTxt', { name: filename }));
  if (data.length > TEXT_UPLOAD_MAX_BYTES) throw payloadTooLarge(msg('import.fileLargerThan', { mb: TEXT_UPLOAD_MAX_BYTES / 1024 / 1024 }));
  let decoded: string;
  if (data[0] === 0xff && data[1] === 0xfe) decoded = new TextDecoder('utf-16le').decode(data.subarray(2));
  else if (data[0] === 0xfe && data[1] === 0xff) decoded = new TextDecoder('utf-16be').decode(data.subarray(2));
  else {
    try {
      decoded = new TextDecoder('utf-8', { fatal: true, ignoreBOM: false }).decode(data);
    } catch {
      throw badRequest(msg('text.notUtf8'));
    }
  }
  if (decoded.includes('\u0000')) throw badRequest(msg('text.binary'));
  const { title, body } = readTextHeader(decoded);
  if (!body.trim()) throw badRequest(msg('text.empty'));
  return { title, text: body };
}
