import { describe, expect, it } from 'vitest';
import { framingOf } from './service';

describe('framingOf: may the word panel frame this answer?', () => {
  it('yes without X-Frame-Options or frame-ancestors, or with frame-ancestors *', () => {
    expect(framingOf({})).toEqual({ embeddable: true });
    expect(framingOf({ 'content-security-policy': "default-src 'self'" })).toEqual({ embeddable: true });
    expect(framingOf({ 'content-security-policy': "default-src 'self'; frame-ancestors *" })).toEqual({ embeddable: true });
  });
  it('no with X-Frame-Options (DENY, SAMEORIGIN) or a frame-ancestors list, saying which header', () => {
    expect(framingOf({ 'x-frame-options': 'DENY' })).toEqual({ embeddable: false, reason: 'The site forbids embedding (X-Frame-Options: DENY)' });
    expect(framingOf({ 'x-frame-options': 'SAMEORIGIN' }).embeddable).toBe(false);
    expect(framingOf({ 'content-security-policy': "frame-ancestors 'self' https://x.org" })).toEqual({
      embeddable: false,
      reason: "The site forbids embedding (frame-ancestors 'self' https://x.org)",
    });
    expect(framingOf({ 'content-security-policy': ["script-src 'self'", "frame-ancestors 'none'"] }).embeddable).toBe(false);
  });
});
