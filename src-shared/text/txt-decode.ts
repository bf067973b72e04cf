// Runs in: any process. A .txt file to text: UTF-8 (BOM stripped) or UTF-16 with a BOM (converted); anything
// else is refused with a message rather than read as mojibake. The New text form reads a picked or dropped file
// with it (the learner then reviews the text, hard wraps included, before it is stored); texts.upload too.
import { badRequest, payloadTooLarge } from '../contract/errors';
import { TEXT_UPLOAD_MAX_BYTES } from '../contract/texts';
import { readTextHeader } from './txt-header';
import { msg } from '../contract/messages';

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
