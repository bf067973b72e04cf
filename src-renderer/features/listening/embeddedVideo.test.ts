// The YouTube embed protocol's pure parts: which messages carry the player's time and state, and the embed address.
import { describe, expect, it } from 'vitest';
import { DEFAULT_EMBED_BASE, embedBaseOf, embedUrl, youtubeInfoOf } from './embeddedVideo';

describe('youtubeInfoOf', () => {
  it('reads infoDelivery as the embed sends it (a JSON string) and as an object', () => {
    expect(youtubeInfoOf('{"event":"infoDelivery","info":{"currentTime":12.5,"playerState":1,"playbackRate":0.75},"id":1,"channel":"widget"}')).toEqual({
      currentTime: 12.5,
      playerState: 1,
      playbackRate: 0.75,
    });
    expect(youtubeInfoOf({ event: 'initialDelivery', info: { currentTime: 0, playerState: -1 } })).toEqual({ currentTime: 0, playerState: -1 });
    expect(youtubeInfoOf('{"event":"onStateChange","info":2}')).toEqual({ playerState: 2 });
  });

  it('ignores other events, broken JSON and odd values', () => {
    expect(youtubeInfoOf('{"event":"onReady","info":null}')).toBeNull();
    expect(youtubeInfoOf('{"event":"infoDelivery"')).toBeNull();
    expect(youtubeInfoOf(42)).toBeNull();
    expect(youtubeInfoOf({ event: 'infoDelivery', info: { currentTime: 'x', playbackRate: -1, videoData: {} } })).toEqual({});
  });
});

describe('embed address', () => {
  it('takes an http(s) setting without its trailing slash, else YouTube without cookies', () => {
    expect(embedBaseOf('http://127.0.0.1:4000/embed/')).toBe('http://127.0.0.1:4000/embed');
    expect(embedBaseOf('')).toBe(DEFAULT_EMBED_BASE);
    expect(embedBaseOf('javascript:alert(1)')).toBe(DEFAULT_EMBED_BASE);
    expect(embedBaseOf(undefined)).toBe(DEFAULT_EMBED_BASE);
  });

  it('switches the JS API on and names the parent origin (not for file: or custom schemes)', () => {
    expect(embedUrl(DEFAULT_EMBED_BASE, 'abcdefghijk', 'http://127.0.0.1:3000')).toBe(
      'https://www.youtube-nocookie.com/embed/abcdefghijk?enablejsapi=1&playsinline=1&origin=http%3A%2F%2F127.0.0.1%3A3000',
    );
    expect(embedUrl(DEFAULT_EMBED_BASE, 'abcdefghijk', 'null')).toBe('https://www.youtube-nocookie.com/embed/abcdefghijk?enablejsapi=1&playsinline=1');
  });
});
